import { screen, waitFor, within } from '@testing-library/react';
import { setupApiServer } from '../../../test/apiServer';
import { createMemoryRouter } from 'react-router';
import { renderRouter, renderWithProviders } from '../../../test/renderWithProviders';
import { signedInStore } from '../../../test/sessionStore';
import { makeToken } from '../../../test/tokens';
import { formatVenueDateTime } from '../../../lib/venueTime';
import TagMomentsScreen, { eventEndedNotice } from './TagMomentsScreen';
import {
  answer,
  apiEvent,
  HERE,
  HOUR,
  liveTagEvent,
  locationState,
  MINUTE,
  serveNearby,
  serveTextSearch,
  tagMomentsOptions,
} from '../../../test/data/tagMomentsTestData';
import { selectCreatedTags, selectTagEvent } from '../model/tagsSlice';
import { TAG_CHOICE_GRACE_MS } from '../model/tagChoicePolicy';
import { createdTag, tagEvent } from '../../../test/data/tagTestData';

setupApiServer();

const show = (options = tagMomentsOptions()) => renderWithProviders(<TagMomentsScreen />, options);
/** As the app runs it: the store's sagas on (the choice's timer is tagChoiceSaga's). */
function showLive(options = tagMomentsOptions()) {
  const { session: _session, ...rest } = options.preloadedState;
  const { store } = signedInStore(makeToken({}), { preloadedState: rest });
  const router = createMemoryRouter([{ path: '*', element: <TagMomentsScreen /> }], { initialEntries: [options.route] });
  return { store, ...renderRouter(store, router) };
}
const tagNowButton = () => screen.getByRole('button', { name: /^(TAG NOW|Creating Tag\.\.\.)$/ });

beforeEach(() => localStorage.clear());

describe('TagMomentsScreen', () => {
  it('heading, subtitle and the hint to start', async () => {
    serveNearby(() => answer([]));
    show();
    expect(screen.getByRole('heading', { level: 1, name: 'Tag Moments' })).toBeInTheDocument();
    expect(screen.getByText('Tag important moments during live events')).toBeInTheDocument();
    expect(screen.getByText('Select an event and enable location to start tagging')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'TAG NOW' })).not.toBeInTheDocument();
    await screen.findByText('No current events found in your area');
  });

  it('picking a nearby live event closes the panel, shows TAG NOW and the event in the hint', async () => {
    serveNearby(() => answer([{ ...apiEvent('live', 'Pickup game', 30 * MINUTE), distance: 0.4 }]));
    const { user, store } = show();
    const list = await screen.findByRole('list', { name: 'Live events near you' });
    expect(within(list).getByRole('button')).toHaveTextContent(/Pickup game.*Soldier Field · 0\.4 mi/);
    await user.click(within(list).getByRole('button', { name: /Pickup game/ }));

    expect(selectTagEvent(store.getState())).toMatchObject({ id: 'live', name: 'Pickup game' });
    expect(screen.getByRole('button', { name: 'Select Current Event' })).toHaveAttribute('aria-expanded', 'false');
    const chosen = screen.getByRole('group', { name: 'Selected event' });
    expect(chosen).toHaveTextContent('Pickup game');
    expect(screen.getByText('Tagging for: Pickup game')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'TAG NOW' })).toBeEnabled();
    expect(screen.getByPlaceholderText('Brief description of the moment...')).toBeInTheDocument();

    // Change opens the panel again; the event stays chosen until another is picked.
    await user.click(within(chosen).getByRole('button', { name: 'Change' }));
    expect(screen.getByRole('button', { name: 'Select Current Event' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Tagging for: Pickup game')).toBeInTheDocument();
  });

  it('TAG NOW: the tag is listed at once with the location, the description cleared; a second tap is a second tag', async () => {
    serveNearby(() => answer([]));
    const { user, store } = show(tagMomentsOptions({ selectedEvent: liveTagEvent() }));
    await user.type(screen.getByRole('textbox', { name: 'Description (optional)' }), '  Goal by #9 ');
    await user.click(tagNowButton());

    expect(screen.getByRole('textbox', { name: 'Description (optional)' })).toHaveValue('');
    const first = selectCreatedTags(store.getState());
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({
      eventId: tagEvent.id,
      description: 'Goal by #9',
      location: { latitude: HERE.latitude, longitude: HERE.longitude },
      status: 'sending',
    });
    expect(Math.abs(Date.parse(first[0]!.timestamp) - Date.now())).toBeLessThan(5_000);

    // 'Creating Tag...' while on its way, and still a button to press.
    expect(tagNowButton()).toHaveTextContent('Creating Tag...');
    expect(tagNowButton()).toBeEnabled();
    await user.click(tagNowButton());
    expect(selectCreatedTags(store.getState())).toHaveLength(2);
    expect(selectCreatedTags(store.getState())[0]?.description).toBeNull();
    expect(screen.getByRole('heading', { name: 'Created Tags (2)' })).toBeInTheDocument();
    expect(screen.getAllByText('Sending…')).toHaveLength(2);
  });

  it('a tag without a location when none is known', async () => {
    const { user, store } = show(
      tagMomentsOptions({
        selectedEvent: liveTagEvent(),
        location: locationState({ status: 'error', location: null, message: 'Location request timed out.' }),
      }),
    );
    await user.click(tagNowButton());
    expect(selectCreatedTags(store.getState())[0]).toMatchObject({ location: null, status: 'sending' });
  });

  it('the tags kept on this device: time and date on the venue clock, status, Retry and Discard', async () => {
    serveNearby(() => answer([]));
    const sent = createdTag({
      clientId: 'c-sent',
      status: 'sent',
      serverId: 's-1',
      description: 'Corner',
      timestamp: '2026-11-23T18:30:05.000Z',
    });
    const failed = createdTag({
      clientId: 'c-failed',
      status: 'failed',
      error: 'Event not found',
      timestamp: '2026-11-23T18:29:00.000Z',
    });
    const { user, store } = show(tagMomentsOptions({ selectedEvent: liveTagEvent(), created: [sent, failed] }));

    const list = screen.getByRole('list', { name: 'Created Tags (2)' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveAttribute('data-client-id', 'c-sent');
    expect(rows[0]).toHaveAttribute('data-status', 'sent');
    expect(rows[0]).toHaveTextContent(formatVenueDateTime(sent.timestamp, 'America/New_York', { seconds: true }));
    expect(rows[0]).toHaveTextContent('Corner');
    expect(rows[0]).toHaveTextContent('Sent');

    const card = within(rows[1]!).getByRole('status');
    expect(card).toHaveTextContent('Failed to create tag');
    expect(card).toHaveTextContent('Event not found');
    await user.click(within(card).getByRole('button', { name: 'Retry' }));
    expect(selectCreatedTags(store.getState())[1]).toMatchObject({ clientId: 'c-failed', status: 'waiting' });
    expect(rows[1]).toHaveAttribute('data-status', 'waiting');
    expect(rows[1]).toHaveTextContent('Waiting to send');
  });

  it('Discard removes a refused tag', async () => {
    serveNearby(() => answer([]));
    const failed = createdTag({ clientId: 'c-failed', status: 'failed', error: 'Event not found' });
    const { user, store } = show(tagMomentsOptions({ selectedEvent: liveTagEvent(), created: [failed] }));
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(selectCreatedTags(store.getState())).toEqual([]);
    expect(screen.queryByRole('heading', { name: /Created Tags/ })).not.toBeInTheDocument();
  });

  it('text search finds a live event without a location', async () => {
    const seen = serveTextSearch(() => answer([apiEvent('live', 'Cubs vs Cardinals', 10 * MINUTE)]));
    const { user, store } = show(
      tagMomentsOptions({
        location: locationState({
          status: 'denied',
          location: null,
          message: 'Location access denied. Please enable location permissions.',
        }),
      }),
    );
    expect(screen.getByText('Enable location to see the live events around you, or search for one above.')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Event search' }), 'cubs{Enter}');
    const results = await screen.findByRole('list', { name: 'Search results' });
    expect(Object.fromEntries(seen[0]!)).toEqual({ q: 'cubs' });
    await user.click(within(results).getByRole('button', { name: /Cubs vs Cardinals/ }));
    await waitFor(() => expect(selectTagEvent(store.getState())?.id).toBe('live'));
  });

  describe('after the chosen event ends', () => {
    it('a choice left from a game that ended: dropped, the notice names it, the panel is open, no TAG NOW', async () => {
      serveNearby(() => answer([]));
      const ended = liveTagEvent(5 * HOUR, -(2 * HOUR));
      const { user, store } = showLive(tagMomentsOptions({ selectedEvent: ended }));

      const notice = await screen.findByText(eventEndedNotice('Finals'));
      expect(notice).toHaveTextContent('Finals has ended. Select a current event to keep tagging.');
      expect(selectTagEvent(store.getState())).toBeNull();
      expect(screen.queryByRole('button', { name: 'TAG NOW' })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Select Current Event' })).toHaveAttribute('aria-expanded', 'true');
      expect(screen.getByText('Select an event and enable location to start tagging')).toBeInTheDocument();

      // Closed by the user, it stays closed.
      await user.click(screen.getByRole('button', { name: 'Close' }));
      expect(screen.queryByText(eventEndedNotice('Finals'))).not.toBeInTheDocument();
    });

    it('within the grace after its end time, the event stays chosen and TAG NOW files under it', async () => {
      serveNearby(() => answer([]));
      const overtime = liveTagEvent(3 * HOUR, -(TAG_CHOICE_GRACE_MS - 5 * MINUTE));
      const { user, store } = showLive(tagMomentsOptions({ selectedEvent: overtime }));
      await user.click(tagNowButton());
      expect(selectCreatedTags(store.getState())[0]).toMatchObject({ eventId: overtime.id, eventName: 'Finals' });
      expect(screen.getByText('Tagging for: Finals')).toBeInTheDocument();
      expect(screen.queryByText(eventEndedNotice('Finals'))).not.toBeInTheDocument();
    });

    it('picking a live event after the notice: the notice goes, TAG NOW is back', async () => {
      serveNearby(() => answer([]));
      serveTextSearch(() => answer([apiEvent('live', 'Pickup game', 30 * MINUTE)]));
      const { user } = showLive(tagMomentsOptions({ selectedEvent: liveTagEvent(5 * HOUR, -(2 * HOUR)) }));
      await screen.findByText(eventEndedNotice('Finals'));
      await user.type(screen.getByRole('searchbox', { name: 'Event search' }), 'pickup{Enter}');
      const results = await screen.findByRole('list', { name: 'Search results' });
      await user.click(within(results).getByRole('button', { name: /Pickup game/ }));
      expect(screen.queryByText(eventEndedNotice('Finals'))).not.toBeInTheDocument();
      expect(screen.getByText('Tagging for: Pickup game')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'TAG NOW' })).toBeEnabled();
    });
  });
});

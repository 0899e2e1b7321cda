import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { api } from '../../../api/apiSlice';
import { setupApiServer } from '../../../test/apiServer';
import { renderWithProviders } from '../../../test/renderWithProviders';
import {
  DAY,
  eventAt,
  eventsAnswer,
  HOUR,
  refuseSession,
  serveEventLists,
  signedInOptions,
  unauthorized,
} from '../../../test/data/eventListFixtures';
import HighlightEventPickerScreen from './HighlightEventPickerScreen';
import RecentEventsScreen from './RecentEventsScreen';

setupApiServer();

const NOW = Date.now();
const mineEvent = eventAt('mine', 'Our league final', NOW, -DAY, { clipCount: 3, tagCount: 1 });
const otherEvent = eventAt('other', 'Somebody else’s game', NOW, -2 * HOUR);

/** GET /events?timeFilter=recent: the user's events with userAssociated=true, all of them without. */
function serveRecent({ mine = [mineEvent], all = [otherEvent, mineEvent], failDetection = false } = {}) {
  return serveEventLists((params) => {
    const detection = params.get('limit') === '1';
    if (detection && failDetection) return HttpResponse.json({ success: false, error: 'nope' }, { status: 500 });
    const list = params.get('userAssociated') === 'true' ? mine : all;
    return eventsAnswer(detection ? list.slice(0, 1) : list, list.length);
  });
}

const show = (route = '/event/recent') => renderWithProviders(<RecentEventsScreen />, signedInOptions(route));
const radio = (name: string) => screen.getByRole('radio', { name });

describe('RecentEventsScreen: the default view (docs/product/part-2.md §4)', () => {
  it("'With My Content' when the user's events are all the recent ones", async () => {
    const queries = serveRecent({ mine: [mineEvent], all: [mineEvent] });
    show();
    expect(await screen.findByText('Our league final')).toBeInTheDocument();
    expect(radio('With My Content')).toBeChecked();
    expect(queries).toEqual(
      expect.arrayContaining([
        '?timeFilter=recent&userAssociated=true&limit=1',
        '?timeFilter=recent&limit=1',
        '?timeFilter=recent&page=1&limit=20&userAssociated=true',
      ]),
    );
  });

  it("'With My Content' when the user has content at a recent event, though others' recent events outnumber it", async () => {
    // Totals 1 (mine) and 2 (all): the rule reads the events in `data`, one each, not the totals.
    serveRecent({ mine: [mineEvent], all: [otherEvent, mineEvent] });
    show();
    const list = await screen.findByRole('list', { name: 'With My Content' });
    expect(radio('With My Content')).toBeChecked();
    expect(within(list).getByText('Our league final')).toBeInTheDocument();
    expect(screen.queryByText('Somebody else’s game')).not.toBeInTheDocument();
  });

  it("'All Events' when the user has no recent content but there are recent events", async () => {
    const queries = serveRecent({ mine: [], all: [otherEvent] });
    show();
    const list = await screen.findByRole('list', { name: 'All Events' });
    expect(radio('All Events')).toBeChecked();
    expect(within(list).getByText('Somebody else’s game')).toBeInTheDocument();
    expect(queries).toContain('?timeFilter=recent&page=1&limit=20');
  });

  it("'With My Content' when there are no recent events at all", async () => {
    serveRecent({ mine: [], all: [] });
    show();
    expect(await screen.findByText('You have no clips or tags at a recent event yet.')).toBeInTheDocument();
    expect(radio('With My Content')).toBeChecked();
  });

  it("'With My Content' when detection fails", async () => {
    serveRecent({ failDetection: true });
    show();
    await screen.findByRole('list', { name: 'With My Content' });
    expect(radio('With My Content')).toBeChecked();
  });

  it('the view in the address wins, without detecting', async () => {
    const queries = serveRecent();
    show('/event/recent?show=mine');
    await screen.findByRole('list', { name: 'With My Content' });
    expect(queries).toEqual(['?timeFilter=recent&page=1&limit=20&userAssociated=true']);
  });
});

describe('RecentEventsScreen: views and links', () => {
  it('switching views lists the other events and keeps the choice in the address', async () => {
    serveRecent({ mine: [mineEvent], all: [mineEvent] });
    const { user, router } = show();
    await screen.findByRole('list', { name: 'With My Content' });
    expect(screen.getByText('3 clips · 1 tag', { exact: false })).toBeInTheDocument();
    await user.click(radio('All Events'));
    expect(router.state.location.search).toBe('?show=all');
    await screen.findByRole('list', { name: 'All Events' });
    expect(radio('All Events')).toBeChecked();
  });

  it('each event links to its clips (a real link, so it opens in a new tab too)', async () => {
    serveRecent({ mine: [mineEvent], all: [mineEvent] });
    const { user, router } = show();
    const link = await screen.findByRole('link', { name: /Our league final/ });
    expect(link).toHaveAttribute('href', '/clips/event/mine');
    await user.click(link);
    expect(router.state.location.pathname).toBe('/clips/event/mine');
  });

  it('in the highlights context an event leads to /highlights/create/{eventId}', async () => {
    serveRecent({ mine: [mineEvent], all: [mineEvent] });
    const { user, router } = renderWithProviders(<HighlightEventPickerScreen />, signedInOptions('/highlights/create'));
    expect(screen.getByRole('heading', { level: 1, name: 'Create Highlight' })).toBeInTheDocument();
    await user.click(await screen.findByRole('link', { name: /Our league final/ }));
    expect(router.state.location.pathname).toBe('/highlights/create/mine');
  });
});

describe('RecentEventsScreen: every event is reachable', () => {
  /** `count` events of the user's, newest first, served 20 a page as the API does. */
  function serveSeason(count: number) {
    const season = Array.from({ length: count }, (_, i) => eventAt(`e${i}`, `Game ${i + 1}`, NOW, -(i + 1) * DAY));
    return serveEventLists((params) => {
      const words = (params.get('q') ?? '').toLowerCase();
      const matching = season.filter((e) => e.name.toLowerCase().includes(words));
      const limit = Number(params.get('limit'));
      const page = Number(params.get('page') ?? 1);
      const data = matching.slice((page - 1) * limit, page * limit);
      return HttpResponse.json({
        success: true,
        data,
        pagination: { total: matching.length, hasMore: page * limit < matching.length, page, limit },
      });
    });
  }

  it("'Load More Events' reaches the oldest, 20 at a time, and then is gone", async () => {
    const queries = serveSeason(45);
    const { user } = show('/event/recent?show=mine');
    const list = await screen.findByRole('list', { name: 'With My Content' });
    expect(within(list).getAllByRole('link')).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'Load More Events' }));
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(40));
    await user.click(screen.getByRole('button', { name: 'Load More Events' }));
    expect(await within(list).findByText('Game 45')).toBeInTheDocument();
    expect(within(list).getAllByRole('link')).toHaveLength(45);
    expect(screen.queryByRole('button', { name: 'Load More Events' })).not.toBeInTheDocument();
    expect(queries).toContain('?timeFilter=recent&page=3&limit=20&userAssociated=true');
  });

  it('a search narrows the list on the server and stays in the address; none found offers to clear it', async () => {
    const queries = serveSeason(45);
    const { user, router } = show('/event/recent?show=mine');
    await screen.findByRole('list', { name: 'With My Content' });
    await user.type(screen.getByRole('searchbox', { name: 'Search events' }), ' game 4{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?show=mine&q=game+4'));
    const list = await screen.findByRole('list', { name: 'With My Content' });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('link')
          .map((a) => a.textContent),
      ).toHaveLength(7),
    );
    expect(queries).toContain('?timeFilter=recent&page=1&limit=20&userAssociated=true&q=game+4');

    await user.clear(screen.getByRole('searchbox', { name: 'Search events' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search events' }), 'cup');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No recent events match “cup”.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?show=mine'));
    expect(screen.getByRole('searchbox', { name: 'Search events' })).toHaveValue('');
    expect(await screen.findByText('Game 1')).toBeInTheDocument();
  });
});

describe('RecentEventsScreen: after an upload', () => {
  it("a first clip at a recent event makes it appear under 'With My Content'", async () => {
    let mine: unknown[] = [];
    serveEventLists((params) => eventsAnswer(params.get('userAssociated') === 'true' ? mine : [otherEvent]));
    const { store } = show('/event/recent?show=mine');
    expect(await screen.findByText('You have no clips or tags at a recent event yet.')).toBeInTheDocument();

    // The upload completes: uploads/model/uploadQueuePolicy.ts completedUploadTags('other').
    mine = [{ ...otherEvent, clipCount: 1 }];
    act(() => {
      store.dispatch(
        api.util.invalidateTags([
          { type: 'Clip', id: 'LIST' },
          { type: 'EventClips', id: 'other' },
          { type: 'Event', id: 'other' },
        ]),
      );
    });
    const list = await screen.findByRole('list', { name: 'With My Content' });
    expect(within(list).getByText('Somebody else’s game')).toBeInTheDocument();
  });
});

describe("RecentEventsScreen: LIVE on the server's clock", () => {
  it("an event the server sees as live carries LIVE though the device's clock is behind", async () => {
    // The device is 2 hours behind the server: the game started an hour ago on the server's clock.
    const offset = 2 * HOUR;
    const game = eventAt('game', 'Started on the server', NOW + offset, -HOUR);
    serveEventLists(() => eventsAnswer([game]));
    renderWithProviders(<RecentEventsScreen />, signedInOptions('/event/recent?show=all', { clockOffsetMs: offset }));
    const item = await screen.findByRole('link', { name: /Started on the server/ });
    expect(item).toHaveTextContent('LIVE');
  });
});

describe('RecentEventsScreen: the other states', () => {
  it('loading: skeletons while detecting and loading', async () => {
    serveRecent();
    show();
    expect(screen.getByRole('status', { name: 'Loading recent events...' })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'With My Content' });
  });

  it('empty with my content: links to /clips/upload', async () => {
    serveRecent({ mine: [], all: [] });
    const { user, router } = show();
    expect(await screen.findByText('You have no clips or tags at a recent event yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Upload Clips' }));
    expect(router.state.location.pathname).toBe('/clips/upload');
  });

  it("error: the server's text with Retry", async () => {
    let fail = true;
    serveEventLists((params) =>
      fail && params.get('limit') !== '1' ? HttpResponse.json({ success: false }, { status: 502 }) : eventsAnswer([mineEvent]),
    );
    const { user } = show('/event/recent?show=mine');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch events: 502');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Our league final')).toBeInTheDocument();
  });

  it('a 401 stops the screen silently: no error, no retry (§6)', async () => {
    refuseSession();
    serveEventLists(() => unauthorized());
    const { store } = show();
    await waitFor(() => expect(store.getState().api.queries).not.toEqual({}));
    await waitFor(() => expect(Object.values(store.getState().api.queries).every((q) => q?.status === 'rejected')).toBe(true));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /retry|try again/i })).not.toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading recent events...' })).toBeInTheDocument();
  });

  it("a malformed answer shows 'Unexpected response format'", async () => {
    serveEventLists(() => HttpResponse.json({ success: true, data: [{ name: 'no id' }] }));
    show('/event/recent?show=all');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Unexpected response format'));
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { Settings } from 'luxon';
import { setupApiServer } from '../../../test/apiServer';
import { renderWithProviders } from '../../../test/renderWithProviders';
import CurrentUpcomingScreen from './CurrentUpcomingScreen';
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

setupApiServer();

const NOW = Date.now();
const show = () => renderWithProviders(<CurrentUpcomingScreen />, signedInOptions('/event/upcoming'));

beforeEach(() => {
  Settings.defaultZone = 'America/Chicago'; // the device
});
afterEach(() => {
  Settings.defaultZone = 'system';
});

describe('CurrentUpcomingScreen', () => {
  it('asks for the current events and the next 7 days', async () => {
    const queries = serveEventLists(() => eventsAnswer([]));
    show();
    await screen.findByText(/No live events/);
    expect(queries.sort()).toEqual(['?timeFilter=current', '?timeFilter=upcoming&days=7']);
  });

  it('loading: skeletons, no spinner', async () => {
    serveEventLists(async () => {
      await new Promise((r) => setTimeout(r, 50));
      return eventsAnswer([]);
    });
    show();
    expect(screen.getByRole('status', { name: 'Loading events...' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    await screen.findByText(/No live events/);
  });

  it('data: live events first with the LIVE badge, then the next 7 days; nothing later', async () => {
    serveEventLists((params) =>
      params.get('timeFilter') === 'current'
        ? eventsAnswer([eventAt('live', 'Pickup game', NOW, -HOUR)])
        : eventsAnswer([
            eventAt('in-10', 'Too far ahead', NOW, 10 * DAY),
            eventAt('in-2', 'Cup final', NOW, 2 * DAY, { timezone: 'America/New_York' }),
          ]),
    );
    show();
    const live = await screen.findByRole('list', { name: 'Live now' });
    expect(within(live).getByText('LIVE')).toBeInTheDocument();
    expect(within(live).getByText('Pickup game')).toBeInTheDocument();
    const next = screen.getByRole('list', { name: 'Next 7 days' });
    expect(within(next).getByText('Cup final')).toBeInTheDocument();
    expect(within(next).queryByText('LIVE')).not.toBeInTheDocument();
    expect(screen.queryByText('Too far ahead')).not.toBeInTheDocument();
    // Live comes first on the page.
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Live now', 'Next 7 days']);
    // A venue in another zone than the device's names its zone.
    expect(within(next).getByText(/Baseball · .* [AP]M E[DS]T$/)).toBeInTheDocument();
    expect(within(live).getByText(/Baseball · .* [AP]M$/)).toBeInTheDocument();
  });

  it('empty, for an administrator: says so and links to /event/create', async () => {
    serveEventLists(() => eventsAnswer([]));
    const { user, router } = renderWithProviders(<CurrentUpcomingScreen />, signedInOptions('/event/upcoming', { admin: true }));
    expect(await screen.findByText('No live events, and none in the next 7 days.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Add Event' }));
    expect(router.state.location.pathname).toBe('/event/create');
  });

  it('empty, for anyone else: who adds events, and the upload instead of an admin-only screen', async () => {
    serveEventLists(() => eventsAnswer([]));
    const { user, router } = show();
    expect(await screen.findByText(/^No live events, and none in the next 7 days\. Events are added by/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add Event' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Upload Clips' }));
    expect(router.state.location.pathname).toBe('/clips/upload');
  });

  it("error: the server's message with Retry, which asks again", async () => {
    let fail = true;
    serveEventLists((params) =>
      fail && params.get('timeFilter') === 'upcoming'
        ? HttpResponse.json({ success: false, error: 'Database is waking up' }, { status: 503 })
        : eventsAnswer([eventAt('in-2', 'Cup final', NOW, 2 * DAY)]),
    );
    const { user } = show();
    expect(await screen.findByRole('alert')).toHaveTextContent('Database is waking up');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Cup final')).toBeInTheDocument();
  });

  it("error: without a connection, the §8 text with 'Try again'", async () => {
    serveEventLists(() => HttpResponse.error());
    show();
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to connect to the server.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('a 401 stops the screen silently: no error, no retry (§6)', async () => {
    refuseSession();
    serveEventLists(() => unauthorized());
    const { store } = show();
    await waitFor(() =>
      expect(Object.values(store.getState().api.queries).map((q) => q?.status)).toEqual(['rejected', 'rejected']),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /retry|try again/i })).not.toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading events...' })).toBeInTheDocument();
  });

  it("a malformed answer shows 'Unexpected response format'", async () => {
    serveEventLists(() => HttpResponse.json({ success: true, data: [{ id: 'e-1' }] }));
    show();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Unexpected response format'));
  });
});

describe("CurrentUpcomingScreen: judged on the server's clock", () => {
  // The device's clock is 2 hours behind the server's (the session measured it from the token).
  const OFFSET = 2 * HOUR;
  const showSkewed = () =>
    renderWithProviders(<CurrentUpcomingScreen />, signedInOptions('/event/upcoming', { clockOffsetMs: OFFSET }));

  it("an event the server answers as live is LIVE, though it starts later on the device's clock", async () => {
    const serverNow = NOW + OFFSET;
    serveEventLists((params) =>
      params.get('timeFilter') === 'current'
        ? eventsAnswer([eventAt('live', 'Started an hour ago', serverNow, -HOUR)])
        : eventsAnswer([eventAt('soon', 'In three hours', serverNow, 3 * HOUR)]),
    );
    showSkewed();
    const live = await screen.findByRole('list', { name: 'Live now' });
    expect(within(live).getByText('Started an hour ago')).toBeInTheDocument();
    expect(within(live).getByText('LIVE')).toBeInTheDocument();
    const next = screen.getByRole('list', { name: 'Next 7 days' });
    expect(within(next).getByText('In three hours')).toBeInTheDocument();
  });

  it("an event over on the server's clock is not LIVE, though still going on the device's", async () => {
    const serverNow = NOW + OFFSET;
    // Ended 30 minutes ago for the server; on the device's clock it ends in 90 minutes.
    const over = eventAt('over', 'Just ended', serverNow, -2 * HOUR, {
      endTime: new Date(serverNow - 30 * 60_000).toISOString(),
    });
    serveEventLists((params) =>
      params.get('timeFilter') === 'current'
        ? eventsAnswer([over])
        : eventsAnswer([eventAt('soon', 'In three hours', serverNow, 3 * HOUR)]),
    );
    showSkewed();
    const next = await screen.findByRole('list', { name: 'Next 7 days' });
    expect(within(next).getByText('In three hours')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Live now' })).not.toBeInTheDocument();
    expect(screen.queryByText('Just ended')).not.toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { DateTime } from 'luxon';
import { http, HttpResponse } from 'msw';
import { API, apiServer, setupApiServer } from '../../../test/apiServer';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { useDeviceLocation, type DeviceLocationView } from '../../geolocation/public';
import {
  apiEvent,
  DAY,
  eventAt,
  eventsAnswer,
  HOUR,
  refuseSession,
  serveEventLists,
  signedInOptions,
  unauthorized,
} from '../../../test/data/eventListFixtures';
import NearbyEventsScreen from './NearbyEventsScreen';

jest.mock('../../geolocation/public', () => ({
  ...jest.requireActual('../../geolocation/public'),
  useDeviceLocation: jest.fn(),
}));

setupApiServer();

const NOW = Date.now();
const MINUTE = 60_000;

/**
 * How long before `now` a live event of the fixtures (America/Chicago) started: a minute, or less in the venue's
 * first minute of the day, so that it started today there whenever the test runs (it started "yesterday" when CI ran
 * the test at 00:00 in Chicago, and Nearby Events rightly left it out).
 */
const startedLately = (now: number) =>
  -Math.min(MINUTE, now - DateTime.fromMillis(now, { zone: 'America/Chicago' }).startOf('day').toMillis());

const retry = jest.fn();
// The device at Soldier Field (to more than 4 decimals, as a phone reports it).
const HERE = { latitude: 41.862312, longitude: -87.616698, accuracy: 20, at: NOW };

function locationIs(view: Partial<DeviceLocationView>) {
  jest.mocked(useDeviceLocation).mockReturnValue({ status: 'enabled', location: HERE, message: null, retry, ...view });
}

function serveSearch(answer: () => Response) {
  const seen: URLSearchParams[] = [];
  apiServer.use(
    http.get(API('events/search'), ({ request }) => {
      seen.push(new URL(request.url).searchParams);
      return answer();
    }),
  );
  return seen;
}

const show = () => renderWithProviders(<NearbyEventsScreen />, signedInOptions('/event/nearest'));

describe('NearbyEventsScreen: the location', () => {
  it.each(['unknown', 'requesting'] as const)("%s: 'Getting your location…' as a skeleton, nothing asked yet", (status) => {
    locationIs({ status, location: null });
    const seen = serveSearch(() => HttpResponse.json({ success: true, data: [] }));
    show();
    expect(screen.getByRole('status', { name: 'Getting your location…' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(seen).toEqual([]);
  });

  it.each([
    ['denied', 'Location access denied. Please enable location permissions.'],
    ['error', 'Location request timed out.'],
    ['unsupported', 'Geolocation is not supported by your browser.'],
  ] as const)('%s: the §8 message and Try Again, which asks again', async (status, message) => {
    locationIs({ status, location: null, message });
    const { user } = show();
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });
});

describe('NearbyEventsScreen: the events', () => {
  beforeEach(() => locationIs({}));

  it('asks near the device (4 decimals) within 25 miles, for events not over now', async () => {
    const seen = serveSearch(() => HttpResponse.json({ success: true, data: [] }));
    show();
    await screen.findByText(/No events within 25 miles/);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.get('near')).toBe('41.8623,-87.6167');
    expect(seen[0]?.get('radius')).toBe('25');
    expect(Math.abs(Date.parse(seen[0]?.get('time') ?? '') - NOW)).toBeLessThan(60_000);
  });

  it("sends the server's now, to the minute: the device's clock corrected by the offset the session measured", async () => {
    const offset = -3 * HOUR; // the device's clock is 3 hours ahead of the server's
    const seen = serveSearch(() => HttpResponse.json({ success: true, data: [] }));
    renderWithProviders(<NearbyEventsScreen />, signedInOptions('/event/nearest', { clockOffsetMs: offset }));
    await screen.findByText(/No events within 25 miles/);
    const time = Date.parse(seen[0]?.get('time') ?? '');
    expect(time % 60_000).toBe(0);
    expect(time).toBeLessThanOrEqual(Date.now() + offset);
    expect(time).toBeGreaterThan(NOW + offset - 60_000);
  });

  it("LIVE on the server's clock", async () => {
    const offset = -3 * HOUR;
    const serverNow = NOW + offset;
    serveSearch(() =>
      HttpResponse.json({
        success: true,
        data: [
          // Started a minute ago for the server (less just after midnight); on the device's clock it ended two hours ago.
          {
            ...eventAt('live', 'Pickup game', serverNow, startedLately(serverNow), {
              endTime: new Date(serverNow + HOUR).toISOString(),
            }),
            distance: 0.4,
          },
        ],
      }),
    );
    renderWithProviders(<NearbyEventsScreen />, signedInOptions('/event/nearest', { clockOffsetMs: offset }));
    const list = await screen.findByRole('list', { name: 'Events near you' });
    expect(within(list).getByRole('listitem')).toHaveTextContent('LIVE');
  });

  it('a 401 stops the screen silently: no error, no fallback, no retry (§6)', async () => {
    refuseSession();
    const seen = serveSearch(() => unauthorized());
    const queries = serveEventLists(() => eventsAnswer([]));
    const { store } = show();
    await waitFor(() => expect(Object.values(store.getState().api.queries).map((q) => q?.status)).toEqual(['rejected']));
    expect(seen).toHaveLength(1);
    expect(queries).toEqual([]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /retry|try again/i })).not.toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading nearby events...' })).toBeInTheDocument();
  });

  it('loading: a skeleton while the search runs', async () => {
    serveSearch(() => HttpResponse.json({ success: true, data: [] }));
    show();
    expect(screen.getByRole('status', { name: 'Loading nearby events...' })).toBeInTheDocument();
    await screen.findByText(/No events within 25 miles/);
  });

  it('data: nearest first with the distance in miles; LIVE where live; none that started before today', async () => {
    serveSearch(() =>
      HttpResponse.json({
        success: true,
        data: [
          { ...eventAt('live', 'Pickup game', NOW, startedLately(NOW)), distance: 0.4 },
          { ...eventAt('soon', 'Cup final', NOW, 2 * DAY), distance: 6.3 },
          { ...eventAt('old', 'Last week', NOW, -7 * DAY, { endTime: new Date(NOW + DAY).toISOString() }), distance: 1 },
        ],
      }),
    );
    show();
    const list = await screen.findByRole('list', { name: 'Events near you' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('LIVE');
    expect(items[0]).toHaveTextContent('Pickup game');
    expect(items[0]).toHaveTextContent('0.4 mi away');
    expect(items[1]).toHaveTextContent('6.3 mi away');
    expect(items[1]).not.toHaveTextContent('LIVE');
    expect(screen.queryByText('Last week')).not.toBeInTheDocument();
  });

  it('when the search fails: the current events near the device, with a note (§7)', async () => {
    serveSearch(() => HttpResponse.json({ success: false, error: 'down' }, { status: 500 }));
    serveEventLists(() =>
      eventsAnswer([
        eventAt('near', 'At Wrigley', NOW, startedLately(NOW)),
        apiEvent({
          id: 'far',
          name: 'In Milwaukee',
          startTime: new Date(NOW + startedLately(NOW)).toISOString(),
          location: { ...apiEvent().location, coordinates: { lat: 43.028, lng: -87.9712 } },
        }),
      ]),
    );
    show();
    const list = await screen.findByRole('list', { name: 'Events near you' });
    expect(within(list).getByText('At Wrigley')).toBeInTheDocument();
    expect(within(list).getByText(/6\.3 mi away/)).toBeInTheDocument();
    expect(screen.queryByText('In Milwaukee')).not.toBeInTheDocument();
    expect(screen.getByText(/only events happening now are shown/)).toBeInTheDocument();
  });

  it('empty, for a non-admin: who adds events, and the upload instead of an admin-only screen', async () => {
    serveSearch(() => HttpResponse.json({ success: true, data: [] }));
    const { user, router } = show();
    await screen.findByText(/^No events within 25 miles of you from today on\. Events are added by/);
    expect(screen.queryByRole('link', { name: 'Add Event' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Upload Clips' }));
    expect(router.state.location.pathname).toBe('/clips/upload');
  });

  it('empty, for an administrator: says so and links to /event/create', async () => {
    serveSearch(() => HttpResponse.json({ success: true, data: [] }));
    const { user, router } = renderWithProviders(<NearbyEventsScreen />, signedInOptions('/event/nearest', { admin: true }));
    await screen.findByText('No events within 25 miles of you from today on.');
    await user.click(screen.getByRole('link', { name: 'Add Event' }));
    expect(router.state.location.pathname).toBe('/event/create');
  });

  it('error: when the fallback fails too, the §8 text with its retry', async () => {
    let up = false;
    serveSearch(() =>
      up ? HttpResponse.json({ success: true, data: [eventAt('soon', 'Cup final', NOW, DAY)] }) : HttpResponse.error(),
    );
    serveEventLists(() => HttpResponse.error());
    const { user } = show();
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to connect to the server.');
    up = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Cup final')).toBeInTheDocument();
  });

  it("a malformed fallback answer shows 'Unexpected response format'", async () => {
    serveSearch(() => HttpResponse.json({ success: true, data: 'nothing' }));
    serveEventLists(() => HttpResponse.json({ success: true }));
    show();
    expect(await screen.findByRole('alert')).toHaveTextContent('Unexpected response format');
  });
});

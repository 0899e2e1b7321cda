/**
 * Test data for the event list tests (not imported by the app): events as the API sends them, with start
 * times relative to a given instant.
 */
import { http, HttpResponse } from 'msw';
import { API, apiServer } from '../apiServer';
import { signedInState } from '../renderWithProviders';
import { makeToken } from '../tokens';

export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;

export function apiEvent(over: Record<string, unknown> = {}) {
  return {
    id: 'e-1',
    name: 'Cubs vs Cardinals',
    sport: 'Baseball',
    startTime: '2026-05-01T18:00:00.000Z',
    endTime: null,
    locationId: 'wrigley',
    timezone: 'America/Chicago',
    location: {
      id: 'wrigley',
      name: 'Wrigley Field',
      city: 'Chicago',
      state: 'IL',
      address: '1060 W Addison St',
      coordinates: { lat: 41.9484, lng: -87.6553 },
      latitude: 41.9484,
      longitude: -87.6553,
    },
    clipCount: 0,
    tagCount: 0,
    ...over,
  };
}

/** An event starting `offsetMs` from `now`. */
export const eventAt = (id: string, name: string, now: number, offsetMs: number, over: Record<string, unknown> = {}) =>
  apiEvent({ id, name, startTime: new Date(now + offsetMs).toISOString(), ...over });

/** The `{success, data, pagination}` answer of GET /events. */
export const eventsAnswer = (data: unknown[], total = data.length) =>
  HttpResponse.json({ success: true, data, pagination: { total, hasMore: false, page: 1, limit: 20 } });

/** GET /events answered per `timeFilter` (and `userAssociated`), recording every query string. */
export function serveEventLists(answer: (params: URLSearchParams) => Response | Promise<Response>): string[] {
  const queries: string[] = [];
  apiServer.use(
    http.get(API('events'), ({ request }) => {
      const url = new URL(request.url);
      queries.push(url.search);
      return answer(url.searchParams);
    }),
  );
  return queries;
}

/**
 * Options of renderWithProviders for a signed-in user (with a token the baseQuery accepts), at `route`;
 * `clockOffsetMs` is the server's clock minus the device's as the session measured it.
 */
export function signedInOptions(
  route = '/',
  { clockOffsetMs = 0, admin = false }: { clockOffsetMs?: number; admin?: boolean } = {},
) {
  const session = signedInState({ admin }).session;
  // The token was issued on the server's clock, as a real one is.
  const token = makeToken({}, Date.now() + clockOffsetMs);
  return { route, preloadedState: { session: { ...session, token, clockOffsetMs } } };
}

/**
 * The API's refusal of the session (§6): a token refresh that is refused too, so the 401 stands (its
 * 'Token refresh failed' warning is silenced; jest's restoreMocks brings console.warn back after the test).
 */
export function refuseSession(): void {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  apiServer.use(
    http.post(API('auth/verify/refresh'), () =>
      HttpResponse.json({ success: false, error: 'Invalid token', code: 'INVALID_TOKEN' }, { status: 401 }),
    ),
  );
}

export const unauthorized = () =>
  HttpResponse.json({ success: false, error: 'Authentication required', code: 'UNAUTHORIZED' }, { status: 401 });

import { http, HttpResponse } from 'msw';
import * as v from 'valibot';
import { makeStore } from '../../../app/store';
import { API, apiServer, setupApiServer } from '../../../test/apiServer';
import { signedInState } from '../../../test/renderWithProviders';
import { makeToken } from '../../../test/tokens';
import { eventSchema } from '../../../domain/event';
import { eventSearchApi, searchParams, SEARCH_FAILED, toEventSummary, type EventSearchArgs } from './eventSearchApi';
import { readCachedSearch, searchCacheKey, writeCachedSearch } from '../model/eventSearchCache';
import { apiEvent } from '../../../test/data/eventListFixtures';
import type { EventSummary } from '../model/eventTypes';
import { rememberRecentEvent } from '../model/recentEvents';

setupApiServer();

const T0 = Date.UTC(2026, 4, 1, 12);

/** An event as the API sends it (the counts it also sends are not part of a search result). */
const serverEvent = apiEvent();

const summary: EventSummary = {
  id: 'e-1',
  name: 'Cubs vs Cardinals',
  sport: 'Baseball',
  startTime: '2026-05-01T18:00:00.000Z',
  endTime: null,
  timezone: 'America/Chicago',
  location: { name: 'Wrigley Field', city: 'Chicago', state: 'IL', latitude: 41.9484, longitude: -87.6553 },
  distance: null,
};

function store() {
  const session = signedInState().session;
  return makeStore({
    runSagas: false,
    services: { clock: { now: () => T0 } },
    preloadedState: { session: { ...session, token: makeToken({}) } },
  });
}

async function search(args: EventSearchArgs) {
  const s = store();
  const result = await s.dispatch(eventSearchApi.endpoints.searchEvents.initiate(args));
  return result;
}

beforeEach(() => localStorage.clear());

describe('searchParams', () => {
  it('general search: radius always sent (500 km by default), near only when given', () => {
    expect(searchParams({ q: ' cubs ', mode: 'general' })).toEqual({ q: 'cubs', radius: '500' });
    expect(searchParams({ q: 'cubs', mode: 'general', near: { lat: 41.9, lng: -87.6 }, radiusKm: 100 })).toEqual({
      q: 'cubs',
      near: '41.9,-87.6',
      radius: '100',
    });
  });

  it('current-event search: radius only with near (50 km by default)', () => {
    expect(searchParams({ q: 'cubs', mode: 'current' })).toEqual({ q: 'cubs' });
    expect(searchParams({ q: 'cubs', mode: 'current', near: { lat: 41.9, lng: -87.6 } })).toEqual({
      q: 'cubs',
      near: '41.9,-87.6',
      radius: '50',
    });
  });
});

describe('toEventSummary', () => {
  const read = (raw: unknown) => toEventSummary(v.parse(eventSchema, raw));

  it('reads coordinates from location.coordinates', () => {
    expect(read({ ...serverEvent, distance: null })).toEqual(summary);
  });

  it('falls back to latitude/longitude and fills missing names with TBD', () => {
    const event = read({
      id: 'e-2',
      name: 'Pickup game',
      sport: 'Basketball',
      startTime: '2026-05-01T18:00:00.000Z',
      endTime: null,
      timezone: null,
      location: { name: '', city: null, state: null, timezone: null, coordinates: null, latitude: 40, longitude: -80 },
      distance: 3.2,
    });
    expect(event.location).toEqual({ name: 'Location TBD', city: 'TBD', state: 'TBD', latitude: 40, longitude: -80 });
    expect(event.distance).toBe(3.2);
  });

  it("keeps the venue's time zone, from the event or else from its location", () => {
    const base = { ...serverEvent, distance: null };
    expect(read({ ...base, timezone: 'America/New_York' }).timezone).toBe('America/New_York');
    const onLocation = { ...base, timezone: null, location: { ...base.location, timezone: 'Asia/Tokyo' } };
    expect(read(onLocation).timezone).toBe('Asia/Tokyo');
  });

  it("uses the spec's default zone when there is none or it is not a real zone", () => {
    const base = { ...serverEvent, distance: null };
    expect(read({ ...base, timezone: null }).timezone).toBe('America/Chicago');
    const bogus = { ...base, timezone: 'Mars/Base', location: { ...base.location, timezone: 'Nowhere/Land' } };
    expect(read(bogus).timezone).toBe('America/Chicago');
  });
});

describe('searchEvents', () => {
  it('sends q and radius, maps the answer and saves it in the local cache', async () => {
    let url: URL | null = null;
    apiServer.use(
      http.get(API('events/text-search'), ({ request }) => {
        url = new URL(request.url);
        return HttpResponse.json({ success: true, data: [serverEvent] });
      }),
    );
    const result = await search({ q: 'Cubs', mode: 'general' });
    expect(result.data).toEqual({ events: [summary], source: 'server' });
    expect(url!.searchParams.get('q')).toBe('Cubs');
    expect(url!.searchParams.get('radius')).toBe('500');
    expect(url!.searchParams.has('near')).toBe(false);
    expect(readCachedSearch(searchCacheKey({ q: 'cubs', radiusKm: 500 }), T0)).toEqual([summary]);
  });

  it("keeps each event's zone through the answer, the store and the local cache", async () => {
    const boston = { ...serverEvent, id: 'e-2', timezone: 'America/New_York' };
    apiServer.use(http.get(API('events/text-search'), () => HttpResponse.json({ success: true, data: [boston] })));
    const result = await search({ q: 'sox', mode: 'general' });
    expect(result.data?.events.map((e) => e.timezone)).toEqual(['America/New_York']);
    expect(readCachedSearch(searchCacheKey({ q: 'sox', radiusKm: 500 }), T0)?.[0]?.timezone).toBe('America/New_York');
  });

  it('on failure answers with the saved results for the same search', async () => {
    writeCachedSearch(searchCacheKey({ q: 'cubs', radiusKm: 500 }), [summary], T0 - 60_000);
    apiServer.use(
      http.get(API('events/text-search'), () => HttpResponse.json({ success: false, error: 'down' }, { status: 500 })),
    );
    const result = await search({ q: 'CUBS ', mode: 'general' });
    expect(result.data).toEqual({ events: [summary], source: 'cache' });
  });

  it('treats an answer of the wrong shape as a failure', async () => {
    writeCachedSearch(searchCacheKey({ q: 'cubs', radiusKm: 500 }), [summary], T0);
    apiServer.use(http.get(API('events/text-search'), () => HttpResponse.json({ success: true, data: { events: [] } })));
    const result = await search({ q: 'cubs', mode: 'general' });
    expect(result.data?.source).toBe('cache');
  });

  it('without saved results, answers with the recent events', async () => {
    rememberRecentEvent({ ...summary, id: 'r-1', name: 'Recent game' }, T0);
    apiServer.use(http.get(API('events/text-search'), () => HttpResponse.error()));
    const result = await search({ q: 'cubs', mode: 'general' });
    expect(result.data).toEqual({ events: [{ ...summary, id: 'r-1', name: 'Recent game' }], source: 'recent' });
  });

  it('with nothing to fall back on, fails with the spec message', async () => {
    apiServer.use(http.get(API('events/text-search'), () => HttpResponse.error()));
    const result = await search({ q: 'cubs', mode: 'general' });
    expect(result.data).toBeUndefined();
    expect(result.error).toEqual({ status: 'CUSTOM_ERROR', error: SEARCH_FAILED });
  });
});

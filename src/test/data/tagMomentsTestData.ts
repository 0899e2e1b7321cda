/**
 * Test data for the Tag Moments component tests (not imported by the app): the store's slices as a signed-in
 * user with a located device sees them, and events as the API sends them, LIVE around the real time.
 */
import { http, HttpResponse } from 'msw';
import type { RootState } from '../../app/rootReducer';
import { API, apiServer } from '../apiServer';
import { signedInState } from '../renderWithProviders';
import { makeToken } from '../tokens';
import { tagEvent } from './tagTestData';
import type { EventSummary } from '../../features/events/public';
import type { CreatedTag } from '../../features/tags/model/tagTypes';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

/** The device at Soldier Field. */
export const HERE = { latitude: 41.862312, longitude: -87.616698 };

type LocationState = RootState['geolocation'];

export const locationState = (over: Partial<LocationState> = {}): LocationState => ({
  status: 'enabled',
  location: { ...HERE, accuracy: 10, at: Date.now() },
  message: null,
  permission: 'granted',
  ...over,
});

/** renderWithProviders options: signed in (a token the baseQuery accepts), for a part of the screen. */
export function signedInOptions() {
  return { route: '/tags/add', preloadedState: { session: { ...signedInState().session, token: makeToken({}, Date.now()) } } };
}

/** renderWithProviders options: signed in (a token the baseQuery accepts), the device located, Tag Moments' state. */
export function tagMomentsOptions({
  location = locationState(),
  selectedEvent = null,
  created = [],
}: { location?: LocationState; selectedEvent?: EventSummary | null; created?: CreatedTag[] } = {}) {
  const { route, preloadedState } = signedInOptions();
  return {
    route,
    preloadedState: {
      ...preloadedState,
      geolocation: location,
      tags: { selectedEvent, endedEventName: null, created },
    } as Partial<RootState>,
  };
}

/** Tag Moments' test event, LIVE now: started `startedAgoMs` ago, ending `endsInMs` from now (negative: ended). */
export function liveTagEvent(startedAgoMs = 30 * MINUTE, endsInMs = 90 * MINUTE): EventSummary {
  return {
    ...tagEvent,
    startTime: new Date(Date.now() - startedAgoMs).toISOString(),
    endTime: new Date(Date.now() + endsInMs).toISOString(),
  };
}

/** An event as the API sends it, started `startedAgoMs` ago (negative: starts later), 2 hours long. */
export function apiEvent(id: string, name: string, startedAgoMs: number, over: Record<string, unknown> = {}) {
  const start = Date.now() - startedAgoMs;
  return {
    id,
    name,
    sport: 'Soccer',
    startTime: new Date(start).toISOString(),
    endTime: new Date(start + 2 * HOUR).toISOString(),
    timezone: 'America/Chicago',
    location: {
      name: 'Soldier Field',
      city: 'Chicago',
      state: 'IL',
      coordinates: { lat: 41.8623, lng: -87.6167 },
      latitude: 41.8623,
      longitude: -87.6167,
    },
    clipCount: 0,
    tagCount: 0,
    ...over,
  };
}

/** GET /events/search (nearby) answering `answer()`; the query strings asked. */
export function serveNearby(answer: () => Response | Promise<Response>): URLSearchParams[] {
  const seen: URLSearchParams[] = [];
  apiServer.use(
    http.get(API('events/search'), ({ request }) => {
      seen.push(new URL(request.url).searchParams);
      return answer();
    }),
  );
  return seen;
}

/** GET /events/text-search answering `answer()`; the query strings asked. */
export function serveTextSearch(answer: () => Response | Promise<Response>): URLSearchParams[] {
  const seen: URLSearchParams[] = [];
  apiServer.use(
    http.get(API('events/text-search'), ({ request }) => {
      seen.push(new URL(request.url).searchParams);
      return answer();
    }),
  );
  return seen;
}

export const answer = (data: unknown[]) => HttpResponse.json({ success: true, data });

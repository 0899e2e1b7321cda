import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import * as v from 'valibot';
import { api } from '../../api/apiSlice';
import { envelope } from '../../api/envelope';
import { schemaFailure } from '../../api/schemaFailure';
import type { GeoPoint } from '../../lib/geo';
import { listedEventSchema, nearestFirst, toListedEvent, withDistanceFrom, type ListedEvent } from './listedEvent';

/** GET /events?timeFilter= (docs/product/part-2.md §7); absent: all events, newest start first. */
export type TimeFilter = 'recent' | 'current' | 'upcoming';

export interface EventListArgs {
  timeFilter?: TimeFilter;
  /** Only events where the user has clips or tags (with `recent`). */
  userAssociated?: boolean;
  limit?: number;
  /** The upcoming window in days (with `upcoming`). */
  days?: number;
}

export interface EventList {
  events: ListedEvent[];
  /** How many events match in all (`pagination.total`), which can exceed `events.length` under a limit. */
  total: number;
}

export interface NearbyEventsArgs {
  lat: number;
  lng: number;
  /** Miles. */
  radius: number;
  /** ISO instant: only events not over at that time. */
  time?: string;
}

export interface NearbyEvents {
  events: ListedEvent[];
  /** 'search' is the nearby search; 'current' the §7 fallback (live events filtered by distance). */
  source: 'search' | 'current';
}

const paginationSchema = v.object({ total: v.pipe(v.number(), v.integer(), v.minValue(0)) });

/** GET /events: the events in `data`, the pagination beside it. */
export const eventListResponseSchema = v.object({
  ...envelope(v.array(listedEventSchema)).entries,
  pagination: v.optional(paginationSchema),
});
/** GET /events/search: events with their distance in miles. */
export const nearbySearchResponseSchema = envelope(v.array(listedEventSchema));

type RawEventList = v.InferOutput<typeof eventListResponseSchema>;

/** The query string of GET /events; only what is set is sent. */
export function eventListParams({ timeFilter, userAssociated, limit, days }: EventListArgs): Record<string, string> {
  const params: Record<string, string> = {};
  if (timeFilter) params.timeFilter = timeFilter;
  if (userAssociated !== undefined) params.userAssociated = String(userAssociated);
  if (limit !== undefined) params.limit = String(limit);
  if (days !== undefined) params.days = String(days);
  return params;
}

/** The query string of GET /events/search (docs/product/part-2.md §7). */
export function nearbySearchParams({ lat, lng, radius, time }: NearbyEventsArgs): Record<string, string> {
  return { near: `${lat},${lng}`, radius: String(radius), ...(time ? { time } : {}) };
}

function toEventList(raw: RawEventList): EventList {
  return { events: raw.data.map(toListedEvent), total: raw.pagination?.total ?? raw.data.length };
}

/** Current events within `radius` miles of `from`, nearest first: the nearby search's stand-in. */
export function currentEventsNear(events: ListedEvent[], from: GeoPoint, radius: number): ListedEvent[] {
  return events
    .map((event) => withDistanceFrom({ ...event, distanceMiles: null }, from))
    .filter((event) => event.distanceMiles !== null && event.distanceMiles <= radius)
    .sort(nearestFirst);
}

/** A refusal that is the session's business (the baseQuery has already dealt with it): no fallback. */
const isSessionRefusal = (error: FetchBaseQueryError) => error.status === 401 || error.status === 403;

const listTags = (result: { events: ListedEvent[] } | undefined) => [
  { type: 'Event' as const, id: 'LIST' },
  ...(result?.events ?? []).map((e) => ({ type: 'Event' as const, id: e.id })),
];

/**
 * The event lists of part 2: Current & Upcoming, Recent and Nearby (docs/product/part-2.md §2, §7).
 * A new event (`createEvent` invalidates `{Event, LIST}`) refreshes every one of them.
 */
export const eventListsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getEvents: build.query<EventList, EventListArgs>({
      query: (args) => ({ url: 'events', params: eventListParams(args) }),
      rawResponseSchema: eventListResponseSchema,
      transformResponse: (raw: RawEventList) => toEventList(raw),
      providesTags: listTags,
    }),
    /**
     * GET /events/search near the device. On a failure or a malformed answer it falls back to the current
     * events filtered by distance (docs/product/part-2.md §7 note). With `queryFn`, RTK Query's
     * `rawResponseSchema` would check the queryFn's own result, so both answers are checked here.
     */
    getNearbyEvents: build.query<NearbyEvents, NearbyEventsArgs>({
      async queryFn(arg, _api, _extra, baseQuery) {
        const from = { latitude: arg.lat, longitude: arg.lng };
        const search = await baseQuery({ url: 'events/search', params: nearbySearchParams(arg) });
        if (search.error && isSessionRefusal(search.error)) return { error: search.error };
        const found = search.error ? null : v.safeParse(nearbySearchResponseSchema, search.data);
        if (found?.success) {
          const events = found.output.data.map((raw) => withDistanceFrom(toListedEvent(raw), from));
          return { data: { events, source: 'search' } };
        }
        const current = await baseQuery({ url: 'events', params: eventListParams({ timeFilter: 'current' }) });
        if (current.error) return { error: current.error };
        const live = v.safeParse(eventListResponseSchema, current.data);
        if (!live.success) return { error: schemaFailure(live) };
        return { data: { events: currentEventsNear(toEventList(live.output).events, from, arg.radius), source: 'current' } };
      },
      providesTags: listTags,
    }),
  }),
});

export const { useGetEventsQuery, useGetNearbyEventsQuery } = eventListsApi;

import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import * as v from 'valibot';
import { api } from '../../../api/apiSlice';
import { envelope } from '../../../api/envelope';
import { numberedPages, paginationSchema, type Pagination } from '../../../api/pagination';
import { schemaFailure } from '../../../api/schemaFailure';
import { eventSchema } from '../../../domain/event';
import type { GeoPoint } from '../../../lib/geo';
import { nearestFirst, toListedEvent, withDistanceFrom, type ListedEvent } from '../model/listedEvent';

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

/**
 * GET /events as the lists read it: the events in `data` (docs/product/part-2.md §7). `pagination` is not
 * read: the recent picker's default compares the events answered, not the totals (recentPicker.ts).
 */
export interface EventList {
  events: ListedEvent[];
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

/** The Recent Events picker's pages (docs/product/part-2.md §7 gives the server's default, 20, for `recent`). */
export const RECENT_EVENTS_PAGE_SIZE = 20;

/** The Recent Events picker's list: the user's events or all of them, optionally those matching words. */
export interface RecentEventsArgs {
  userAssociated: boolean;
  /** Words in the event's name, sport or venue; '' for every recent event. */
  search: string;
}

export interface RecentEventsPage {
  events: ListedEvent[];
  pagination: Pagination;
}

/** GET /events: the events in `data` (the pagination beside it is not read). */
export const eventListResponseSchema = envelope(v.array(eventSchema));
/** GET /events/search: events with their distance in miles. */
export const nearbySearchResponseSchema = envelope(v.array(eventSchema));

/** GET /events read page by page: the events in `data` and the `pagination` beside it. */
export const eventPageResponseSchema = v.object({
  success: v.literal(true),
  data: v.array(eventSchema),
  pagination: paginationSchema,
});

type RawEventList = v.InferOutput<typeof eventListResponseSchema>;

/** The query string of one page of the Recent Events picker; only what is set is sent. */
export function recentEventsParams({ userAssociated, search }: RecentEventsArgs, page: number): Record<string, string> {
  const params: Record<string, string> = { timeFilter: 'recent', page: String(page), limit: String(RECENT_EVENTS_PAGE_SIZE) };
  if (userAssociated) params.userAssociated = 'true';
  const words = search.trim();
  if (words) params.q = words;
  return params;
}

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
  return { events: raw.data.map(toListedEvent) };
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
 * Whether the user's content decides which events a GET /events answer holds: `userAssociated` (the events
 * where the user has clips or tags), and the picker's default detection (`recent`, `limit=1`), which compares
 * the user's recent events with all of them. A completed upload invalidates `{Clip, LIST}` and a sent tag
 * `{Tag, LIST}` (each also the event it went to, which such a list may not hold yet), so these answers are asked
 * for again and a first clip or tag at a recent event makes it appear.
 */
export const dependsOnUserContent = ({ timeFilter, userAssociated, limit }: EventListArgs): boolean =>
  userAssociated === true || (timeFilter === 'recent' && limit === 1);

const eventListTags = (result: EventList | undefined, _error: unknown, args: EventListArgs) => [
  ...listTags(result),
  ...(dependsOnUserContent(args)
    ? [
        { type: 'Clip' as const, id: 'LIST' },
        { type: 'Tag' as const, id: 'LIST' },
      ]
    : []),
];

/**
 * The event lists of part 2: Current & Upcoming, Recent and Nearby (docs/product/part-2.md §2, §7).
 * A new event (`createEvent` invalidates `{Event, LIST}`) refreshes every one of them; a new clip
 * (`{Clip, LIST}`) or tag (`{Tag, LIST}`) those that depend on the user's content (dependsOnUserContent).
 */
export const eventListsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getEvents: build.query<EventList, EventListArgs>({
      query: (args) => ({ url: 'events', params: eventListParams(args) }),
      rawResponseSchema: eventListResponseSchema,
      transformResponse: (raw: RawEventList) => toEventList(raw),
      providesTags: eventListTags,
    }),
    /**
     * The Recent Events picker's list, 20 a page with 'Load More Events'; `search` narrows it on the server, so
     * every event stays reachable however long the season.
     */
    getRecentEvents: build.infiniteQuery<RecentEventsPage, RecentEventsArgs, number>({
      infiniteQueryOptions: numberedPages,
      query: ({ queryArg, pageParam }) => ({ url: 'events', params: recentEventsParams(queryArg, pageParam) }),
      rawResponseSchema: eventPageResponseSchema,
      transformResponse: (raw: v.InferOutput<typeof eventPageResponseSchema>): RecentEventsPage => ({
        events: raw.data.map(toListedEvent),
        pagination: raw.pagination,
      }),
      providesTags: (loaded, _error, args) => [
        ...listTags({ events: (loaded?.pages ?? []).flatMap((page) => page.events) }),
        ...(args.userAssociated
          ? [
              { type: 'Clip' as const, id: 'LIST' },
              { type: 'Tag' as const, id: 'LIST' },
            ]
          : []),
      ],
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

export const { useGetEventsQuery, useGetNearbyEventsQuery, useGetRecentEventsInfiniteQuery } = eventListsApi;

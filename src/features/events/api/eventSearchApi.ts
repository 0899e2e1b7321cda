import { skipToken } from '@reduxjs/toolkit/query/react';
import * as v from 'valibot';
import { api } from '../../../api/apiSlice';
import { envelope } from '../../../api/envelope';
import type { AppServices } from '../../../app/services';
import { eventSchema, toEvent, type EventWire } from '../../../domain/event';
import { readCachedSearch, searchCacheKey, writeCachedSearch } from '../model/eventSearchCache';
import type { EventSummary } from '../model/eventTypes';
import { readRecentEvents } from '../model/recentEvents';

/** Default radii (docs/product/part-1.md §7, §9). */
export const CURRENT_EVENTS_RADIUS_KM = 50;
export const GENERAL_SEARCH_RADIUS_KM = 500;

export const SEARCH_FAILED = 'Search failed. Please try again.';
export const noEventsFound = (query: string) => `No events found for "${query}"`;
/** Tag Moments' search of current events (docs/product/part-2.md §8 "Event search"). */
export const noCurrentEventsFound = (query: string) => `No current events found for "${query}"`;

export interface EventSearchArgs {
  q: string;
  near?: { lat: number; lng: number };
  radiusKm?: number;
  /** 'current': radius sent only with `near` (default 50 km); 'general': always sent (default 500 km). */
  mode: 'current' | 'general';
}

export interface EventSearchResult {
  events: EventSummary[];
  /** 'server' is a fresh answer; 'cache' and 'recent' stand in after a failed search. */
  source: 'server' | 'cache' | 'recent';
}

/** GET events/text-search answer (the `{success, data}` envelope around a list of events). */
export const textSearchResponseSchema = envelope(v.array(eventSchema));

/** The event as a search result; `distance` is the text search's, in kilometres. */
export function toEventSummary(raw: EventWire): EventSummary {
  return { ...toEvent(raw), distance: raw.distance };
}

/** The query string sent: `q`, `near=lat,lng` when given, `radius` as the mode says. */
export function searchParams({ q, near, radiusKm, mode }: EventSearchArgs): Record<string, string> {
  const params: Record<string, string> = { q: q.trim() };
  if (near) params.near = `${near.lat},${near.lng}`;
  if (mode === 'general') params.radius = String(radiusKm ?? GENERAL_SEARCH_RADIUS_KM);
  else if (near) params.radius = String(radiusKm ?? CURRENT_EVENTS_RADIUS_KM);
  return params;
}

function cacheKeyFor(arg: EventSearchArgs): string {
  const radius = searchParams(arg).radius;
  return searchCacheKey({ q: arg.q, near: arg.near, radiusKm: radius === undefined ? null : Number(radius) });
}

/**
 * Event search for Upload (and Tag Moments). A fresh answer is saved in the local search cache;
 * when the search fails, the saved answer for the same search stands in, else the recent events.
 * Note: with `queryFn`, RTK Query's `rawResponseSchema` would check the queryFn's own result, so
 * the envelope is checked here with the same valibot schema.
 */
export const eventSearchApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchEvents: build.query<EventSearchResult, EventSearchArgs>({
      async queryFn(arg, queryApi, _extra, baseQuery) {
        const now = () => (queryApi.extra as Partial<AppServices> | undefined)?.clock?.now() ?? Date.now();
        const key = cacheKeyFor(arg);
        const result = await baseQuery({ url: 'events/text-search', params: searchParams(arg) });
        const parsed = result.error ? null : v.safeParse(textSearchResponseSchema, result.data);
        if (parsed?.success) {
          const events = parsed.output.data.map(toEventSummary);
          writeCachedSearch(key, events, now());
          return { data: { events, source: 'server' } };
        }
        const cached = readCachedSearch(key, now());
        if (cached) return { data: { events: cached, source: 'cache' } };
        const recent = readRecentEvents();
        if (recent.length > 0) return { data: { events: recent, source: 'recent' } };
        return { error: { status: 'CUSTOM_ERROR', error: SEARCH_FAILED } };
      },
      providesTags: [{ type: 'Event', id: 'LIST' }],
    }),
  }),
});

export const { useSearchEventsQuery } = eventSearchApi;

export type EventSearchView =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'done'; events: EventSummary[]; source: EventSearchResult['source'] };

/** What a picker shows for a search; `null` (or an empty query) searches nothing. */
export function useEventSearch(args: EventSearchArgs | null): EventSearchView & { retry: () => void } {
  const active = args && args.q.trim() ? args : null;
  const { data, isFetching, isError, refetch } = useSearchEventsQuery(active ?? skipToken);
  const retry = () => {
    if (active) void refetch();
  };
  if (!active) return { status: 'idle', retry };
  if (isFetching) return { status: 'loading', retry };
  if (isError || !data) return { status: 'failed', retry };
  return { status: 'done', events: data.events, source: data.source, retry };
}

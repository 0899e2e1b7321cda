import * as v from 'valibot';
import { readJson, StorageKeys, writeJson } from '../../../app/storage';
import { venueZone } from '../../../lib/venueTime';
import type { EventSummary } from './eventTypes';

/** Event search cache (docs/product/part-1.md §9): kept locally, used when a search fails. */
export const SEARCH_CACHE_MAX_ENTRIES = 20;
export const SEARCH_CACHE_TTL_MS = 60 * 60 * 1000;

const storedZone = v.optional(v.nullable(v.string()), null);

/**
 * The stored shape of an EventSummary; anything else in storage is ignored, never trusted.
 * Entries saved before events kept their zone have none: they still load, with the location's zone
 * if one was stored there, else the default zone — a recent event must not vanish over an upgrade.
 */
export const storedEventSchema = v.pipe(
  v.object({
    id: v.string(),
    name: v.string(),
    sport: v.string(),
    startTime: v.string(),
    endTime: v.nullable(v.string()),
    timezone: storedZone,
    location: v.object({
      name: v.string(),
      city: v.string(),
      state: v.string(),
      latitude: v.nullable(v.number()),
      longitude: v.nullable(v.number()),
      timezone: storedZone,
    }),
    distance: v.nullable(v.number()),
  }),
  v.transform(({ timezone, location: { timezone: locationZone, ...location }, ...event }): EventSummary => ({
    ...event,
    timezone: venueZone(timezone, venueZone(locationZone)),
    location,
  })),
);

const entrySchema = v.object({ key: v.string(), at: v.number(), events: v.array(storedEventSchema) });

export type SearchCacheEntry = v.InferOutput<typeof entrySchema>;

export interface SearchKeyParts {
  q: string;
  near?: { lat: number; lng: number } | null;
  radiusKm?: number | null;
}

/** Lower-case trimmed query + location to 4 decimals + radius. */
export function searchCacheKey({ q, near, radiusKm }: SearchKeyParts): string {
  const where = near ? `${near.lat.toFixed(4)},${near.lng.toFixed(4)}` : '';
  return `${q.trim().toLowerCase()}|${where}|${radiusKm ?? ''}`;
}

const isArray = (value: unknown): value is unknown[] => Array.isArray(value);

/** Every well-formed entry in storage; a corrupt store (or corrupt entries) count as empty. */
export function readSearchCache(): SearchCacheEntry[] {
  const stored = readJson('persistent', StorageKeys.searchCache, isArray);
  if (stored.status !== 'ok') return [];
  return stored.value.flatMap((raw) => {
    const parsed = v.safeParse(entrySchema, raw);
    return parsed.success ? [parsed.output] : [];
  });
}

const fresh = (entry: SearchCacheEntry, now: number) => now - entry.at >= 0 && now - entry.at < SEARCH_CACHE_TTL_MS;

/** The saved results for `key` if younger than an hour, else null. */
export function readCachedSearch(key: string, now: number): EventSummary[] | null {
  const entry = readSearchCache().find((e) => e.key === key);
  return entry && fresh(entry, now) ? entry.events : null;
}

/**
 * Saves the results for `key` (replacing an older answer for it). Expired entries are dropped;
 * when 20 remain, the oldest half goes before the new one is added.
 */
export function writeCachedSearch(key: string, events: EventSummary[], now: number): SearchCacheEntry[] {
  let entries = readSearchCache().filter((e) => e.key !== key && fresh(e, now));
  if (entries.length >= SEARCH_CACHE_MAX_ENTRIES) {
    entries = [...entries].sort((a, b) => b.at - a.at).slice(0, Math.floor(SEARCH_CACHE_MAX_ENTRIES / 2));
  }
  const next = [...entries, { key, at: now, events }];
  writeJson('persistent', StorageKeys.searchCache, next); // a full storage only costs the cache
  return next;
}

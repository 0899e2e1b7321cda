import * as v from 'valibot';
import { readJson, remove, StorageKeys, writeJson } from '../../../app/storage';
import { LOCATION_CACHE_MS, LOCATION_MAXIMUM_AGE_MS } from './constants';

/**
 * The browser storage of this feature (docs/product/part-2.md §3 "Browser storage"): the last location,
 * used for 15 minutes, and the remembered permission. Both in local storage; the location is the user's
 * (removed at every session end), the permission the device's (it mirrors the browser's per-site one),
 * as classified in src/app/userData.ts.
 */

export type RememberedPermission = 'unknown' | 'granted' | 'denied';

export interface Coordinates {
  latitude: number;
  longitude: number;
}

const cachedLocationSchema = v.object({
  location: v.object({
    latitude: v.pipe(v.number(), v.minValue(-90), v.maxValue(90)),
    longitude: v.pipe(v.number(), v.minValue(-180), v.maxValue(180)),
  }),
  /** When the position was measured (ms epoch). */
  timestamp: v.pipe(v.number(), v.finite()),
  permissionGranted: v.boolean(),
});

export type CachedLocation = v.InferOutput<typeof cachedLocationSchema>;

const permissionSchema = v.picklist(['unknown', 'granted', 'denied']);

/**
 * Whether a cached location may still stand for the device's position at `now`: measured less than
 * 15 minutes ago (docs/product/part-2.md §4) with the permission granted. A timestamp in the future
 * (the device clock was put back) proves nothing about its age, so it does not count either.
 */
export function isCacheValid(entry: CachedLocation, now: number): boolean {
  const age = now - entry.timestamp;
  return entry.permissionGranted && age >= 0 && age < LOCATION_CACHE_MS;
}

/**
 * The time a position counts from: its own measurement time, so a position the browser kept for four
 * minutes is cached as four minutes old. A timestamp the browser cannot have meant (in the future, or
 * older than the maximum age it was allowed) falls back to `now`.
 */
export function measuredAt(positionTimestamp: number, now: number): number {
  const plausible =
    Number.isFinite(positionTimestamp) && positionTimestamp <= now && positionTimestamp >= now - LOCATION_MAXIMUM_AGE_MS;
  return plausible ? positionTimestamp : now;
}

/** The cached location if still valid; an expired or corrupt entry is discarded and reads as none. */
export function readCachedLocation(now: number): CachedLocation | null {
  const read = readJson('persistent', StorageKeys.locationCache, (value): value is CachedLocation =>
    v.is(cachedLocationSchema, value),
  );
  if (read.status === 'ok' && isCacheValid(read.value, now)) return read.value;
  if (read.status !== 'missing') clearCachedLocation();
  return null;
}

/** Best effort: a full or disabled storage only means the next screen asks the browser again. */
export function writeCachedLocation(location: Coordinates, timestamp: number): void {
  const entry: CachedLocation = {
    location: { latitude: location.latitude, longitude: location.longitude },
    timestamp,
    permissionGranted: true,
  };
  writeJson('persistent', StorageKeys.locationCache, entry);
}

export function clearCachedLocation(): void {
  remove('persistent', StorageKeys.locationCache);
}

/** What this device was last told about the permission; nothing readable means 'unknown'. */
export function readPermission(): RememberedPermission {
  const read = readJson('persistent', StorageKeys.locationPermission, (value): value is RememberedPermission =>
    v.is(permissionSchema, value),
  );
  return read.status === 'ok' ? read.value : 'unknown';
}

export function writePermission(permission: RememberedPermission): void {
  writeJson('persistent', StorageKeys.locationPermission, permission);
}

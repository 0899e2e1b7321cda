import { fullKey, StorageKeys } from '../../../app/storage';
import { LOCATION_CACHE_MS, LOCATION_MAXIMUM_AGE_MS } from './constants';
import {
  clearCachedLocation,
  measuredAt,
  readCachedLocation,
  readPermission,
  writeCachedLocation,
  writePermission,
} from './locationCache';

const T0 = Date.UTC(2026, 4, 2, 15, 0, 0);
const HERE = { latitude: 40.7128, longitude: -74.006 };
const cacheKey = fullKey(StorageKeys.locationCache);
const permissionKey = fullKey(StorageKeys.locationPermission);

beforeEach(() => localStorage.clear());

describe('the cached location', () => {
  it('is stored in local storage in the shape of docs/product/part-2.md §3', () => {
    writeCachedLocation({ ...HERE, accuracy: 12 } as typeof HERE, T0);
    expect(JSON.parse(localStorage.getItem(cacheKey)!)).toEqual({ location: HERE, timestamp: T0, permissionGranted: true });
  });

  it('is valid for 15 minutes: used up to the last millisecond, then discarded', () => {
    writeCachedLocation(HERE, T0);
    expect(readCachedLocation(T0)?.location).toEqual(HERE);
    expect(readCachedLocation(T0 + LOCATION_CACHE_MS - 1)?.location).toEqual(HERE);
    expect(readCachedLocation(T0 + LOCATION_CACHE_MS)).toBeNull();
    expect(localStorage.getItem(cacheKey)).toBeNull();
  });

  it('does not count a timestamp in the future (the device clock was put back)', () => {
    writeCachedLocation(HERE, T0 + 60_000);
    expect(readCachedLocation(T0)).toBeNull();
  });

  it.each([
    ['unparsable JSON', '{"location":'],
    ['not an object', '"here"'],
    ['coordinates missing', JSON.stringify({ location: { latitude: 1 }, timestamp: T0, permissionGranted: true })],
    [
      'coordinates as text',
      JSON.stringify({ location: { latitude: '1', longitude: '2' }, timestamp: T0, permissionGranted: true }),
    ],
    [
      'latitude out of range',
      JSON.stringify({ location: { latitude: 91, longitude: 0 }, timestamp: T0, permissionGranted: true }),
    ],
    ['no timestamp', JSON.stringify({ location: HERE, permissionGranted: true })],
    ['permission not granted', JSON.stringify({ location: HERE, timestamp: T0, permissionGranted: false })],
  ])('reads a corrupt entry (%s) as none and removes it', (_what, raw) => {
    localStorage.setItem(cacheKey, raw);
    expect(readCachedLocation(T0)).toBeNull();
    expect(localStorage.getItem(cacheKey)).toBeNull();
  });

  it('is cleared on request', () => {
    writeCachedLocation(HERE, T0);
    clearCachedLocation();
    expect(readCachedLocation(T0)).toBeNull();
  });
});

describe('measuredAt', () => {
  it("counts a position's age from its own measurement", () => {
    expect(measuredAt(T0 - 4 * 60_000, T0)).toBe(T0 - 4 * 60_000);
    expect(measuredAt(T0 - LOCATION_MAXIMUM_AGE_MS, T0)).toBe(T0 - LOCATION_MAXIMUM_AGE_MS);
  });

  it('falls back to now for a timestamp the browser cannot have meant', () => {
    expect(measuredAt(T0 + 1, T0)).toBe(T0);
    expect(measuredAt(T0 - LOCATION_MAXIMUM_AGE_MS - 1, T0)).toBe(T0);
    expect(measuredAt(Number.NaN, T0)).toBe(T0);
  });
});

describe('the remembered permission', () => {
  it("is 'unknown' until something is stored", () => {
    expect(readPermission()).toBe('unknown');
  });

  it.each(['granted', 'denied', 'unknown'] as const)('reads back %s', (permission) => {
    writePermission(permission);
    expect(readPermission()).toBe(permission);
  });

  it("reads anything else as 'unknown'", () => {
    for (const raw of ['"prompt"', 'denied', '{', 'true']) {
      localStorage.setItem(permissionKey, raw);
      expect(readPermission()).toBe('unknown');
    }
  });
});

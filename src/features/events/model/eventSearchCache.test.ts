import { fullKey, StorageKeys } from '../../../app/storage';
import {
  readCachedSearch,
  readSearchCache,
  SEARCH_CACHE_MAX_ENTRIES,
  SEARCH_CACHE_TTL_MS,
  searchCacheKey,
  writeCachedSearch,
} from './eventSearchCache';
import type { EventSummary } from './eventTypes';

const T0 = Date.UTC(2026, 4, 1, 12);
const HOUR = 60 * 60 * 1000;

function sampleEvent(id: string, name = `Game ${id}`): EventSummary {
  return {
    id,
    name,
    sport: 'Baseball',
    startTime: '2026-05-01T18:00:00.000Z',
    endTime: null,
    timezone: 'America/Chicago',
    location: { name: 'Wrigley Field', city: 'Chicago', state: 'IL', latitude: 41.948, longitude: -87.655 },
    distance: null,
  };
}

const stored = () => localStorage.getItem(fullKey(StorageKeys.searchCache));

beforeEach(() => localStorage.clear());

describe('searchCacheKey', () => {
  it('is the lower-case trimmed query, the location to 4 decimals and the radius', () => {
    expect(searchCacheKey({ q: '  Cubs GAME ', near: { lat: 41.948437, lng: -87.655334 }, radiusKm: 50 })).toBe(
      'cubs game|41.9484,-87.6553|50',
    );
    expect(searchCacheKey({ q: 'Cubs' })).toBe('cubs||');
    expect(searchCacheKey({ q: 'cubs', radiusKm: 500 })).not.toBe(searchCacheKey({ q: 'cubs', radiusKm: 50 }));
  });
});

describe('search cache', () => {
  it('gives back what was saved for the same key within an hour', () => {
    writeCachedSearch('cubs||500', [sampleEvent('1')], T0);
    expect(readCachedSearch('cubs||500', T0 + HOUR - 1)).toEqual([sampleEvent('1')]);
    expect(readCachedSearch('sox||500', T0)).toBeNull();
  });

  it('forgets an answer after an hour', () => {
    writeCachedSearch('cubs||500', [sampleEvent('1')], T0);
    expect(readCachedSearch('cubs||500', T0 + SEARCH_CACHE_TTL_MS)).toBeNull();
  });

  it('replaces an older answer for the same key', () => {
    writeCachedSearch('cubs||500', [sampleEvent('1')], T0);
    writeCachedSearch('cubs||500', [sampleEvent('2')], T0 + 1000);
    expect(readSearchCache()).toHaveLength(1);
    expect(readCachedSearch('cubs||500', T0 + 2000)).toEqual([sampleEvent('2')]);
  });

  it('keeps at most 20 entries: when full, the oldest half goes', () => {
    for (let i = 0; i < SEARCH_CACHE_MAX_ENTRIES; i += 1) writeCachedSearch(`q${i}||`, [], T0 + i);
    expect(readSearchCache()).toHaveLength(20);
    writeCachedSearch('new||', [], T0 + 100);
    const keys = readSearchCache().map((e) => e.key);
    expect(keys).toHaveLength(11);
    expect(keys).toContain('new||');
    expect(keys).toContain('q19||');
    expect(keys).toContain('q10||');
    expect(keys).not.toContain('q9||');
    expect(keys).not.toContain('q0||');
  });

  it('drops expired entries when writing', () => {
    writeCachedSearch('old||', [], T0);
    writeCachedSearch('new||', [], T0 + 2 * HOUR);
    expect(readSearchCache().map((e) => e.key)).toEqual(['new||']);
  });

  it('stores under the product prefix in local storage', () => {
    writeCachedSearch('cubs||', [sampleEvent('1')], T0);
    expect(stored()).toContain('"cubs||"');
  });

  it.each([
    ['not JSON', '{oops'],
    ['not a list', '{"key":"cubs||"}'],
    ['null', 'null'],
  ])('treats corrupt storage (%s) as empty, never throws', (_what, raw) => {
    localStorage.setItem(fullKey(StorageKeys.searchCache), raw);
    expect(readSearchCache()).toEqual([]);
    expect(readCachedSearch('cubs||', T0)).toBeNull();
    expect(() => writeCachedSearch('cubs||', [sampleEvent('1')], T0)).not.toThrow();
    expect(readCachedSearch('cubs||', T0)).toEqual([sampleEvent('1')]);
  });

  it('ignores malformed entries but keeps the good ones', () => {
    localStorage.setItem(
      fullKey(StorageKeys.searchCache),
      JSON.stringify([
        { key: 'bad||', at: T0, events: [{ id: 1 }] },
        { key: 'good||', at: T0, events: [sampleEvent('1')] },
        'junk',
      ]),
    );
    expect(readSearchCache().map((e) => e.key)).toEqual(['good||']);
  });

  it("loads entries saved before events kept their zone: the location's zone, else America/Chicago", () => {
    const { timezone: _dropped, ...old } = sampleEvent('1');
    const oldWithLocationZone = { ...old, id: '2', location: { ...old.location, timezone: 'America/Denver' } };
    localStorage.setItem(
      fullKey(StorageKeys.searchCache),
      JSON.stringify([{ key: 'old||', at: T0, events: [old, oldWithLocationZone] }]),
    );
    const events = readCachedSearch('old||', T0);
    expect(events?.map((e) => [e.id, e.timezone])).toEqual([
      ['1', 'America/Chicago'],
      ['2', 'America/Denver'],
    ]);
    // The location's zone is read, not kept twice.
    expect(events?.[1]?.location).toEqual(old.location);
  });

  it("keeps a saved event's zone", () => {
    writeCachedSearch('sox||', [{ ...sampleEvent('1'), timezone: 'America/New_York' }], T0);
    expect(readCachedSearch('sox||', T0)?.[0]?.timezone).toBe('America/New_York');
  });

  it('survives a storage that refuses writes', () => {
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => writeCachedSearch('cubs||', [sampleEvent('1')], T0)).not.toThrow();
    setItem.mockRestore();
  });
});

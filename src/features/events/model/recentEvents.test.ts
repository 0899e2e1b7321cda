import { fullKey, StorageKeys } from '../../../app/storage';
import type { EventSummary } from './eventTypes';
import { readRecentEvents, RECENT_EVENTS_MAX, recentEventsToShow, rememberRecentEvent } from './recentEvents';

const T0 = Date.UTC(2026, 4, 1, 12);

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

beforeEach(() => localStorage.clear());

describe('recent events', () => {
  it('are empty at first', () => {
    expect(readRecentEvents()).toEqual([]);
  });

  it('puts the latest selection first, once', () => {
    rememberRecentEvent(sampleEvent('a'), T0);
    rememberRecentEvent(sampleEvent('b'), T0 + 1);
    rememberRecentEvent(sampleEvent('a'), T0 + 2);
    expect(readRecentEvents().map((e) => e.id)).toEqual(['a', 'b']);
  });

  it('keeps 10 and shows 5', () => {
    for (let i = 0; i < 12; i += 1) rememberRecentEvent(sampleEvent(`e${i}`), T0 + i);
    expect(readRecentEvents()).toHaveLength(RECENT_EVENTS_MAX);
    expect(readRecentEvents()[0]?.id).toBe('e11');
    expect(readRecentEvents().map((e) => e.id)).not.toContain('e1');
    expect(recentEventsToShow().map((e) => e.id)).toEqual(['e11', 'e10', 'e9', 'e8', 'e7']);
  });

  it('keeps the latest copy of an event (its details may have changed)', () => {
    rememberRecentEvent(sampleEvent('a', 'Old name'), T0);
    rememberRecentEvent(sampleEvent('a', 'New name'), T0 + 1);
    expect(readRecentEvents()).toEqual([sampleEvent('a', 'New name')]);
  });

  it.each([
    ['not JSON', '[{'],
    ['an object', '{"a":1}'],
    ['wrong entries', '[{"event":{"id":3},"selectedAt":"x"}]'],
  ])('treats corrupt storage (%s) as empty, never throws', (_what, raw) => {
    localStorage.setItem(fullKey(StorageKeys.recentEvents), raw);
    expect(readRecentEvents()).toEqual([]);
    expect(rememberRecentEvent(sampleEvent('a'), T0).map((e) => e.id)).toEqual(['a']);
    expect(readRecentEvents().map((e) => e.id)).toEqual(['a']);
  });

  it('keeps recent events stored before events kept their zone, in the default zone', () => {
    const { timezone: _dropped, ...old } = sampleEvent('a');
    localStorage.setItem(fullKey(StorageKeys.recentEvents), JSON.stringify([{ event: old, selectedAt: T0 }]));
    expect(readRecentEvents()).toEqual([{ ...old, timezone: 'America/Chicago' }]);
  });

  it("remembers the venue's zone", () => {
    rememberRecentEvent({ ...sampleEvent('a'), timezone: 'Europe/London' }, T0);
    expect(readRecentEvents()[0]?.timezone).toBe('Europe/London');
  });

  it('drops duplicated entries found in storage', () => {
    localStorage.setItem(
      fullKey(StorageKeys.recentEvents),
      JSON.stringify([
        { event: sampleEvent('a'), selectedAt: T0 + 2 },
        { event: sampleEvent('a'), selectedAt: T0 + 1 },
        { event: sampleEvent('b'), selectedAt: T0 },
      ]),
    );
    expect(readRecentEvents().map((e) => e.id)).toEqual(['a', 'b']);
  });
});

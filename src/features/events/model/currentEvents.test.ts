import { currentFromListed, currentFromSearch, liveOnly } from './currentEvents';
import type { EventSummary } from './eventTypes';
import type { ListedEvent } from './listedEvent';

const NOW = Date.parse('2026-05-01T18:30:00.000Z');
const HOUR = 60 * 60 * 1000;

const summary: EventSummary = {
  id: 'e-1',
  name: 'Cup final',
  sport: 'Soccer',
  startTime: new Date(NOW - HOUR).toISOString(),
  endTime: null,
  timezone: 'America/Chicago',
  location: { name: 'Soldier Field', city: 'Chicago', state: 'IL', latitude: 41.8623, longitude: -87.6167 },
  distance: null,
};

describe('liveOnly', () => {
  it('keeps the events LIVE at now (start ≤ now ≤ end, or start + 3 h), in order', () => {
    const at = (id: string, startMs: number, endMs: number | null) => ({
      id,
      startTime: new Date(NOW + startMs).toISOString(),
      endTime: endMs === null ? null : new Date(NOW + endMs).toISOString(),
    });
    const events = [
      at('open-ended', -2 * HOUR, null),
      at('ended', -3 * HOUR, -1),
      at('starts-now', 0, HOUR),
      at('later', 1, HOUR),
      at('too-long-ago', -3 * HOUR - 1, null),
      at('ends-now', -HOUR, 0),
    ];
    expect(liveOnly(events, NOW).map((e) => e.id)).toEqual(['open-ended', 'starts-now', 'ends-now']);
  });
});

describe('currentFromListed', () => {
  it('keeps the event in the search shape, its distance in km, and the miles beside it', () => {
    const listed: ListedEvent = { ...summary, distanceMiles: 2.5, clipCount: 3, tagCount: 1 };
    const { event, distanceMiles } = currentFromListed(listed);
    expect(distanceMiles).toBe(2.5);
    expect(event).toEqual({ ...summary, distance: 2.5 * 1.609344 });
    expect(event).not.toHaveProperty('clipCount');
    expect(event).not.toHaveProperty('distanceMiles');
  });

  it('an unknown distance stays unknown', () => {
    const { distance: _km, ...rest } = summary;
    expect(currentFromListed({ ...rest, distanceMiles: null, clipCount: 0, tagCount: 0 })).toEqual({
      event: summary,
      distanceMiles: null,
    });
  });
});

describe('currentFromSearch', () => {
  it("the API's kilometres as miles", () => {
    expect(currentFromSearch({ ...summary, distance: 16.09344 }, null).distanceMiles).toBeCloseTo(10, 6);
  });

  it('without one: measured from the device to the venue (to 0.1 mi)', () => {
    const device = { latitude: 41.9484, longitude: -87.6553 }; // Wrigley Field
    expect(currentFromSearch(summary, device).distanceMiles).toBe(6.3);
  });

  it('unknown without a device location or venue coordinates', () => {
    expect(currentFromSearch(summary, null).distanceMiles).toBeNull();
    const nowhere = { ...summary, location: { ...summary.location, latitude: null, longitude: null } };
    expect(currentFromSearch(nowhere, { latitude: 41, longitude: -87 }).distanceMiles).toBeNull();
  });
});

import { nearestFirst, toListedEvent, withDistanceFrom, type ListedEvent } from './listedEvent';
import * as v from 'valibot';
import { eventSchema } from '../../../domain/event';
import { apiEvent } from '../../../test/data/eventListFixtures';

const parse = (raw: unknown) => toListedEvent(v.parse(eventSchema, raw));

describe('toListedEvent', () => {
  it("reads the shared event shape, the user's counts, and the distance as miles", () => {
    expect(parse(apiEvent({ distance: 3.2, clipCount: 2, tagCount: 1 }))).toEqual({
      id: 'e-1',
      name: 'Cubs vs Cardinals',
      sport: 'Baseball',
      startTime: '2026-05-01T18:00:00.000Z',
      endTime: null,
      timezone: 'America/Chicago',
      location: { name: 'Wrigley Field', city: 'Chicago', state: 'IL', latitude: 41.9484, longitude: -87.6553 },
      distanceMiles: 3.2,
      clipCount: 2,
      tagCount: 1,
    });
  });

  it('counts are 0 when the answer leaves them out; no distance is null', () => {
    const event = parse({ ...apiEvent(), clipCount: undefined, tagCount: null });
    expect(event).toMatchObject({ clipCount: 0, tagCount: 0, distanceMiles: null });
  });

  it('refuses a negative or fractional count', () => {
    expect(v.safeParse(eventSchema, apiEvent({ clipCount: -1 })).success).toBe(false);
    expect(v.safeParse(eventSchema, apiEvent({ tagCount: 1.5 })).success).toBe(false);
  });
});

describe('withDistanceFrom', () => {
  const event = parse(apiEvent());
  it('measures from the venue when the API did not', () => {
    expect(withDistanceFrom(event, { latitude: 41.8623, longitude: -87.6167 }).distanceMiles).toBe(6.3);
  });
  it("keeps the API's distance", () => {
    expect(withDistanceFrom({ ...event, distanceMiles: 1.1 }, { latitude: 0, longitude: 0 }).distanceMiles).toBe(1.1);
  });
  it('stays unknown for a venue without coordinates', () => {
    const nowhere: ListedEvent = { ...event, location: { ...event.location, latitude: null, longitude: null } };
    expect(withDistanceFrom(nowhere, { latitude: 0, longitude: 0 }).distanceMiles).toBeNull();
  });
});

describe('nearestFirst', () => {
  it('orders by distance, then start', () => {
    const base = parse(apiEvent());
    const a = { ...base, id: 'a', distanceMiles: 5, startTime: '2026-05-01T10:00:00Z' };
    const b = { ...base, id: 'b', distanceMiles: 1, startTime: '2026-05-03T10:00:00Z' };
    const c = { ...base, id: 'c', distanceMiles: 1, startTime: '2026-05-02T10:00:00Z' };
    const d = { ...base, id: 'd', distanceMiles: null, startTime: '2026-05-01T00:00:00Z' };
    expect([a, b, c, d].sort(nearestFirst).map((e) => e.id)).toEqual(['c', 'b', 'a', 'd']);
  });
});

import * as v from 'valibot';
import { eventSchema, toEvent } from './event';

/** An event as GET /events sends it (docs/api.md "Events"). */
const wireEvent = {
  id: '7f9c2b1e-0000-4000-8000-000000000001',
  name: 'City Cup Final',
  sport: 'Soccer',
  startTime: '2026-07-04T23:00:00.000Z',
  endTime: '2026-07-05T01:00:00.000Z',
  locationId: 'loc-1',
  timezone: 'America/New_York',
  location: {
    id: 'loc-1',
    name: 'Fenway Park',
    city: 'Boston',
    state: 'MA',
    address: '4 Jersey St',
    coordinates: { lat: 42.3467, lng: -71.0972 },
    latitude: 42.3467,
    longitude: -71.0972,
  },
  clipCount: 3,
  tagCount: 1,
};

describe('the event schema', () => {
  it('reads an event with its counts into what the screens show', () => {
    const raw = v.parse(eventSchema, wireEvent);
    expect(raw).toMatchObject({ clipCount: 3, tagCount: 1, distance: null });
    expect(toEvent(raw)).toEqual({
      id: wireEvent.id,
      name: 'City Cup Final',
      sport: 'Soccer',
      startTime: '2026-07-04T23:00:00.000Z',
      endTime: '2026-07-05T01:00:00.000Z',
      timezone: 'America/New_York',
      location: { name: 'Fenway Park', city: 'Boston', state: 'MA', latitude: 42.3467, longitude: -71.0972 },
    });
  });

  it('reads a numeric id as text, and a bare event with the defaults', () => {
    const bare = v.parse(eventSchema, { id: 9, name: 'Pickup', startTime: '2026-05-01T18:00:00.000Z' });
    expect(bare).toMatchObject({ id: '9', sport: null, endTime: null, location: null, clipCount: null, tagCount: null });
    expect(toEvent(bare)).toMatchObject({ sport: '', timezone: 'America/Chicago', location: { name: 'Location TBD' } });
  });

  it('takes the location’s zone when the event has none, and the default for an unknown one', () => {
    const onLocation = { ...wireEvent, timezone: null, location: { ...wireEvent.location, timezone: 'Europe/Berlin' } };
    expect(toEvent(v.parse(eventSchema, onLocation)).timezone).toBe('Europe/Berlin');
    expect(toEvent(v.parse(eventSchema, { ...wireEvent, timezone: 'Mars/Base' })).timezone).toBe('America/Chicago');
  });

  it.each([
    ['no name', { ...wireEvent, name: undefined }, 'name'],
    ['a start time that is a number', { ...wireEvent, startTime: 1_700_000_000 }, 'startTime'],
    ['a negative clip count', { ...wireEvent, clipCount: -1 }, 'clipCount'],
    ['a tag count that is not whole', { ...wireEvent, tagCount: 1.5 }, 'tagCount'],
    ['a location that is text', { ...wireEvent, location: 'Fenway' }, 'location'],
  ])('refuses an event with %s, naming the field', (_what, raw, field) => {
    const parsed = v.safeParse(eventSchema, raw);
    expect(parsed.success).toBe(false);
    expect(parsed.issues?.[0] && v.getDotPath(parsed.issues[0])).toBe(field);
  });
});

import * as v from 'valibot';
import { eventLocationSchema, locationSchema, toVenue } from './location';

/** A location as GET /locations/search sends it near a point (docs/api.md "Locations"). */
const wireLocation = {
  id: 17,
  name: 'Fenway Park',
  timezone: 'America/New_York',
  address: '4 Jersey St',
  city: 'Boston',
  state: 'MA',
  zip: '02215',
  latitude: 42.3467,
  longitude: -71.0972,
  distance: 1.2,
};

describe('the location schema', () => {
  it('reads a location, its id as text', () => {
    expect(v.parse(locationSchema, wireLocation)).toEqual({ ...wireLocation, id: '17', coordinates: null });
  });

  it('needs only the id: every other field is read as null when missing', () => {
    expect(v.parse(locationSchema, { id: 'loc-1' })).toMatchObject({ id: 'loc-1', name: null, latitude: null, distance: null });
  });

  it.each([
    ['no id', { ...wireLocation, id: undefined }, 'id'],
    ['a name that is not text', { ...wireLocation, name: 5 }, 'name'],
    ['a latitude that is text', { ...wireLocation, latitude: '42.3' }, 'latitude'],
  ])('refuses a location with %s, naming the field', (_what, raw, field) => {
    const parsed = v.safeParse(locationSchema, raw);
    expect(parsed.success).toBe(false);
    expect(parsed.issues?.[0] && v.getDotPath(parsed.issues[0])).toBe(field);
  });
});

describe('an event’s venue', () => {
  it('does not need an id, and shows the defaults for what is missing', () => {
    const venue = v.parse(eventLocationSchema, { name: '', coordinates: { lat: 40, lng: -80 } });
    expect(toVenue(venue)).toEqual({ name: 'Location TBD', city: 'TBD', state: 'TBD', latitude: 40, longitude: -80 });
    expect(toVenue(null)).toEqual({ name: 'Location TBD', city: 'TBD', state: 'TBD', latitude: null, longitude: null });
  });

  it('takes the coordinates from latitude/longitude when there is no coordinates object', () => {
    const { id: _id, distance: _distance, ...inline } = wireLocation;
    expect(toVenue(v.parse(eventLocationSchema, inline))).toEqual({
      name: 'Fenway Park',
      city: 'Boston',
      state: 'MA',
      latitude: 42.3467,
      longitude: -71.0972,
    });
  });
});

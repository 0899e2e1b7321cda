import assert from 'node:assert/strict';
import { test } from 'node:test';
import { toVenue } from '../lib/venues';

test('a venue listed without its time zone gets the zone at its coordinates, not Chicago’s', () => {
  const madison = toVenue({ id: 'msg', name: 'Madison Square Garden', latitude: 40.7505, longitude: -73.9934 });
  assert.equal(madison?.timezone, 'America/New_York');
  const given = toVenue({ id: 'x', name: 'X', latitude: 40.7505, longitude: -73.9934, timezone: 'Europe/London' });
  assert.equal(given?.timezone, 'Europe/London', 'a listed zone is kept');
  assert.equal(toVenue({ id: 'y', name: 'Y', latitude: 'north', longitude: 0 }), null);
});

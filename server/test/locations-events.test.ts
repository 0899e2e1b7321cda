import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { bearer, signIn, startApp, type SignedIn, type TestApp } from './helpers';

interface Envelope<T = unknown> {
  success: boolean;
  data: T;
  code?: string;
  details?: Record<string, string> | null;
}
interface Loc {
  id: string;
  name: string;
  timezone: string;
  city: string;
  latitude: number;
  longitude: number;
  distance?: number;
}
interface Ev {
  id: string;
  name: string;
  sport: string;
  startTime: string;
  endTime: string | null;
  location: { name: string; city: string; state: string; coordinates: { lat: number; lng: number }; latitude: number };
  distance?: number;
}

describe('locations and events', () => {
  let t: TestApp;
  let admin: SignedIn;
  let user: SignedIn;
  before(async () => {
    t = await startApp();
    admin = await signIn(t.app, 'admin@example.com', true);
    user = await signIn(t.app, 'fan@example.com');
  });
  after(async () => {
    await t.close();
  });

  const post = (url: string, token: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as Record<string, unknown> });
  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

  test('POST /locations: ADMIN only, validation, default name, timezone from coordinates', async () => {
    const body = {
      name: 'Dodger Stadium',
      address: '1000 Vin Scully Ave',
      city: 'Los Angeles',
      state: 'CA',
      zip: '90012',
      latitude: 34.0739,
      longitude: -118.24,
    };
    const forbidden = await post('/api/v1/locations', user.token, body);
    assert.equal(forbidden.statusCode, 403);
    assert.equal((forbidden.json() as Envelope).code, 'FORBIDDEN');
    const unauth = await t.app.inject({ method: 'POST', url: '/api/v1/locations', payload: body });
    assert.equal(unauth.statusCode, 401);

    const created = await post('/api/v1/locations', admin.token, body);
    assert.equal(created.statusCode, 201);
    const loc = (created.json() as Envelope<Loc>).data;
    assert.equal(loc.name, 'Dodger Stadium');
    assert.equal(loc.timezone, 'America/Los_Angeles');

    const unnamed = await post('/api/v1/locations', admin.token, { latitude: 40.7128, longitude: -74.006 });
    assert.equal(unnamed.statusCode, 201);
    assert.equal((unnamed.json() as Envelope<Loc>).data.name, 'Unnamed Location');
    assert.equal((unnamed.json() as Envelope<Loc>).data.timezone, 'America/New_York');

    const invalid = await post('/api/v1/locations', admin.token, { name: 'X', latitude: 95, longitude: 'abc' });
    assert.equal(invalid.statusCode, 400);
    const e = invalid.json() as Envelope;
    assert.equal(e.code, 'INVALID_INPUT');
    assert.ok(e.details?.['body.latitude']);
    assert.ok(e.details?.['body.longitude']);
  });

  test('GET /locations/search: substring on name/city/address, case-insensitive; near + radius in miles', async () => {
    const byCity = (await get('/api/v1/locations/search?q=chicago', user.token)).json() as Envelope<Loc[]>;
    assert.deepEqual(byCity.data.map((l) => l.name).sort(), ['United Center', 'Wrigley Field']);
    assert.deepEqual(Object.keys(byCity.data[0] ?? {}).sort(), [
      'address',
      'city',
      'id',
      'latitude',
      'longitude',
      'name',
      'state',
      'timezone',
      'zip',
    ]);
    const byName = (await get('/api/v1/locations/search?q=LAMBEAU', user.token)).json() as Envelope<Loc[]>;
    assert.deepEqual(
      byName.data.map((l) => l.id),
      ['venue-lambeau'],
    );
    const byAddress = (await get('/api/v1/locations/search?q=addison', user.token)).json() as Envelope<Loc[]>;
    assert.deepEqual(
      byAddress.data.map((l) => l.id),
      ['venue-wrigley'],
    );
    const none = (await get('/api/v1/locations/search?q=zzzz', user.token)).json() as Envelope<Loc[]>;
    assert.deepEqual(none.data, []);

    const near = (await get('/api/v1/locations/search?near=41.9484,-87.6553&radius=10', user.token)).json() as Envelope<Loc[]>;
    assert.deepEqual(
      near.data.map((l) => l.id),
      ['venue-wrigley', 'venue-unitedcenter'],
    );
    assert.equal(near.data[0]?.distance, 0);
    assert.ok(Math.abs((near.data[1]?.distance ?? 0) - 4.8) < 0.3, String(near.data[1]?.distance));
    const wide = (await get('/api/v1/locations/search?near=41.9484,-87.6553&radius=250', user.token)).json() as Envelope<Loc[]>;
    assert.equal(wide.data.at(-1)?.id, 'venue-lambeau');
    const bad = await get('/api/v1/locations/search?near=abc', user.token);
    assert.equal(bad.statusCode, 400);
  });

  test('a search point almost opposite a venue on the globe: an answer, the venue half the Earth away', async () => {
    // At these two points the haversine rounds a hair past 1, where PostgreSQL's asin fails the whole query.
    const created = await post('/api/v1/locations', admin.token, {
      name: 'Far Side Field',
      latitude: 59.392629228,
      longitude: 103.042722983,
    });
    assert.equal(created.statusCode, 201, created.body);
    const opposite = 'near=-59.392629031,-76.957276186';
    const locations = await get(`/api/v1/locations/search?q=far%20side&${opposite}&radius=12500`, user.token);
    assert.equal(locations.statusCode, 200, locations.body);
    const [far] = (locations.json() as Envelope<Loc[]>).data;
    assert.ok(far && Math.abs((far.distance ?? 0) - Math.PI * 3959) < 1, locations.body);
    for (const url of [`/api/v1/events/search?${opposite}`, `/api/v1/events/text-search?q=&${opposite}`]) {
      const res = await get(url, user.token);
      assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
    }
  });

  test('POST /events: ADMIN only, per-field validation, unknown location → 404', async () => {
    const ok = {
      name: 'Cubs vs Sox',
      sport: 'baseball',
      startTime: '2030-06-01T18:00:00.000Z',
      endTime: null,
      locationId: 'venue-wrigley',
    };
    const forbidden = await post('/api/v1/events', user.token, ok);
    assert.equal(forbidden.statusCode, 403);
    const created = await post('/api/v1/events', admin.token, ok);
    assert.equal(created.statusCode, 201);
    const ev = (created.json() as Envelope<Ev>).data;
    assert.equal(ev.startTime, '2030-06-01T18:00:00.000Z');
    assert.equal(ev.endTime, null);
    assert.equal(ev.location.name, 'Wrigley Field');
    assert.deepEqual(ev.location.coordinates, { lat: 41.9484, lng: -87.6553 });

    const invalid = await post('/api/v1/events', admin.token, { name: '', sport: 'x', startTime: 'tomorrow', endTime: 'x' });
    assert.equal(invalid.statusCode, 400);
    const e = invalid.json() as Envelope;
    assert.equal(e.code, 'INVALID_INPUT');
    for (const f of ['name', 'startTime', 'endTime', 'locationId']) assert.ok(e.details?.[`body.${f}`], f);
    assert.equal(e.details?.['body.locationId'], 'is required');
    const backwards = await post('/api/v1/events', admin.token, { ...ok, endTime: '2030-06-01T17:00:00Z' });
    assert.equal(backwards.statusCode, 400);
    assert.equal((backwards.json() as Envelope).details?.['body.endTime'], 'must not be before startTime');
    const unknown = await post('/api/v1/events', admin.token, { ...ok, locationId: 'nowhere' });
    assert.equal(unknown.statusCode, 404);
  });

  test('GET /events/text-search: q matching, near/radius km, live → upcoming → recent order', async () => {
    const now = t.clock.now();
    const iso = (offsetH: number) => new Date(now + offsetH * 3600_000).toISOString();
    const mk = async (name: string, sport: string, locationId: string, startH: number, endH: number | null) => {
      const res = await post('/api/v1/events', admin.token, {
        name,
        sport,
        startTime: iso(startH),
        endTime: endH === null ? null : iso(endH),
        locationId,
      });
      assert.equal(res.statusCode, 201, res.body);
    };
    await mk('Packers Game', 'football', 'venue-lambeau', 48, 51); // upcoming, later
    await mk('Bulls Game', 'basketball', 'venue-unitedcenter', 2, 4); // upcoming, sooner
    await mk('Old Bulls Game', 'basketball', 'venue-unitedcenter', -48, -46); // recent
    await mk('Live Hockey', 'hockey', 'venue-unitedcenter', -1, 1); // live
    await mk('Open Ended Live', 'hockey', 'venue-wrigley', -1, null); // live (no end)

    const all = (await get('/api/v1/events/text-search?q=game', user.token)).json() as Envelope<Ev[]>;
    assert.deepEqual(
      all.data.map((e) => e.name),
      ['Bulls Game', 'Packers Game', 'Old Bulls Game'],
    );

    const bySport = (await get('/api/v1/events/text-search?q=HOCKEY', user.token)).json() as Envelope<Ev[]>;
    assert.deepEqual(bySport.data.map((e) => e.name).sort(), ['Live Hockey', 'Open Ended Live']);
    const byCity = (await get('/api/v1/events/text-search?q=green%20bay', user.token)).json() as Envelope<Ev[]>;
    assert.deepEqual(
      byCity.data.map((e) => e.name),
      ['Packers Game'],
    );

    const near = (await get('/api/v1/events/text-search?q=&near=41.8807,-87.6742&radius=50', user.token)).json() as Envelope<
      Ev[]
    >;
    const names = near.data.map((e) => e.name);
    assert.ok(!names.includes('Packers Game'));
    assert.equal(near.data[0]?.location.name === 'United Center' || near.data[0]?.location.name === 'Wrigley Field', true);
    assert.ok(['Live Hockey', 'Open Ended Live'].includes(names[0] ?? ''));
    const hockey = near.data.find((e) => e.name === 'Live Hockey');
    assert.equal(hockey?.distance, 0);
    const far = (
      await get('/api/v1/events/text-search?q=packers&near=41.8807,-87.6742&radius=500', user.token)
    ).json() as Envelope<Ev[]>;
    assert.equal(far.data.length, 1);
    assert.ok(Math.abs((far.data[0]?.distance ?? 0) - 294) < 10, String(far.data[0]?.distance));
    const unauth = await t.app.inject({ method: 'GET', url: '/api/v1/events/text-search?q=x' });
    assert.equal(unauth.statusCode, 401);
  });
});

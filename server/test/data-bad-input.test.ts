import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { bearer, signIn, startApp, type SignedIn, type TestApp } from './helpers';
import { makeVideo, multipart, type Clip, type Envelope } from './mediaFixtures';

/**
 * Bad input on the data routes (events, locations, places, clips, media) is a 400 with the envelope, never a
 * 500. Upload bodies (multipart) are covered in data-uploads.test.ts.
 */

interface Case {
  name: string;
  method?: 'GET' | 'POST';
  url: string;
  /** An object is sent as JSON; a string is sent as a raw JSON text (for 1e309, lone surrogates, …). */
  body?: unknown;
  /** The details key that names the bad field, when the route's schema (not the global hook) refuses it. */
  field?: string;
}

const EVENT = { name: 'Game', sport: 'soccer', startTime: '2030-01-01T10:00:00Z', endTime: null, locationId: 'venue-wrigley' };
const LOCATION = { name: 'Park', latitude: 40, longitude: -100 };
const json = (value: object, replace: [string, string]): string => JSON.stringify(value).replace(...replace);

describe('bad input → 400 INVALID_INPUT with the envelope', () => {
  let t: TestApp;
  let admin: SignedIn;
  let clip: Clip;

  before(async () => {
    t = await startApp();
    admin = await signIn(t.app, 'admin@example.com', true);
    const { payload, headers } = multipart([{ name: 'video', value: await makeVideo(), filename: 'a.mp4', type: 'video/mp4' }]);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/v1/uploads',
      headers: { ...bearer(admin.token), ...headers },
      payload,
    });
    clip = (up.json() as Envelope<Clip>).data;
  });
  after(async () => {
    await t.close();
  });

  const send = (c: Case) => {
    const headers: Record<string, string> = bearer(admin.token);
    if (typeof c.body === 'string') headers['content-type'] = 'application/json';
    return t.app.inject({
      method: c.method ?? 'GET',
      url: c.url,
      headers,
      ...(c.body === undefined ? {} : { payload: c.body as string }),
    });
  };

  const expectAll400 = async (cases: Case[]) => {
    for (const c of cases) {
      const res = await send(c);
      assert.equal(res.statusCode, 400, `${c.name}: ${res.body}`);
      const body = res.json() as Envelope;
      assert.equal(body.success, false, c.name);
      assert.equal(body.code, 'INVALID_INPUT', c.name);
      assert.equal(typeof body.error, 'string', c.name);
      if (c.field) assert.ok(body.details && c.field in body.details, `${c.name}: ${JSON.stringify(body.details)}`);
    }
  };

  test('NUL bytes and lone UTF-16 surrogates in params, query and body', async () => {
    await expectAll400([
      { name: 'event id NUL', url: '/api/v1/events/%00' },
      { name: 'clip id NUL', url: '/api/v1/clips/%00' },
      { name: 'events q NUL', url: '/api/v1/events/text-search?q=a%00b' },
      { name: 'locations q NUL', url: '/api/v1/locations/search?q=%00' },
      { name: 'places input NUL', url: '/api/v1/places/autocomplete?input=%00' },
      { name: 'places placeId NUL', url: '/api/v1/places/details?placeId=venue%00' },
      { name: 'geocode address NUL', url: '/api/v1/places/geocode?address=%00' },
      { name: 'media sig NUL', url: `${clip.videoUrl}%00` },
      { name: 'event name NUL', method: 'POST', url: '/api/v1/events', body: { ...EVENT, name: 'a\u0000' } },
      { name: 'location city NUL', method: 'POST', url: '/api/v1/locations', body: { ...LOCATION, city: 'x\u0000' } },
      {
        name: 'event name lone surrogate',
        method: 'POST',
        url: '/api/v1/events',
        body: json(EVENT, ['"Game"', '"Ga\\ud800me"']),
      },
      {
        name: 'location name lone surrogate',
        method: 'POST',
        url: '/api/v1/locations',
        body: json(LOCATION, ['"Park"', '"\\udc00"']),
      },
    ]);
    // Invalid UTF-8 in a query is not a surrogate once decoded: searched for as given, never a 500.
    const odd = await send({ name: 'odd', url: '/api/v1/locations/search?q=%ED%A0%80' });
    assert.equal(odd.statusCode, 200);
  });

  test('numbers that underflow or overflow: 1e-320, 1e309 in lat, lng and radius', async () => {
    await expectAll400([
      {
        name: 'POST location lat 1e-320',
        method: 'POST',
        url: '/api/v1/locations',
        body: { ...LOCATION, latitude: 1e-320 },
        field: 'body.latitude',
      },
      {
        name: 'POST location lng 1e309',
        method: 'POST',
        url: '/api/v1/locations',
        body: json(LOCATION, ['-100', '1e309']),
        field: 'body.longitude',
      },
      {
        name: 'POST location lat -1e309',
        method: 'POST',
        url: '/api/v1/locations',
        body: json(LOCATION, [':40', ':-1e309']),
        field: 'body.latitude',
      },
      {
        name: 'POST location lat as string 1e-320',
        method: 'POST',
        url: '/api/v1/locations',
        body: { ...LOCATION, latitude: '1e-320' },
        field: 'body.latitude',
      },
      { name: 'locations near 1e-320', url: '/api/v1/locations/search?near=1e-320,0', field: 'query.near' },
      { name: 'locations near 1e309', url: '/api/v1/locations/search?near=0,1e309', field: 'query.near' },
      { name: 'locations radius 1e-320', url: '/api/v1/locations/search?near=0,0&radius=1e-320', field: 'query.radius' },
      { name: 'locations radius 1e309', url: '/api/v1/locations/search?near=0,0&radius=1e309', field: 'query.radius' },
      { name: 'locations radius 0', url: '/api/v1/locations/search?near=0,0&radius=0', field: 'query.radius' },
      { name: 'events near 1e-320', url: '/api/v1/events/text-search?near=0,-1e-320', field: 'query.near' },
      { name: 'events radius 1e309', url: '/api/v1/events/text-search?near=0,0&radius=1e309', field: 'query.radius' },
      { name: 'events near out of range', url: '/api/v1/events/text-search?near=91,0', field: 'query.near' },
      { name: 'geocode latlng 1e309', url: '/api/v1/places/geocode?latlng=1e309,0', field: 'query.latlng' },
      { name: 'geocode latlng 1e-320', url: '/api/v1/places/geocode?latlng=0,1e-320', field: 'query.latlng' },
      { name: 'geocode latlng text', url: '/api/v1/places/geocode?latlng=north', field: 'query.latlng' },
    ]);
  });

  test('tiny but valid coordinates are stored and searched without a database underflow', async () => {
    const created = await send({
      name: 'tiny',
      method: 'POST',
      url: '/api/v1/locations',
      body: { name: 'Null Island', latitude: 1e-200, longitude: -1e-200 },
    });
    assert.equal(created.statusCode, 201, created.body);
    for (const url of ['/api/v1/locations/search?near=0,0&radius=1', '/api/v1/locations/search?near=1e-7,0&radius=1']) {
      const res = await send({ name: url, url });
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(
        (res.json() as Envelope<{ name: string; distance: number }[]>).data.map((l) => [l.name, l.distance]),
        [['Null Island', 0]],
      );
    }
  });

  test('repeated query parameters (which arrive as arrays)', async () => {
    await expectAll400([
      { name: 'events near twice', url: '/api/v1/events/text-search?near=1,2&near=3,4', field: 'query.near' },
      { name: 'events q twice', url: '/api/v1/events/text-search?q=a&q=b', field: 'query.q' },
      { name: 'events radius twice', url: '/api/v1/events/text-search?near=1,2&radius=1&radius=2', field: 'query.radius' },
      { name: 'locations near twice', url: '/api/v1/locations/search?near=1,2&near=3,4', field: 'query.near' },
      { name: 'locations q twice', url: '/api/v1/locations/search?q=a&q=b', field: 'query.q' },
      { name: 'autocomplete input twice', url: '/api/v1/places/autocomplete?input=a&input=b', field: 'query.input' },
      { name: 'details placeId twice', url: '/api/v1/places/details?placeId=a&placeId=b', field: 'query.placeId' },
      { name: 'geocode latlng twice', url: '/api/v1/places/geocode?latlng=1,2&latlng=3,4', field: 'query.latlng' },
      { name: 'geocode address twice', url: '/api/v1/places/geocode?address=a&address=b', field: 'query.address' },
      { name: 'media exp twice', url: `${clip.videoUrl}&exp=1`, field: 'query.exp' },
    ]);
  });

  test('ids that are not UUIDs', async () => {
    await expectAll400([
      { name: 'event id of 36 dashes', url: `/api/v1/events/${'-'.repeat(36)}`, field: 'params.id' },
      { name: 'event id of hex and dashes', url: `/api/v1/events/${'a-'.repeat(18)}`, field: 'params.id' },
      { name: 'clip id of 36 dashes', url: `/api/v1/clips/${'-'.repeat(36)}`, field: 'params.id' },
      { name: 'clip id word', url: '/api/v1/clips/latest', field: 'params.id' },
      { name: 'media id', url: `/media/clips/${'-'.repeat(36)}/video?exp=1&sig=x`, field: 'params.id' },
    ]);
  });

  test('dates outside 0001–9999 and not dates', async () => {
    await expectAll400([
      {
        name: 'startTime year 0000',
        method: 'POST',
        url: '/api/v1/events',
        body: { ...EVENT, startTime: '0000-06-01T10:00:00Z' },
        field: 'body.startTime',
      },
      {
        name: 'startTime year 10000',
        method: 'POST',
        url: '/api/v1/events',
        body: { ...EVENT, startTime: '10000-06-01T10:00:00Z' },
        field: 'body.startTime',
      },
      {
        name: 'startTime before 0001 in UTC',
        method: 'POST',
        url: '/api/v1/events',
        body: { ...EVENT, startTime: '0001-01-01T00:30:00+01:00' },
        field: 'body.startTime',
      },
      {
        name: 'endTime year 0000',
        method: 'POST',
        url: '/api/v1/events',
        body: { ...EVENT, endTime: '0000-06-01T10:00:00Z' },
        field: 'body.endTime',
      },
      {
        name: 'startTime 31 February',
        method: 'POST',
        url: '/api/v1/events',
        body: { ...EVENT, startTime: '2030-02-31T10:00:00Z' },
        field: 'body.startTime',
      },
      {
        name: 'startTime without zone',
        method: 'POST',
        url: '/api/v1/events',
        body: { ...EVENT, startTime: '2030-06-01T10:00:00' },
        field: 'body.startTime',
      },
    ]);
    const edge = await send({
      name: 'edge',
      method: 'POST',
      url: '/api/v1/events',
      body: { ...EVENT, startTime: '0001-01-01T00:00:00Z', endTime: '9999-12-31T23:59:59Z' },
    });
    assert.equal(edge.statusCode, 201, edge.body);
    const created = (JSON.parse(edge.body) as { data: { startTime: string; endTime: string } }).data;
    assert.deepEqual([created.startTime, created.endTime], ['0001-01-01T00:00:00.000Z', '9999-12-31T23:59:59.000Z']);
  });

  test('bodies of the wrong shape', async () => {
    await expectAll400([
      { name: 'event body an array', method: 'POST', url: '/api/v1/events', body: '[1,2]', field: 'body' },
      { name: 'event body a string', method: 'POST', url: '/api/v1/events', body: '"event"', field: 'body' },
      { name: 'event body absent', method: 'POST', url: '/api/v1/events', field: 'body' },
      { name: 'event name a number', method: 'POST', url: '/api/v1/events', body: { ...EVENT, name: 5 }, field: 'body.name' },
      {
        name: 'event locationId an array',
        method: 'POST',
        url: '/api/v1/events',
        body: { ...EVENT, locationId: ['venue-wrigley'] },
        field: 'body.locationId',
      },
      { name: 'location body null', method: 'POST', url: '/api/v1/locations', body: 'null', field: 'body' },
      {
        name: 'location latitude missing',
        method: 'POST',
        url: '/api/v1/locations',
        body: { longitude: 1 },
        field: 'body.latitude',
      },
      {
        name: 'location name too long',
        method: 'POST',
        url: '/api/v1/locations',
        body: { ...LOCATION, name: 'x'.repeat(201) },
        field: 'body.name',
      },
      { name: 'details placeId missing', url: '/api/v1/places/details', field: 'query.placeId' },
      { name: 'geocode nothing', url: '/api/v1/places/geocode', field: 'query.address' },
    ]);
  });
});

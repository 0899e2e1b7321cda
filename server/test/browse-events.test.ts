import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Pagination } from '../lib/clipViews';
import type { EventView } from '../routes/events';
import { BrowseApp, insertClip, insertEvent, insertTag } from './browseFixtures';
import { bearer, signIn, TEST_VENUES, type SignedIn } from './helpers';
import type { Envelope } from './mediaFixtures';

/** Discovering events (docs/product/part-2.md §4, §7, §9): time filters on the injected clock, search near a point. */

const NOW = Date.parse('2030-06-15T18:00:00.000Z');
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const t = (offsetMs: number) => new Date(NOW + offsetMs);

/** Great-circle miles as the product computes them (Earth radius 3959 mi, docs/product/part-2.md §9). */
function miles(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h =
    Math.sin(rad(b.latitude - a.latitude) / 2) ** 2 +
    Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(rad(b.longitude - a.longitude) / 2) ** 2;
  return 2 * 3959 * Math.asin(Math.sqrt(h));
}
const venue = (id: string) => {
  const v = TEST_VENUES.find((x) => x.id === id);
  if (!v) throw new Error(id);
  return v;
};

type Listed = Envelope<EventView[]> & { pagination: Pagination };

describe('discovering events', () => {
  let b: BrowseApp;
  let alice: SignedIn;
  let bob: SignedIn;
  const id: Record<string, string> = {};

  const get = (url: string, token?: string) => b.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  const list = async (url: string, token = alice.token): Promise<Listed> => {
    const res = await get(url, token);
    assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
    return res.json() as Listed;
  };
  const names = async (url: string, token = alice.token) => (await list(url, token)).data.map((e) => e.name);

  before(async () => {
    b = await BrowseApp.start({}, NOW);
    alice = await signIn(b.app, 'alice@example.com');
    bob = await signIn(b.app, 'bob@example.com');
    await b.withDb(async (db) => {
      const add = async (name: string, start: Date, end: Date | null, locationId = 'venue-unitedcenter') => {
        id[name] = await insertEvent(db, { name, start, end, locationId });
      };
      await add('Past Game', t(-48 * HOUR), t(-45 * HOUR), 'venue-wrigley');
      await add('Old Open', t(-10 * DAY), null);
      await add('Live Ends Soon', t(-2 * HOUR), t(HOUR));
      await add('Live Open', t(-(3 * HOUR - MIN)), null);
      await add('Open Over', t(-(3 * HOUR + MIN)), null);
      await add('Starts Now', t(0), t(2 * HOUR));
      await add('Soon', t(HOUR), t(3 * HOUR), 'venue-lambeau');
      await add('In A Week', t(7 * DAY), null);
      await add('In Eight Days', t(8 * DAY), null);

      await insertClip(db, { userId: alice.user.id, eventId: id['Past Game'] ?? '', recordedAt: t(-47 * HOUR) });
      await insertClip(db, { userId: alice.user.id, eventId: id['Past Game'] ?? '', recordedAt: t(-46 * HOUR) });
      await insertTag(db, { userId: alice.user.id, eventId: id['Live Open'] ?? '', taggedAt: t(-HOUR) });
      await insertClip(db, { userId: bob.user.id, eventId: id['Old Open'] ?? '', recordedAt: t(-10 * DAY + HOUR) });
      await insertTag(db, { userId: bob.user.id, eventId: id['Past Game'] ?? '', taggedAt: t(-47 * HOUR) });
    });
  });
  after(async () => {
    await b.close();
  });

  test('GET /events: every event, newest start first, with my counts and top-level pagination', async () => {
    const all = await list('/api/v1/events');
    assert.deepEqual(
      all.data.map((e) => e.name),
      ['In Eight Days', 'In A Week', 'Soon', 'Starts Now', 'Live Ends Soon', 'Live Open', 'Open Over', 'Past Game', 'Old Open'],
    );
    assert.deepEqual(all.pagination, { total: 9, hasMore: false, page: 1, limit: 200 });
    const past = all.data.find((e) => e.name === 'Past Game');
    assert.equal(past?.clipCount, 2);
    assert.equal(past?.tagCount, 0);
    assert.equal(all.data.find((e) => e.name === 'Live Open')?.tagCount, 1);
    assert.ok(all.data.every((e) => typeof e.clipCount === 'number' && typeof e.tagCount === 'number'));
    assert.equal(past?.distance, undefined);

    const bobs = await list('/api/v1/events', bob.token);
    const pastForBob = bobs.data.find((e) => e.name === 'Past Game');
    assert.deepEqual([pastForBob?.clipCount, pastForBob?.tagCount], [0, 1]);

    const page2 = await list('/api/v1/events?limit=4&page=2');
    assert.deepEqual(
      page2.data.map((e) => e.name),
      ['Live Ends Soon', 'Live Open', 'Open Over', 'Past Game'],
    );
    assert.deepEqual(page2.pagination, { total: 9, hasMore: true, page: 2, limit: 4 });
    const page3 = await list('/api/v1/events?limit=4&page=3');
    assert.deepEqual(
      page3.data.map((e) => e.name),
      ['Old Open'],
    );
    assert.equal(page3.pagination.hasMore, false);
  });

  test('GET /events/{id}: the event with my clip and tag counts', async () => {
    const res = await get(`/api/v1/events/${id['Past Game']}`, alice.token);
    assert.equal(res.statusCode, 200);
    const event = (res.json() as Envelope<EventView>).data;
    assert.equal(event.name, 'Past Game');
    assert.equal(event.clipCount, 2);
    assert.equal(event.tagCount, 0);
    const forBob = (await get(`/api/v1/events/${id['Past Game']}`, bob.token)).json() as Envelope<EventView>;
    assert.deepEqual([forBob.data.clipCount, forBob.data.tagCount], [0, 1]);
  });

  test('timeFilter=recent: started events, newest first, 20 by default; userAssociated keeps mine', async () => {
    const recent = await list('/api/v1/events?timeFilter=recent');
    assert.deepEqual(
      recent.data.map((e) => e.name),
      ['Starts Now', 'Live Ends Soon', 'Live Open', 'Open Over', 'Past Game', 'Old Open'],
    );
    assert.deepEqual(recent.pagination, { total: 6, hasMore: false, page: 1, limit: 20 });

    // A clip or a tag makes an event mine.
    assert.deepEqual(await names('/api/v1/events?timeFilter=recent&userAssociated=true'), ['Live Open', 'Past Game']);
    assert.deepEqual(await names('/api/v1/events?timeFilter=recent&userAssociated=true', bob.token), ['Past Game', 'Old Open']);
    assert.deepEqual(
      await names('/api/v1/events?timeFilter=recent&userAssociated=false'),
      await names('/api/v1/events?timeFilter=recent'),
    );
    // The app's "is there anything of mine" probe: one row and the total.
    const probe = await list('/api/v1/events?timeFilter=recent&userAssociated=true&limit=1');
    assert.equal(probe.data.length, 1);
    assert.deepEqual(probe.pagination, { total: 2, hasMore: true, page: 1, limit: 1 });
  });

  test('q: the events whose name, sport or venue holds the words (any case), with time filter, mine and pages', async () => {
    assert.deepEqual(await names('/api/v1/events?timeFilter=recent&q=open'), ['Live Open', 'Open Over', 'Old Open']);
    assert.deepEqual(await names('/api/v1/events?timeFilter=recent&q=%20PAST%20'), ['Past Game']);
    assert.deepEqual(await names('/api/v1/events?timeFilter=recent&q=open&userAssociated=true'), ['Live Open']);
    assert.deepEqual(await names('/api/v1/events?timeFilter=recent&q=%25'), []);
    assert.deepEqual(await names('/api/v1/events?q=lambeau'), ['Soon']);
    assert.deepEqual(await names('/api/v1/events?timeFilter=recent&q='), await names('/api/v1/events?timeFilter=recent'));
    const paged = await list('/api/v1/events?timeFilter=recent&q=open&limit=2&page=2');
    assert.deepEqual(
      paged.data.map((e) => e.name),
      ['Old Open'],
    );
    assert.deepEqual(paged.pagination, { total: 3, hasMore: false, page: 2, limit: 2 });
  });

  test('timeFilter=current: live now (an event without end lasts 3 h), by start time', async () => {
    assert.deepEqual(await names('/api/v1/events?timeFilter=current'), ['Live Open', 'Live Ends Soon', 'Starts Now']);
    // Two hours on: the events ending before are over; one ending exactly now still counts; Soon has started.
    b.clock.set(NOW + 2 * HOUR);
    try {
      assert.deepEqual(await names('/api/v1/events?timeFilter=current'), ['Starts Now', 'Soon']);
      assert.deepEqual(await names('/api/v1/events?timeFilter=upcoming'), ['In A Week']);
    } finally {
      b.clock.set(NOW);
    }
  });

  test('an open-ended event exactly 3 h after its start is live for the current filter and text-search alike', async () => {
    b.clock.set(NOW + MIN); // Live Open started 3 h − 1 min before NOW
    try {
      assert.ok((await names('/api/v1/events?timeFilter=current')).includes('Live Open'));
      const found = ((await get('/api/v1/events/text-search?q=', alice.token)).json() as Envelope<EventView[]>).data.map(
        (e) => e.name,
      );
      // Live events come first, then upcoming ones (Soon), then past ones.
      assert.ok(found.indexOf('Live Open') < found.indexOf('Soon'), found.join(', '));
    } finally {
      b.clock.set(NOW);
    }
  });

  test('timeFilter=upcoming: starting after now and within `days` (default 7)', async () => {
    const upcoming = await list('/api/v1/events?timeFilter=upcoming');
    assert.deepEqual(
      upcoming.data.map((e) => e.name),
      ['Soon', 'In A Week'],
    );
    assert.deepEqual(upcoming.pagination, { total: 2, hasMore: false, page: 1, limit: 200 });
    assert.deepEqual(await names('/api/v1/events?timeFilter=upcoming&days=10'), ['Soon', 'In A Week', 'In Eight Days']);
    assert.deepEqual(await names('/api/v1/events?timeFilter=upcoming&days=1'), ['Soon']);
  });

  test('GET /events/search: within radius miles, nearest first, distance in miles to 0.1', async () => {
    const wrigley = venue('venue-wrigley');
    const here = `near=${wrigley.latitude},${wrigley.longitude}`;
    const near = await list(`/api/v1/events/search?${here}`);
    // Default radius 25 mi: Wrigley's event, then the United Center's (about 4.8 mi), by start time.
    assert.deepEqual(
      near.data.map((e) => e.name),
      ['Past Game', 'Old Open', 'Open Over', 'Live Open', 'Live Ends Soon', 'Starts Now', 'In A Week', 'In Eight Days'],
    );
    assert.equal(near.data[0]?.distance, 0);
    const ucMiles = Math.round(miles(wrigley, venue('venue-unitedcenter')) * 10) / 10;
    assert.equal(ucMiles, 4.8);
    assert.ok(near.data.slice(1).every((e) => e.distance === ucMiles));
    assert.equal(near.data[0]?.clipCount, 2);

    const wide = await list(`/api/v1/events/search?${here}&radius=500`);
    const soon = wide.data.at(-1);
    assert.equal(soon?.name, 'Soon');
    assert.equal(soon?.distance, Math.round(miles(wrigley, venue('venue-lambeau')) * 10) / 10);
    assert.ok(Number.isInteger((soon?.distance ?? 0) * 10));
    assert.deepEqual(await names(`/api/v1/events/search?${here}&radius=4`), ['Past Game']);
    assert.deepEqual(await names(`/api/v1/events/search?${here}&limit=2`), ['Past Game', 'Old Open']);
    assert.equal((await list(`/api/v1/events/search?${here}&radius=12500`)).data.length, 9);
  });

  test('GET /events/search&time: only events not over at that time', async () => {
    const wrigley = venue('venue-wrigley');
    const here = `near=${wrigley.latitude},${wrigley.longitude}&radius=500`;
    const at = new Date(NOW).toISOString();
    assert.deepEqual(await names(`/api/v1/events/search?${here}&time=${encodeURIComponent(at)}`), [
      'Live Open',
      'Live Ends Soon',
      'Starts Now',
      'In A Week',
      'In Eight Days',
      'Soon',
    ]);
    // An hour later Live Open is over (3 h after its start); an hour before, Open Over was not.
    const later = new Date(NOW + HOUR).toISOString();
    assert.ok(!(await names(`/api/v1/events/search?${here}&time=${encodeURIComponent(later)}`)).includes('Live Open'));
    const earlier = new Date(NOW - HOUR).toISOString();
    assert.ok((await names(`/api/v1/events/search?${here}&time=${encodeURIComponent(earlier)}`)).includes('Open Over'));
  });

  test('GET /events/search&time at the ends of the range: an answer, never a 500', async () => {
    const wrigley = venue('venue-wrigley');
    const here = `near=${wrigley.latitude},${wrigley.longitude}&radius=12500`;
    // time − 3 h (the open-ended window) falls before year 0001 here: clamped, and nothing is over yet.
    for (const first of ['0001-01-01T00:00:00Z', '0001-01-01T02:59:59.999Z', '0001-01-01T00:00:00-02:00']) {
      const all = await names(`/api/v1/events/search?${here}&time=${encodeURIComponent(first)}`);
      assert.equal(all.length, 9, first);
    }
    // At the very end every event is over.
    assert.deepEqual(await names(`/api/v1/events/search?${here}&time=${encodeURIComponent('9999-12-31T23:59:59.999Z')}`), []);
    // Before 0001-01-01 UTC is not a storable instant: bad input.
    const yearZero = await get(
      `/api/v1/events/search?${here}&time=${encodeURIComponent('0001-01-01T00:00:00+01:00')}`,
      alice.token,
    );
    assert.equal(yearZero.statusCode, 400);
    assert.ok((yearZero.json() as Envelope).details?.['query.time']);
  });

  test('/events/search is not an event id; the locations search answers miles to 0.1 too', async () => {
    const noNear = await get('/api/v1/events/search', alice.token);
    assert.equal(noNear.statusCode, 400);
    assert.equal((noNear.json() as Envelope).details?.['query.near'], 'is required');

    const wrigley = venue('venue-wrigley');
    const res = await get(`/api/v1/locations/search?near=${wrigley.latitude},${wrigley.longitude}&radius=250`, alice.token);
    const venues = (res.json() as Envelope<{ id: string; distance: number }[]>).data;
    assert.deepEqual(
      venues.map((v) => v.id),
      ['venue-wrigley', 'venue-unitedcenter', 'venue-lambeau'],
    );
    assert.deepEqual(
      venues.map((v) => v.distance),
      ['venue-wrigley', 'venue-unitedcenter', 'venue-lambeau'].map((v) => Math.round(miles(wrigley, venue(v)) * 10) / 10),
    );
    // Without radius the defaults apply (50 mi here, 50 km on text-search), not "nothing is near".
    const here = `near=${wrigley.latitude},${wrigley.longitude}`;
    const byDefault = (await get(`/api/v1/locations/search?${here}`, alice.token)).json() as Envelope<{ id: string }[]>;
    assert.deepEqual(
      byDefault.data.map((v) => v.id),
      ['venue-wrigley', 'venue-unitedcenter'],
    );
    const text = (await get(`/api/v1/events/text-search?${here}`, alice.token)).json() as Envelope<EventView[]>;
    assert.equal(text.data.length, 8);
    assert.ok(!text.data.some((e) => e.name === 'Soon'));
  });

  test('bad query values are 400 INVALID_INPUT with the envelope; no token is 401', async () => {
    const near = 'near=41.9,-87.6';
    const cases: [string, string][] = [
      ['/api/v1/events?timeFilter=past', 'query.timeFilter'],
      ['/api/v1/events?timeFilter=recent&timeFilter=current', 'query.timeFilter'],
      ['/api/v1/events?userAssociated=1', 'query.userAssociated'],
      ['/api/v1/events?userAssociated=yes', 'query.userAssociated'],
      ['/api/v1/events?limit=0', 'query.limit'],
      ['/api/v1/events?limit=1001', 'query.limit'],
      ['/api/v1/events?limit=ten', 'query.limit'],
      ['/api/v1/events?page=0', 'query.page'],
      ['/api/v1/events?timeFilter=upcoming&days=0', 'query.days'],
      ['/api/v1/events?timeFilter=upcoming&days=61', 'query.days'],
      ['/api/v1/events?timeFilter=upcoming&days=1.5', 'query.days'],
      ['/api/v1/events/search?near=abc', 'query.near'],
      ['/api/v1/events/search?near=91,0', 'query.near'],
      ['/api/v1/events/search?near=1,1&near=2,2', 'query.near'],
      [`/api/v1/events/search?${near}&radius=0`, 'query.radius'],
      [`/api/v1/events/search?${near}&radius=-5`, 'query.radius'],
      [`/api/v1/events/search?${near}&radius=12501`, 'query.radius'],
      [`/api/v1/events/search?${near}&radius=1e309`, 'query.radius'],
      [`/api/v1/events/search?${near}&time=yesterday`, 'query.time'],
      [`/api/v1/events/search?${near}&time=2030-02-30T10:00:00Z`, 'query.time'],
      [`/api/v1/events/search?${near}&limit=201`, 'query.limit'],
      [`/api/v1/events/search?${near}&limit=0`, 'query.limit'],
    ];
    for (const [url, field] of cases) {
      const res = await get(url, alice.token);
      assert.equal(res.statusCode, 400, `${url}: ${res.body}`);
      const body = res.json() as Envelope;
      assert.equal(body.success, false, url);
      assert.equal(body.code, 'INVALID_INPUT', url);
      assert.ok(body.details?.[field], `${url}: ${JSON.stringify(body.details)}`);
    }
    assert.equal((await list('/api/v1/events?limit=1000')).pagination.limit, 1000);
    assert.equal((await list('/api/v1/events?timeFilter=&limit=')).pagination.limit, 200);

    const missing = await get('/api/v1/events/00000000-0000-4000-8000-000000000000', alice.token);
    assert.equal(missing.statusCode, 404);
    assert.deepEqual(missing.json(), { success: false, error: 'Event not found', code: 'EVENT_NOT_FOUND', details: null });
    for (const url of ['/api/v1/events', '/api/v1/events/search?near=1,1', `/api/v1/events/${id['Soon']}`]) {
      assert.equal((await get(url)).statusCode, 401, url);
    }
  });
});

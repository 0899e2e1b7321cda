import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Pagination } from '../lib/clipViews';
import type { EventView } from '../routes/events';
import type { CreatedTag, OffsetPagination, TagView } from '../routes/tags';
import { BrowseApp, insertClip, insertEvent, insertTag } from './browseFixtures';
import { bearer, signIn, type SignedIn } from './helpers';
import type { Envelope } from './mediaFixtures';

/** The tags calls (docs/product/part-2.md §2, §3, §7, §9; docs/api.md "Tags"). */

const at = (iso: string, plusSeconds = 0) => new Date(Date.parse(iso) + plusSeconds * 1000);
const GAME = '2030-03-01T18:00:00.000Z';
/** The server clock: an hour into the game. */
const NOW = Date.parse('2030-03-01T19:00:00.000Z');

interface EventTags {
  event: EventView;
  tags: TagView[];
  pagination: Pagination;
}
type TaggedEvent = EventView & { tagCount: number; latestTagAt: string };

describe('tags API', () => {
  let b: BrowseApp;
  let alice: SignedIn;
  let bob: SignedIn;
  let carol: SignedIn;
  const ev = { game: '', other: '', empty: '' };
  const clips = { aliceContains: '', aliceAfter: '', aliceFar: '', bobNear: '', aliceOtherEvent: '' };
  /** Alice's tags at the game, oldest first, and at the other event. */
  const aliceTags: string[] = [];
  let aliceOtherTag = '';
  let bobTag = '';

  const get = (url: string, token: string) => b.app.inject({ method: 'GET', url, headers: bearer(token) });
  const data = async <T>(url: string, token: string): Promise<T> => {
    const res = await get(url, token);
    assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
    return (res.json() as Envelope<T>).data;
  };
  const post = (token: string, payload: unknown, key?: string) =>
    b.app.inject({
      method: 'POST',
      url: '/api/v1/tags',
      headers: { ...bearer(token), ...(key === undefined ? {} : { 'idempotency-key': key }) },
      payload: payload as Record<string, unknown>,
    });
  const countTags = (userId: string) =>
    b.withDb(
      async (db) =>
        (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM tags WHERE user_id = $1', [userId])).rows[0]?.n,
    );
  const assertBadInput = (res: { statusCode: number; body: string }, field?: string) => {
    assert.equal(res.statusCode, 400, res.body);
    const body = JSON.parse(res.body) as Envelope;
    assert.equal(body.success, false);
    assert.equal(body.code, 'INVALID_INPUT');
    if (field) assert.ok(body.details && field in body.details, `${field} in ${res.body}`);
  };

  before(async () => {
    b = await BrowseApp.start({}, NOW);
    alice = await signIn(b.app, 'alice@example.com');
    bob = await signIn(b.app, 'bob@example.com');
    carol = await signIn(b.app, 'carol@example.com');
    await b.withDb(async (db) => {
      ev.game = await insertEvent(db, { name: 'Final', start: at(GAME), end: at(GAME, 3 * 3600) });
      ev.other = await insertEvent(db, { name: 'Cup', start: at('2030-02-01T18:00:00Z'), locationId: 'venue-lambeau' });
      ev.empty = await insertEvent(db, { name: 'Nobody', start: at('2030-04-01T18:00:00Z') });
      // The moment: GAME + 600 s.
      aliceTags.push(
        await insertTag(db, { userId: alice.user.id, eventId: ev.game, taggedAt: at(GAME, 600), description: 'Goal' }),
      );
      // Alice's clips at the game: one containing the moment, one starting 20 s after, one far off.
      clips.aliceContains = await insertClip(db, {
        userId: alice.user.id,
        eventId: ev.game,
        recordedAt: at(GAME, 558),
        duration: 120,
      });
      clips.aliceAfter = await insertClip(db, {
        userId: alice.user.id,
        eventId: ev.game,
        recordedAt: at(GAME, 620),
        duration: 30,
      });
      clips.aliceFar = await insertClip(db, {
        userId: alice.user.id,
        eventId: ev.game,
        recordedAt: at(GAME, 1000),
        duration: 10,
      });
      // Bob's clip 10 s after the moment; his own tag at the same moment.
      clips.bobNear = await insertClip(db, { userId: bob.user.id, eventId: ev.game, recordedAt: at(GAME, 610), duration: 5 });
      bobTag = await insertTag(db, { userId: bob.user.id, eventId: ev.game, taggedAt: at(GAME, 605) });
      // Alice's clip at the same instant but another event: never matches a tag of the game.
      aliceOtherTag = await insertTag(db, { userId: alice.user.id, eventId: ev.other, taggedAt: at('2030-02-01T18:10:00Z') });
      clips.aliceOtherEvent = await insertClip(db, { userId: alice.user.id, eventId: ev.other, recordedAt: at(GAME, 600) });
      // 24 more tags of Alice at the game, a minute apart after the moment (25 at the game in all).
      for (let i = 1; i <= 24; i += 1) {
        aliceTags.push(await insertTag(db, { userId: alice.user.id, eventId: ev.game, taggedAt: at(GAME, 600 + i * 60) }));
      }
    });
  });

  after(async () => {
    await b.close();
  });

  describe('POST /api/v1/tags', () => {
    test('creates a tag: 201 with id, timestamp, eventId, metadata; description trimmed', async () => {
      const res = await post(alice.token, {
        timestamp: '2030-03-01T18:30:00.123Z',
        eventId: ev.empty,
        location: { latitude: 41.9484, longitude: -87.6553 },
        metadata: { description: '  Header!  ' },
      });
      assert.equal(res.statusCode, 201, res.body);
      const tag = (res.json() as Envelope<CreatedTag>).data;
      assert.match(tag.id, /^[0-9a-f-]{36}$/);
      assert.deepEqual(
        { ...tag, id: 'x' },
        {
          id: 'x',
          timestamp: '2030-03-01T18:30:00.123Z',
          eventId: ev.empty,
          metadata: { type: 'moment', description: 'Header!' },
          location: { latitude: 41.9484, longitude: -87.6553 },
        },
      );
    });

    test('a blank description is omitted; a type is kept', async () => {
      const res = await post(carol.token, {
        timestamp: '2030-03-01T18:31:00Z',
        eventId: ev.empty,
        metadata: { description: '   ', type: 'goal' },
      });
      assert.equal(res.statusCode, 201, res.body);
      const tag = (res.json() as Envelope<CreatedTag>).data;
      assert.deepEqual(tag.metadata, { type: 'goal' });
      assert.equal(tag.location, undefined);
    });

    test('an unknown event → 404 EVENT_NOT_FOUND', async () => {
      const res = await post(carol.token, { timestamp: '2030-03-01T18:31:00Z', eventId: '00000000-0000-4000-8000-000000000000' });
      assert.equal(res.statusCode, 404);
      const body = res.json() as Envelope;
      assert.equal(body.code, 'EVENT_NOT_FOUND');
      assert.equal(body.error, 'Event not found');
    });

    test('bad input → 400 with the envelope', async () => {
      const good = { timestamp: '2030-03-01T18:31:00Z', eventId: ev.empty };
      assertBadInput(await post(carol.token, { ...good, eventId: 'nope' }), 'body.eventId');
      assertBadInput(await post(carol.token, { ...good, timestamp: 'yesterday' }), 'body.timestamp');
      assertBadInput(await post(carol.token, { ...good, timestamp: '2030-03-01T18:31:00' }), 'body.timestamp');
      assertBadInput(await post(carol.token, { eventId: ev.empty }), 'body.timestamp');
      assertBadInput(
        await post(carol.token, { ...good, metadata: { description: 'x'.repeat(501) } }),
        'body.metadata.description',
      );
      assertBadInput(await post(carol.token, { ...good, location: { latitude: 91, longitude: 0 } }), 'body.location.latitude');
      // More than 24 h ahead of the server clock, or before 2000.
      assertBadInput(
        await post(carol.token, { ...good, timestamp: new Date(NOW + 24 * 3600 * 1000 + 1000).toISOString() }),
        'body.timestamp',
      );
      assertBadInput(await post(carol.token, { ...good, timestamp: '1999-12-31T23:59:59Z' }), 'body.timestamp');
      assertBadInput(await post(carol.token, good, ''));
      assertBadInput(await post(carol.token, good, 'has space'));
      assertBadInput(await post(carol.token, good, 'x'.repeat(201)));
      assert.equal(await countTags(carol.user.id), 1);
    });

    test('the same Idempotency-Key answers the tag already made (200, same id, one row)', async () => {
      const body = { timestamp: '2030-03-01T18:40:00Z', eventId: ev.empty, metadata: { description: 'Save' } };
      const first = await post(bob.token, body, 'tap-1');
      assert.equal(first.statusCode, 201, first.body);
      const again = await post(bob.token, body, 'tap-1');
      assert.equal(again.statusCode, 200, again.body);
      assert.deepEqual((again.json() as Envelope<CreatedTag>).data, (first.json() as Envelope<CreatedTag>).data);
      // Another user's identical key is their own.
      const other = await post(carol.token, body, 'tap-1');
      assert.equal(other.statusCode, 201, other.body);
      assert.notEqual((other.json() as Envelope<CreatedTag>).data.id, (first.json() as Envelope<CreatedTag>).data.id);
      // Same key, another body → 422.
      const reused = await post(bob.token, { ...body, timestamp: '2030-03-01T18:40:01Z' }, 'tap-1');
      assert.equal(reused.statusCode, 422, reused.body);
      assert.equal((reused.json() as Envelope).code, 'IDEMPOTENCY_KEY_REUSED');
      // Without a key, a second tap is a second tag.
      assert.equal((await post(bob.token, body)).statusCode, 201);
      const rows = await b.withDb(
        async (db) =>
          (
            await db.query<{ n: number }>('SELECT count(*)::int AS n FROM tags WHERE user_id = $1 AND event_id = $2', [
              bob.user.id,
              ev.empty,
            ])
          ).rows[0]?.n,
      );
      assert.equal(rows, 2);
    });

    test('a concurrent double submit makes one tag', async () => {
      const body = { timestamp: '2030-03-01T18:41:00Z', eventId: ev.empty };
      const results = await Promise.all([
        post(bob.token, body, 'double'),
        post(bob.token, body, 'double'),
        post(bob.token, body, 'double'),
      ]);
      const ids = new Set(results.map((r) => (r.json() as Envelope<CreatedTag>).data.id));
      assert.equal(ids.size, 1);
      assert.deepEqual(results.map((r) => r.statusCode).sort(), [200, 200, 201]);
      const rows = await b.withDb(
        async (db) =>
          (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM tags WHERE idempotency_key = 'double'")).rows[0]?.n,
      );
      assert.equal(rows, 1);
    });
  });

  describe('GET /api/v1/tags', () => {
    test('newest first, with the event and the caller’s own matching clips and their offsets', async () => {
      const res = await get('/api/v1/tags?limit=100', alice.token);
      assert.equal(res.statusCode, 200, res.body);
      const body = res.json() as Envelope<TagView[]> & { pagination: OffsetPagination };
      const tags = body.data;
      // 25 at the game, 1 at the other event, 1 made by POST above.
      assert.equal(body.pagination.total, 27);
      assert.equal(body.pagination.hasMore, false);
      const times = tags.map((t) => Date.parse(t.timestamp));
      assert.deepEqual(
        times,
        [...times].sort((x, y) => y - x),
      );
      assert.ok(!tags.some((t) => t.id === bobTag));
      const goal = tags.find((t) => t.id === aliceTags[0]);
      assert.ok(goal);
      assert.deepEqual(goal.metadata, { type: 'moment', description: 'Goal' });
      assert.equal(goal.event.id, ev.game);
      assert.equal(goal.event.name, 'Final');
      assert.equal(goal.event.location.name.length > 0, true);
      // The venue's zone, so All My Tags shows a tag's time on the venue's clock.
      assert.match(goal.event.timezone, /^[A-Z][A-Za-z_]+\/[A-Za-z_]+/);
      assert.deepEqual(
        goal.clips.items.map((c) => [c.id, c.offsetSeconds]),
        [
          [clips.aliceContains, 42],
          [clips.aliceAfter, -20],
        ],
      );
      // The owner's whole view (file name, size) — and never Bob's clip.
      assert.ok('filename' in (goal.clips.items[0] ?? {}));
      const other = tags.find((t) => t.id === aliceOtherTag);
      assert.deepEqual(other?.clips.items, []);
    });

    test('pages by offset without skips or repeats', async () => {
      const seen: string[] = [];
      let res = await data<TagView[]>('/api/v1/tags?limit=20&offset=0', alice.token);
      seen.push(...res.map((t) => t.id));
      for (let offset = 20; ; offset += 10) {
        const page = await get(`/api/v1/tags?limit=10&offset=${offset}`, alice.token);
        const body = page.json() as Envelope<TagView[]> & { pagination: OffsetPagination };
        res = body.data;
        seen.push(...res.map((t) => t.id));
        assert.equal(body.pagination.offset, offset);
        if (!body.pagination.hasMore) break;
      }
      assert.equal(seen.length, 27);
      assert.equal(new Set(seen).size, 27);
    });

    test('bad limit/offset, repeated parameters → 400', async () => {
      for (const q of ['limit=0', 'limit=101', 'limit=x', 'offset=-1', 'limit=1&limit=2', 'offset=1&offset=2']) {
        assertBadInput(await get(`/api/v1/tags?${q}`, alice.token), `query.${q.split('=')[0]}`);
      }
    });

    test('needs a sign-in', async () => {
      const res = await b.app.inject({ method: 'GET', url: '/api/v1/tags' });
      assert.equal(res.statusCode, 401);
    });
  });

  describe('GET /api/v1/tags/events', () => {
    test('events the caller tagged, with tagCount, newest tag first', async () => {
      const res = await data<{ events: TaggedEvent[]; pagination: Pagination }>('/api/v1/tags/events', alice.token);
      assert.deepEqual(
        res.events.map((e) => [e.id, e.tagCount]),
        [
          // The game's newest tag (18:34) is after the one made by POST at the empty event (18:30).
          [ev.game, 25],
          [ev.empty, 1],
          [ev.other, 1],
        ],
      );
      assert.equal(res.pagination.total, 3);
      const paged = await data<{ events: TaggedEvent[]; pagination: Pagination }>(
        '/api/v1/tags/events?page=2&limit=2',
        alice.token,
      );
      assert.deepEqual(
        paged.events.map((e) => e.id),
        [ev.other],
      );
      assert.equal(paged.pagination.hasMore, false);
      const carols = await data<{ events: TaggedEvent[] }>('/api/v1/tags/events', carol.token);
      assert.deepEqual(
        carols.events.map((e) => [e.id, e.tagCount]),
        [[ev.empty, 2]],
      );
    });

    test('bad page/limit → 400', async () => {
      for (const q of ['page=0', 'limit=101', 'page=1&page=2']) {
        assertBadInput(await get(`/api/v1/tags/events?${q}`, alice.token));
      }
    });
  });

  describe('GET /api/v1/tags/clips/{eventId} and /tags/event/{eventId}', () => {
    test('the caller’s tags oldest first, with every user’s matching clips (others’ in the shared view)', async () => {
      const res = await data<EventTags>(`/api/v1/tags/clips/${ev.game}`, alice.token);
      assert.equal(res.event.id, ev.game);
      assert.equal(res.event.tagCount, 25);
      assert.deepEqual(
        res.tags.map((t) => t.id),
        aliceTags,
      );
      assert.deepEqual(res.pagination, { total: 25, hasMore: false, page: 1, limit: 250 });
      const goal = res.tags[0];
      assert.ok(goal);
      assert.deepEqual(
        goal.clips.items.map((c) => [c.id, c.offsetSeconds]),
        [
          [clips.aliceContains, 42],
          [clips.bobNear, -10],
          [clips.aliceAfter, -20],
        ],
      );
      const bobs = goal.clips.items.find((c) => c.id === clips.bobNear);
      assert.ok(bobs);
      assert.equal('filename' in bobs, false);
      assert.equal('size' in bobs, false);
      assert.equal(bobs.tag, null);
      assert.equal(bobs.user.email, 'bob@example.com');
      // Bob sees his own tag only.
      const bobView = await data<EventTags>(`/api/v1/tags/clips/${ev.game}`, bob.token);
      assert.deepEqual(
        bobView.tags.map((t) => t.id),
        [bobTag],
      );
    });

    test('clipLimit caps the clips per tag; pages without skips or repeats', async () => {
      const capped = await data<EventTags>(`/api/v1/tags/clips/${ev.game}?clipLimit=1&limit=1`, alice.token);
      assert.deepEqual(
        capped.tags[0]?.clips.items.map((c) => c.id),
        [clips.aliceContains],
      );
      const seen: string[] = [];
      for (let page = 1; ; page += 1) {
        const res = await data<EventTags>(`/api/v1/tags/clips/${ev.game}?page=${page}&limit=7`, alice.token);
        seen.push(...res.tags.map((t) => t.id));
        if (!res.pagination.hasMore) break;
      }
      assert.deepEqual(seen, aliceTags);
    });

    test('/tags/event is the same with page=1&limit=200&clipLimit=300 by default', async () => {
      const alias = await data<EventTags>(`/api/v1/tags/event/${ev.game}`, alice.token);
      const clipsCall = await data<EventTags>(`/api/v1/tags/clips/${ev.game}?limit=200&clipLimit=300`, alice.token);
      assert.deepEqual(alias.pagination, { total: 25, hasMore: false, page: 1, limit: 200 });
      assert.deepEqual(
        alias.tags.map((t) => [t.id, t.clips.items.map((c) => c.id)]),
        clipsCall.tags.map((t) => [t.id, t.clips.items.map((c) => c.id)]),
      );
    });

    test('/tags/event: a first page, then smaller pages numbered by their own size, as Highlight creation asks', async () => {
      // The screen asks 200, then 50 a page from offset 200 (page 5 of 50); here 10, then 5 a page from page 3.
      const first = await data<EventTags>(`/api/v1/tags/event/${ev.game}?page=1&limit=10&clipLimit=300`, alice.token);
      assert.deepEqual(first.pagination, { total: 25, hasMore: true, page: 1, limit: 10 });
      const seen = first.tags.map((t) => t.id);
      const pages: Pagination[] = [];
      for (let page = 10 / 5 + 1; ; page += 1) {
        const res = await data<EventTags>(`/api/v1/tags/event/${ev.game}?page=${page}&limit=5&clipLimit=300`, alice.token);
        seen.push(...res.tags.map((t) => t.id));
        pages.push(res.pagination);
        if (!res.pagination.hasMore) break;
      }
      assert.deepEqual(seen, aliceTags);
      assert.deepEqual(
        pages.map((p) => [p.page, p.hasMore, p.total]),
        [
          [3, true, 25],
          [4, true, 25],
          [5, false, 25],
        ],
      );
    });

    test('unknown event → 404; bad input → 400', async () => {
      for (const route of ['clips', 'event']) {
        const res = await get(`/api/v1/tags/${route}/00000000-0000-4000-8000-000000000000`, alice.token);
        assert.equal(res.statusCode, 404);
        assert.equal((res.json() as Envelope).code, 'EVENT_NOT_FOUND');
        assertBadInput(await get(`/api/v1/tags/${route}/not-a-uuid`, alice.token), 'params.eventId');
        for (const q of ['limit=501', 'clipLimit=0', 'clipLimit=501', 'page=0', 'limit=1&limit=2']) {
          assertBadInput(await get(`/api/v1/tags/${route}/${ev.game}?${q}`, alice.token));
        }
      }
    });

    test('an event without the caller’s tags answers no tags', async () => {
      const res = await data<EventTags>(`/api/v1/tags/clips/${ev.other}`, carol.token);
      assert.deepEqual(res.tags, []);
      assert.equal(res.pagination.total, 0);
    });
  });
});

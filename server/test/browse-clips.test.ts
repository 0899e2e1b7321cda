import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { ClipView, Pagination, SharedClipView } from '../lib/clipViews';
import type { EventView } from '../routes/events';
import { BrowseApp, insertClip, insertEvent, insertTag, setUserState } from './browseFixtures';
import { bearer, signIn, type SignedIn } from './helpers';
import type { Envelope } from './mediaFixtures';

/** Browsing clips (docs/product/part-2.md §2, §6, §7): My Clips, an event's clips, unassociated clips. */

type MyClipsEvent = EventView & { clipCount: number; tagCount: number; latestClipAt: string };
interface MyClips {
  events: MyClipsEvent[];
  pagination: Pagination;
  unassociatedClipsCount: number;
}
interface EventClips {
  event: EventView;
  clips: ClipView[];
  pagination: Pagination;
}
/** With allUsers=true: the caller's own clips whole, other users' as SharedClipView. */
interface AllUsersClips {
  event: EventView;
  clips: (ClipView | SharedClipView)[];
  pagination: Pagination;
}
const OWN_CLIP_KEYS = [
  'device',
  'duration',
  'eventId',
  'filename',
  'height',
  'id',
  'size',
  'tag',
  'thumbnailUrl',
  'timestamp',
  'user',
  'videoUrl',
  'width',
];
/** What the highlight screen needs of someone else's clip (docs/product/part-2.md §2, §3): no filename, no size. */
const SHARED_CLIP_KEYS = OWN_CLIP_KEYS.filter((k) => k !== 'filename' && k !== 'size');

const at = (iso: string, plusSeconds = 0) => new Date(Date.parse(iso) + plusSeconds * 1000);
/** Alice's clips at the big event: 15, two minutes apart, 10 s long. */
const BIG_START = '2030-03-01T18:00:00.000Z';
const clipTime = (i: number, plusSeconds = 0) => at(BIG_START, i * 120 + plusSeconds);

describe('browsing clips', () => {
  let b: BrowseApp;
  let alice: SignedIn;
  let bob: SignedIn;
  let carol: SignedIn;
  let dave: SignedIn;
  const ev = { big: '', small: '', older: '', bobOnly: '', empty: '' };
  const bigClips: string[] = [];
  let bobBigClip = '';

  const get = (url: string, token?: string) => b.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  const data = async <T>(url: string, token: string): Promise<T> => {
    const res = await get(url, token);
    assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
    return (res.json() as Envelope<T>).data;
  };

  before(async () => {
    b = await BrowseApp.start();
    alice = await signIn(b.app, 'alice@example.com');
    bob = await signIn(b.app, 'bob@example.com');
    carol = await signIn(b.app, 'carol@example.com');
    dave = await signIn(b.app, 'dave@example.com');
    await b.withDb(async (db) => {
      ev.big = await insertEvent(db, { name: 'Big Final', start: at('2030-03-01T17:00:00Z'), end: at('2030-03-01T20:00:00Z') });
      ev.small = await insertEvent(db, { name: 'Small Cup', start: at('2030-02-01T17:00:00Z'), locationId: 'venue-lambeau' });
      ev.older = await insertEvent(db, { name: 'Old Friendly', start: at('2030-01-01T17:00:00Z') });
      ev.bobOnly = await insertEvent(db, { name: 'Bob Game', start: at('2030-04-01T17:00:00Z') });
      ev.empty = await insertEvent(db, { name: 'Nobody Came', start: at('2030-05-01T17:00:00Z') });

      // Inserted out of order: the listing sorts by recording time, not by insertion.
      for (const i of [7, 3, 0, 14, 1, 2, 4, 5, 6, 8, 9, 10, 11, 12, 13]) {
        bigClips[i] = await insertClip(db, {
          userId: alice.user.id,
          eventId: ev.big,
          recordedAt: clipTime(i),
          device: i === 0 ? 'Apple iPhone 15 Pro' : null,
          duration: i === 10 ? null : 10,
        });
      }
      await insertClip(db, { userId: alice.user.id, eventId: ev.small, recordedAt: at('2030-02-01T17:30:00Z') });
      await insertClip(db, { userId: alice.user.id, eventId: ev.small, recordedAt: at('2030-02-01T17:45:00Z') });
      await insertClip(db, { userId: alice.user.id, eventId: ev.older, recordedAt: at('2030-01-01T17:10:00Z') });
      for (let i = 0; i < 14; i += 1) {
        await insertClip(db, { userId: alice.user.id, eventId: null, recordedAt: at('2029-12-01T10:00:00Z', i * 60) });
      }

      // Tags of the big event (window: 30 s before a clip's start to 30 s after its end).
      await insertTag(db, { userId: alice.user.id, eventId: ev.big, taggedAt: clipTime(2, 5), description: 'Great goal' });
      await insertTag(db, { userId: alice.user.id, eventId: ev.big, taggedAt: clipTime(2, -25), description: null });
      await insertTag(db, { userId: alice.user.id, eventId: ev.big, taggedAt: clipTime(4, 40), description: ' Edge end ' });
      await insertTag(db, { userId: alice.user.id, eventId: ev.big, taggedAt: clipTime(6, -30), description: 'Edge start' });
      await insertTag(db, { userId: alice.user.id, eventId: ev.big, taggedAt: clipTime(8, 41), description: 'Too late' });
      await insertTag(db, { userId: alice.user.id, eventId: ev.big, taggedAt: clipTime(10, 29), description: 'No duration' });
      await insertTag(db, { userId: alice.user.id, eventId: ev.small, taggedAt: at('2030-02-01T17:30:00Z') });
      // Bob's tag sits on Alice's first clip too: only Bob's own clip may take it.
      await insertTag(db, { userId: bob.user.id, eventId: ev.big, taggedAt: clipTime(0, 1), description: 'Bob moment' });

      bobBigClip = await insertClip(db, { userId: bob.user.id, eventId: ev.big, recordedAt: clipTime(0) });
      await insertClip(db, { userId: bob.user.id, eventId: ev.big, recordedAt: clipTime(20) });
      await insertClip(db, { userId: bob.user.id, eventId: ev.bobOnly, recordedAt: at('2030-04-01T17:05:00Z') });
      await insertClip(db, { userId: bob.user.id, eventId: null, recordedAt: at('2029-12-01T10:00:30Z') });
      // Carol is revoked, Dave deleted: their clips show to no one.
      await insertClip(db, { userId: carol.user.id, eventId: ev.big, recordedAt: clipTime(1) });
      await insertClip(db, { userId: dave.user.id, eventId: ev.big, recordedAt: clipTime(3) });
      await setUserState(db, carol.user.id, 'revoked');
      await setUserState(db, dave.user.id, 'deleted');
    });
  });
  after(async () => {
    await b.close();
  });

  test('GET /clips: events with my clips, newest start first, counts, pagination, unassociated count', async () => {
    const all = await data<MyClips>('/api/v1/clips', alice.token);
    assert.deepEqual(
      all.events.map((e) => e.name),
      ['Big Final', 'Small Cup', 'Old Friendly'],
    );
    assert.deepEqual(all.pagination, { total: 3, hasMore: false, page: 1, limit: 50 });
    assert.equal(all.unassociatedClipsCount, 14);
    const [big, small, older] = all.events;
    assert.equal(big?.clipCount, 15);
    assert.equal(big?.tagCount, 6);
    assert.equal(big?.latestClipAt, clipTime(14).toISOString());
    assert.equal(small?.clipCount, 2);
    assert.equal(small?.tagCount, 1);
    assert.equal(small?.location.name, 'Lambeau Field');
    assert.equal(older?.clipCount, 1);
    assert.equal(older?.tagCount, 0);
    assert.deepEqual(Object.keys(big ?? {}).sort(), [
      'clipCount',
      'endTime',
      'id',
      'latestClipAt',
      'location',
      'locationId',
      'name',
      'sport',
      'startTime',
      'tagCount',
      'timezone',
    ]);
    assert.deepEqual(big?.location.coordinates, { lat: 41.9484, lng: -87.6553 });

    const page1 = await data<MyClips>('/api/v1/clips?page=1&limit=2', alice.token);
    assert.deepEqual(
      page1.events.map((e) => e.name),
      ['Big Final', 'Small Cup'],
    );
    assert.deepEqual(page1.pagination, { total: 3, hasMore: true, page: 1, limit: 2 });
    const page2 = await data<MyClips>('/api/v1/clips?page=2&limit=2', alice.token);
    assert.deepEqual(
      page2.events.map((e) => e.name),
      ['Old Friendly'],
    );
    assert.deepEqual(page2.pagination, { total: 3, hasMore: false, page: 2, limit: 2 });
    const beyond = await data<MyClips>('/api/v1/clips?page=9&limit=2', alice.token);
    assert.deepEqual(beyond.events, []);
    assert.equal(beyond.pagination.hasMore, false);
    assert.equal(beyond.unassociatedClipsCount, 14);

    // Bob sees his own events only, with his counts.
    const bobs = await data<MyClips>('/api/v1/clips', bob.token);
    assert.deepEqual(
      bobs.events.map((e) => [e.name, e.clipCount, e.tagCount]),
      [
        ['Bob Game', 1, 0],
        ['Big Final', 2, 1],
      ],
    );
    assert.equal(bobs.unassociatedClipsCount, 1);
  });

  test('GET /clips/event/{id}: my clips in recording order, 12 a page, each with its tag, device and uploader', async () => {
    const page1 = await data<EventClips>(`/api/v1/clips/event/${ev.big}`, alice.token);
    assert.equal(page1.event.id, ev.big);
    assert.equal(page1.event.name, 'Big Final');
    assert.equal(page1.event.clipCount, 15);
    assert.equal(page1.event.tagCount, 6);
    assert.deepEqual(page1.pagination, { total: 15, hasMore: true, page: 1, limit: 12 });
    assert.deepEqual(
      page1.clips.map((c) => c.id),
      bigClips.slice(0, 12),
    );
    const page2 = await data<EventClips>(`/api/v1/clips/event/${ev.big}?page=2&limit=12`, alice.token);
    assert.deepEqual(
      page2.clips.map((c) => c.id),
      bigClips.slice(12),
    );
    assert.deepEqual(page2.pagination, { total: 15, hasMore: false, page: 2, limit: 12 });

    const clips = [...page1.clips, ...page2.clips];
    const times = clips.map((c) => c.timestamp);
    assert.deepEqual(times, [...times].sort());
    const first = clips[0];
    assert.deepEqual(Object.keys(first ?? {}).sort(), OWN_CLIP_KEYS);
    assert.equal(first?.device, 'Apple iPhone 15 Pro');
    assert.equal(first?.timestamp, clipTime(0).toISOString());
    assert.deepEqual(first?.user, { email: 'alice@example.com' });
    assert.equal(first?.eventId, ev.big);
    assert.equal(first?.thumbnailUrl, null);
    assert.match(first?.videoUrl ?? '', new RegExp(`^/media/clips/${first?.id}/video\\?exp=\\d+&sig=[\\w-]+$`));
    assert.equal(clips[1]?.device, null);

    // The earliest matching tag wins; no description → 'Tagged moment'; both ends of the window count.
    assert.deepEqual(
      clips.map((c) => c.tag),
      [
        null, // Bob's tag is not Alice's
        null,
        'Tagged moment',
        null,
        'Edge end',
        null,
        'Edge start',
        null,
        null, // 41 s after the end
        null,
        'No duration', // duration unknown: the window is start ± 30 s
        null,
        null,
        null,
        null,
      ],
    );

    const big = await data<EventClips>(`/api/v1/clips/event/${ev.big}?limit=500`, alice.token);
    assert.equal(big.clips.length, 15);
    assert.deepEqual(big.pagination, { total: 15, hasMore: false, page: 1, limit: 500 });
  });

  test('GET /clips/event/{id}?allUsers=true: every visible user’s clips, never revoked or deleted ones', async () => {
    const mine = await data<EventClips>(`/api/v1/clips/event/${ev.big}?allUsers=false&limit=100`, alice.token);
    assert.equal(mine.clips.length, 15);
    assert.ok(mine.clips.every((c) => c.user.email === 'alice@example.com'));

    const everyone = await data<AllUsersClips>(`/api/v1/clips/event/${ev.big}?allUsers=true&limit=100`, alice.token);
    assert.equal(everyone.pagination.total, 17);
    const emails = new Set(everyone.clips.map((c) => c.user.email));
    assert.deepEqual([...emails].sort(), ['alice@example.com', 'bob@example.com']);
    const times = everyone.clips.map((c) => c.timestamp);
    assert.deepEqual(times, [...times].sort());
    assert.equal(everyone.clips.at(-1)?.user.email, 'bob@example.com');

    // Bob's clips show what the highlight screen needs, nothing private of his: not his tag ("Bob moment" is
    // his own words), not his file name or size.
    const bobsClips = everyone.clips.filter((c) => c.user.email === 'bob@example.com');
    assert.equal(bobsClips.length, 2);
    for (const c of bobsClips) {
      assert.deepEqual(Object.keys(c).sort(), SHARED_CLIP_KEYS);
      assert.equal(c.tag, null);
      assert.equal(c.eventId, ev.big);
      assert.match(c.videoUrl, new RegExp(`^/media/clips/${c.id}/video\\?exp=\\d+&sig=[\\w-]+$`));
    }
    assert.ok(!everyone.clips.some((c) => c.tag === 'Bob moment'));
    assert.ok(!JSON.stringify(everyone).includes('Bob moment'));
    const bobsClip = bobsClips.find((c) => c.id === bobBigClip);
    assert.equal(bobsClip?.timestamp, clipTime(0).toISOString());
    assert.equal(bobsClip?.duration, 10);
    // Alice's own clips stay whole: same views as without allUsers, tags included.
    const alicesClips = everyone.clips.filter((c) => c.user.email === 'alice@example.com');
    assert.deepEqual(alicesClips, mine.clips);
    assert.ok(alicesClips.every((c) => Object.keys(c).sort().join() === OWN_CLIP_KEYS.join()));

    // Bob asking for everyone's clips gets his own whole (his tag included) and Alice's shared.
    const bobsView = await data<AllUsersClips>(`/api/v1/clips/event/${ev.big}?allUsers=true&limit=100`, bob.token);
    assert.equal(bobsView.clips.find((c) => c.id === bobBigClip)?.tag, 'Bob moment');
    assert.ok(bobsView.clips.filter((c) => c.user.email === 'bob@example.com').every((c) => 'filename' in c && 'size' in c));
    const alicesForBob = bobsView.clips.filter((c) => c.user.email === 'alice@example.com');
    assert.equal(alicesForBob.length, 15);
    assert.ok(alicesForBob.every((c) => c.tag === null && !('filename' in c) && !('size' in c)));
    // The event's counts stay the caller's.
    assert.equal(everyone.event.clipCount, 15);

    const paged = await data<EventClips>(`/api/v1/clips/event/${ev.big}?allUsers=true&page=2&limit=12`, alice.token);
    assert.deepEqual(paged.pagination, { total: 17, hasMore: false, page: 2, limit: 12 });
    assert.equal(paged.clips.length, 5);

    // Without allUsers Bob sees his two clips only.
    const bobs = await data<EventClips>(`/api/v1/clips/event/${ev.big}`, bob.token);
    assert.deepEqual(
      bobs.clips.map((c) => c.user.email),
      ['bob@example.com', 'bob@example.com'],
    );
    assert.equal(bobs.event.clipCount, 2);
    const none = await data<EventClips>(`/api/v1/clips/event/${ev.empty}?allUsers=true`, alice.token);
    assert.deepEqual(none.clips, []);
    assert.deepEqual(none.pagination, { total: 0, hasMore: false, page: 1, limit: 12 });
  });

  test('GET /clips/unassociated: my clips without an event, newest first, 12 a page', async () => {
    const page1 = await data<{ clips: ClipView[]; pagination: Pagination }>('/api/v1/clips/unassociated', alice.token);
    assert.deepEqual(page1.pagination, { total: 14, hasMore: true, page: 1, limit: 12 });
    assert.equal(page1.clips.length, 12);
    assert.equal(page1.clips[0]?.timestamp, at('2029-12-01T10:00:00Z', 13 * 60).toISOString());
    const page2 = await data<{ clips: ClipView[]; pagination: Pagination }>('/api/v1/clips/unassociated?page=2', alice.token);
    assert.deepEqual(page2.pagination, { total: 14, hasMore: false, page: 2, limit: 12 });
    const times = [...page1.clips, ...page2.clips].map((c) => c.timestamp);
    assert.deepEqual(times, [...times].sort().reverse());
    assert.ok([...page1.clips, ...page2.clips].every((c) => c.eventId === null && c.tag === null));
    assert.ok([...page1.clips, ...page2.clips].every((c) => c.user.email === 'alice@example.com'));

    const bobs = await data<{ clips: ClipView[] }>('/api/v1/clips/unassociated', bob.token);
    assert.deepEqual(
      bobs.clips.map((c) => c.user.email),
      ['bob@example.com'],
    );
  });

  test('GET /events/{id}/clips: my clips of the event; userId must be mine; showAll accepted', async () => {
    const url = (q: string) => `/api/v1/events/${ev.big}/clips${q}`;
    const page1 = await data<{ clips: ClipView[]; pagination: Pagination }>(
      url(`?page=1&userId=${alice.user.id}&showAll=true`),
      alice.token,
    );
    assert.deepEqual(
      page1.clips.map((c) => c.id),
      bigClips.slice(0, 12),
    );
    assert.deepEqual(page1.pagination, { total: 15, hasMore: true, page: 1, limit: 12 });
    assert.equal(page1.clips[2]?.tag, 'Tagged moment');
    const page2 = await data<{ clips: ClipView[]; pagination: Pagination }>(url('?page=2'), alice.token);
    assert.equal(page2.clips.length, 3);
    const upper = await get(url(`?userId=${alice.user.id.toUpperCase()}`), alice.token);
    assert.equal(upper.statusCode, 200);

    const forbidden = await get(url(`?userId=${bob.user.id}`), alice.token);
    assert.equal(forbidden.statusCode, 403);
    assert.equal((forbidden.json() as Envelope).code, 'FORBIDDEN');
    const bobs = await data<{ clips: ClipView[] }>(url(`?userId=${bob.user.id}&showAll=true`), bob.token);
    assert.equal(bobs.clips.length, 2);
    assert.ok(bobs.clips.every((c) => c.user.email === 'bob@example.com'));

    const missing = await get('/api/v1/events/00000000-0000-4000-8000-000000000000/clips', alice.token);
    assert.equal(missing.statusCode, 404);
    assert.deepEqual(missing.json(), { success: false, error: 'Event not found', code: 'EVENT_NOT_FOUND', details: null });
  });

  test('GET /clips/{id}: the full view for the owner, 404 for anyone else', async () => {
    const clip = await data<ClipView>(`/api/v1/clips/${bigClips[2]}`, alice.token);
    assert.equal(clip.tag, 'Tagged moment');
    assert.deepEqual(clip.user, { email: 'alice@example.com' });
    const theirs = await get(`/api/v1/clips/${bigClips[2]}`, bob.token);
    assert.equal(theirs.statusCode, 404);
    assert.equal((theirs.json() as Envelope).code, 'CLIP_NOT_FOUND');
  });

  test('static segments win: /clips/unassociated and /clips/event/… are not clip ids', async () => {
    const event = await get('/api/v1/clips/event', alice.token);
    assert.equal(event.statusCode, 400);
    assert.ok((event.json() as Envelope).details?.['params.id']);
    const badEvent = await get('/api/v1/clips/event/not-a-uuid', alice.token);
    assert.equal(badEvent.statusCode, 400);
    assert.ok((badEvent.json() as Envelope).details?.['params.eventId']);
    const unknown = await get('/api/v1/clips/event/00000000-0000-4000-8000-000000000000', alice.token);
    assert.equal(unknown.statusCode, 404);
    assert.deepEqual(unknown.json(), { success: false, error: 'Event not found', code: 'EVENT_NOT_FOUND', details: null });
  });

  test('bad query values are 400 INVALID_INPUT with the envelope; no token is 401', async () => {
    const cases: [string, string][] = [
      ['/api/v1/clips?page=0', 'query.page'],
      ['/api/v1/clips?page=-1', 'query.page'],
      ['/api/v1/clips?page=abc', 'query.page'],
      ['/api/v1/clips?page=1.5', 'query.page'],
      ['/api/v1/clips?page=1&page=2', 'query.page'],
      ['/api/v1/clips?page=1000001', 'query.page'],
      ['/api/v1/clips?limit=0', 'query.limit'],
      ['/api/v1/clips?limit=101', 'query.limit'],
      ['/api/v1/clips/unassociated?limit=101', 'query.limit'],
      ['/api/v1/clips/unassociated?page=x', 'query.page'],
      [`/api/v1/clips/event/${ev.big}?limit=501`, 'query.limit'],
      [`/api/v1/clips/event/${ev.big}?allUsers=yes`, 'query.allUsers'],
      [`/api/v1/clips/event/${ev.big}?allUsers=true&allUsers=false`, 'query.allUsers'],
      [`/api/v1/events/${ev.big}/clips?limit=101`, 'query.limit'],
      [`/api/v1/events/${ev.big}/clips?userId=me`, 'query.userId'],
      [`/api/v1/events/${ev.big}/clips?showAll=1`, 'query.showAll'],
      [`/api/v1/events/${ev.big}/clips?userId=${alice.user.id}&userId=${alice.user.id}`, 'query.userId'],
      ['/api/v1/events/not-a-uuid/clips', 'params.id'],
    ];
    for (const [url, field] of cases) {
      const res = await get(url, alice.token);
      assert.equal(res.statusCode, 400, `${url}: ${res.body}`);
      const body = res.json() as Envelope;
      assert.equal(body.success, false, url);
      assert.equal(body.code, 'INVALID_INPUT', url);
      assert.equal(typeof body.error, 'string', url);
      assert.ok(body.details?.[field], `${url}: ${JSON.stringify(body.details)}`);
    }
    // Blank values take the defaults.
    const blank = await data<MyClips>('/api/v1/clips?page=&limit=', alice.token);
    assert.deepEqual(blank.pagination, { total: 3, hasMore: false, page: 1, limit: 50 });

    for (const url of [
      '/api/v1/clips',
      '/api/v1/clips/unassociated',
      `/api/v1/clips/event/${ev.big}`,
      `/api/v1/events/${ev.big}/clips`,
    ]) {
      const res = await get(url);
      assert.equal(res.statusCode, 401, url);
      assert.equal((res.json() as Envelope).code, 'INVALID_TOKEN', url);
    }
  });

  test('deleted and revoked users are refused their own listings', async () => {
    assert.equal((await get('/api/v1/clips', carol.token)).statusCode, 403);
    assert.equal((await get('/api/v1/clips/unassociated', dave.token)).statusCode, 401);
  });
});

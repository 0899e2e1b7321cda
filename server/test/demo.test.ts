import assert from 'node:assert/strict';
import { access, rm } from 'node:fs/promises';
import path from 'node:path';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { openTestDb } from './testDb';
import { DEMO_COACH_EMAIL, DEMO_PARENT_EMAIL } from '../lib/demo/demoAccounts';
import { pickDemoVenues, planDemo, spreadClips, type DemoPlan, type PlannedEvent } from '../lib/demo/demoPlan';
import { demoVideoArgs } from '../lib/demo/demoVideo';
import { probe } from '../lib/ffmpeg';
import { loadVenues, type Venue } from '../lib/venues';
import { bearer, makeClock, signIn, startApp, tempDir, TEST_VENUES, type TestApp } from './helpers';
import { ffprobePath } from './mediaFixtures';
import { DEFAULT_EVENT_LENGTH_MS } from '../../src/app/product';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const venues: Venue[] = await loadVenues();

const endOf = (e: PlannedEvent): number => (e.end ?? new Date(e.start.getTime() + DEFAULT_EVENT_LENGTH_MS)).getTime();
const eventOf = (plan: DemoPlan, key: string | null): PlannedEvent | undefined => plan.events.find((e) => e.key === key);

/** Every rule of the plan that must hold whatever `now` is. */
function checkPlan(plan: DemoPlan, now: number): void {
  for (const e of plan.events) {
    const start = e.start.getTime();
    if (e.timing === 'past') {
      assert.ok(endOf(e) < now, `${e.key} is over`);
      assert.ok(start >= now - 21 * DAY, `${e.key} is within the last 3 weeks`);
    } else if (e.timing === 'live') {
      assert.ok(start <= now && now <= endOf(e), `${e.key} is live`);
    } else {
      assert.ok(start > now, `${e.key} is ahead`);
    }
    if (e.timing !== 'live') {
      // A sensible local hour on the venue's own clock, on the hour or half hour.
      const local = DateTime.fromJSDate(e.start, { zone: e.timezone });
      assert.ok(local.hour >= 7 && local.hour <= 21, `${e.key} starts at ${local.toISO()}`);
      assert.ok([0, 30].includes(local.minute), `${e.key} starts at ${local.toISO()}`);
    }
    const venue = plan.venues.find((v) => v.id === e.venueId);
    assert.equal(venue?.timezone, e.timezone);
  }
  for (const c of plan.clips) {
    const t = c.recordedAt.getTime();
    assert.ok(t + c.duration * 1000 <= now, `${c.key} was recorded before now`);
    assert.ok(c.duration >= 4 && c.duration <= 10);
    const e = eventOf(plan, c.eventKey);
    if (c.eventKey === null) continue;
    assert.ok(e && e.timing !== 'upcoming', `${c.key} is at a past or live event`);
    assert.ok(t >= e.start.getTime() && t + c.duration * 1000 <= endOf(e), `${c.key} lies inside ${e.key}`);
  }
  for (const tag of plan.tags) {
    const e = eventOf(plan, tag.eventKey);
    const t = tag.taggedAt.getTime();
    assert.ok(e && t >= e.start.getTime() && t <= Math.min(endOf(e), now), `${tag.key} lies inside its event, before now`);
  }
}

describe('demo plan', () => {
  const now = Date.parse('2025-06-14T17:20:00Z');
  const plan = planDemo(now, venues);

  test('about 12 venues across US time zones and sports, the same every time', () => {
    assert.equal(plan.venues.length, 12);
    assert.ok(new Set(plan.venues.map((v) => v.timezone)).size >= 4);
    assert.ok(new Set(plan.venues.map((v) => v.sport)).size >= 3);
    assert.deepEqual(pickDemoVenues(venues), plan.venues);
    assert.deepEqual(planDemo(now, venues), plan);
    assert.deepEqual(pickDemoVenues([...venues].reverse()), plan.venues);
  });

  test('~20 events: several past, 2 live (one open-ended), upcoming within 7 days and beyond', () => {
    const by = (timing: string) => plan.events.filter((e) => e.timing === timing);
    assert.equal(plan.events.length, 20);
    assert.ok(by('past').length >= 6);
    const live = by('live');
    assert.equal(live.length, 2);
    assert.equal(live.filter((e) => e.end === null).length, 1);
    assert.ok(by('upcoming').filter((e) => e.start.getTime() <= now + 7 * DAY).length >= 4);
    assert.ok(by('upcoming').filter((e) => e.start.getTime() > now + 7 * DAY).length >= 1);
    assert.equal(new Set(plan.events.map((e) => e.venueId)).size, 12);
  });

  test('~40 clips: most at events, a handful without, some by the parent; devices named like phones', () => {
    assert.ok(plan.clips.length >= 36 && plan.clips.length <= 44, String(plan.clips.length));
    const loose = plan.clips.filter((c) => c.eventKey === null);
    assert.ok(loose.length >= 3 && loose.length <= 6);
    const parent = plan.clips.filter((c) => c.owner === 'parent' && c.eventKey);
    assert.ok(parent.length >= 4);
    const coachEvents = new Set(plan.clips.filter((c) => c.owner === 'coach').map((c) => c.eventKey));
    assert.ok(
      parent.every((c) => coachEvents.has(c.eventKey)),
      "the parent films at the coach's events",
    );
    const devices = new Set(plan.clips.map((c) => c.device.label));
    assert.deepEqual([...devices].sort(), ['Apple iPhone 15 Pro', 'Google Pixel 8', 'Samsung Galaxy S24']);
    assert.ok(plan.clips.filter((c) => c.eventKey && eventOf(plan, c.eventKey)?.timing === 'live').length >= 3);
  });

  test('tags: several per past or live event; inside a clip, within 30 s of one, and near none', () => {
    for (const e of plan.events.filter((x) => x.timing !== 'upcoming')) {
      assert.ok(plan.tags.filter((t) => t.eventKey === e.key).length >= 2, e.key);
    }
    assert.ok(plan.tags.some((t) => t.description === 'Goal!' || t.description === 'Great save'));
    assert.ok(plan.tags.some((t) => t.description === null));
    const kinds = plan.tags.map((tag) => {
      const clips = plan.clips.filter((c) => c.eventKey === tag.eventKey);
      const t = tag.taggedAt.getTime();
      const gap = (c: (typeof clips)[number]) =>
        Math.max(0, c.recordedAt.getTime() - t, t - (c.recordedAt.getTime() + c.duration * 1000));
      const nearest = Math.min(Infinity, ...clips.map(gap));
      return nearest === 0 ? 'inside' : nearest <= 30_000 ? 'near' : 'none';
    });
    for (const kind of ['inside', 'near', 'none']) assert.ok(kinds.filter((k) => k === kind).length >= 3, kind);
  });

  test('holds for any now: live, past and upcoming relative to it, times inside events, local hours', () => {
    // Across DST changes and every hour of the day.
    for (const iso of ['2025-03-09T07:30:00Z', '2025-11-02T06:10:00Z', '2025-12-31T23:59:59Z', '2026-01-01T04:00:00Z']) {
      checkPlan(planDemo(Date.parse(iso), venues), Date.parse(iso));
    }
    fc.assert(
      fc.property(fc.integer({ min: Date.parse('2024-01-01'), max: Date.parse('2030-12-31') }), (t) => {
        checkPlan(planDemo(t, venues), t);
      }),
      { numRuns: 150 },
    );
  });

  test('a short venue list still gives a full set of events at those venues; no venues, only loose clips', () => {
    const small = planDemo(now, TEST_VENUES);
    assert.equal(small.venues.length, TEST_VENUES.length);
    assert.equal(small.events.length, 20);
    checkPlan(small, now);
    const none = planDemo(now, []);
    assert.equal(none.events.length, 0);
    assert.ok(none.clips.length > 0 && none.clips.every((c) => c.eventKey === null));
  });

  test('spreadClips takes a few from across the plan, the live event first', () => {
    const three = spreadClips(plan.clips, 3);
    assert.equal(three.length, 3);
    assert.equal(eventOf(plan, three[0]?.eventKey ?? null)?.timing, 'live');
    assert.ok(three.some((c) => c.eventKey !== eventOf(plan, three[0]?.eventKey ?? null)?.key));
    assert.equal(spreadClips(plan.clips, 100).length, plan.clips.length);
  });

  test('the video carries the recording time and the phone in the tags phones use', () => {
    const clip = plan.clips.find((c) => c.device.platform === 'apple');
    assert.ok(clip);
    const args = demoVideoArgs(clip, '/x.mp4').join(' ');
    assert.match(args, new RegExp(`creation_time=${clip.recordedAt.toISOString()}`));
    assert.match(args, /com\.apple\.quicktime\.make=Apple -metadata com\.apple\.quicktime\.model=iPhone 15 Pro/);
    assert.match(args, /\+faststart\+use_metadata_tags/);
  });
});

interface Counts {
  users: number;
  events: number;
  clips: number;
  tags: number;
  seeds: number;
}

async function countRows(dataDir: string): Promise<Counts & { db: Awaited<ReturnType<typeof openTestDb>> }> {
  const db = await openTestDb(dataDir);
  const r =
    await db.query<Counts>(`SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM events) AS events,
    (SELECT count(*)::int FROM clips) AS clips, (SELECT count(*)::int FROM tags) AS tags,
    (SELECT count(*)::int FROM demo_seed) AS seeds`);
  return { ...(r.rows[0] as Counts), db };
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

describe('seeding the demo', () => {
  test('a fresh data dir: rows and real, playable files; stopped halfway it finishes at the next start; then never again', async () => {
    const dataDir = await tempDir();
    try {
      // First start, closed at once: the seed is claimed, clip-making stops, the outcome says so.
      const first = await startApp({ dataDir, venues, demoData: true });
      const stopped = first.app.startDemoSeed({ clipLimit: 4 });
      assert.equal(first.app.startDemoSeed(), stopped, 'one seed per app');
      await first.app.close();
      const outcome1 = await stopped;
      assert.equal(outcome1.status, 'stopped', JSON.stringify(outcome1));

      // Second start: makes what is missing.
      const second = await startApp({ dataDir, venues, demoData: true });
      const outcome2 = await second.app.startDemoSeed();
      assert.equal(outcome2.status, 'seeded', JSON.stringify(outcome2));
      const coach = await signIn(second.app, DEMO_COACH_EMAIL, true);
      assert.deepEqual([...coach.user.roles].sort(), ['ADMIN', 'USER']);
      await second.app.close();

      const after2 = await countRows(dataDir);
      assert.equal(after2.users, 2);
      assert.equal(after2.events, 20);
      assert.equal(after2.clips, 4);
      assert.ok(after2.tags >= 20);
      assert.equal(after2.seeds, 1);
      const rows = await after2.db.query<{
        id: string;
        stored_name: string;
        thumbnail_name: string | null;
        recorded_at: Date;
        duration: number;
        width: number;
        height: number;
        device: string;
        email: string;
        size: number;
      }>(
        `SELECT c.id, c.stored_name, c.thumbnail_name, c.recorded_at, c.duration, c.width, c.height, c.device, c.size::int AS size, u.email
         FROM clips c JOIN users u ON u.id = c.user_id ORDER BY c.recorded_at`,
      );
      const liveClips = await after2.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM clips c JOIN events e ON e.id = c.event_id
         WHERE c.recorded_at >= e.start_time AND c.recorded_at <= coalesce(e.end_time, e.start_time + interval '3 hours')`,
      );
      const emails = await after2.db.query<{ email: string }>('SELECT email FROM users ORDER BY email');
      await after2.db.close();
      assert.deepEqual(
        emails.rows.map((r) => r.email),
        [DEMO_COACH_EMAIL, DEMO_PARENT_EMAIL],
      );
      assert.ok((liveClips.rows[0]?.n ?? 0) >= 1, 'clips at events lie inside them');

      const uploads = path.join(dataDir, 'uploads');
      for (const row of rows.rows) {
        assert.equal(row.stored_name, `${row.id}.mp4`);
        assert.equal(row.thumbnail_name, `${row.id}.jpg`);
        assert.ok(await exists(path.join(uploads, `${row.id}.jpg`)));
        const probed = await probe(ffprobePath, path.join(uploads, row.stored_name));
        assert.deepEqual(probed.video, { width: 640, height: 360 });
        assert.equal(probed.creationTime?.toISOString(), row.recorded_at.toISOString());
        assert.ok(probed.duration !== null && probed.duration >= 4 && probed.duration <= 10.2, String(probed.duration));
        assert.equal(row.duration, probed.duration);
        assert.equal(row.width, 640);
        assert.match(row.device, /^(Apple iPhone 15 Pro|Samsung Galaxy S24|Google Pixel 8)$/);
      }

      // Third start: seeded before, nothing happens; the coach's clip plays through the app.
      const third = await startApp({ dataDir, venues, demoData: true });
      assert.deepEqual(await third.app.startDemoSeed(), { status: 'already-seeded', movedMs: 0 });
      const signedIn = await signIn(third.app, DEMO_COACH_EMAIL, true);
      const own = rows.rows.find((r) => r.email === DEMO_COACH_EMAIL);
      assert.ok(own, 'the coach has a clip');
      const res = await third.app.inject({ method: 'GET', url: `/api/v1/clips/${own.id}`, headers: bearer(signedIn.token) });
      assert.equal(res.statusCode, 200, res.body);
      const video = await third.app.inject({ method: 'GET', url: (res.json() as { data: { videoUrl: string } }).data.videoUrl });
      assert.equal(video.statusCode, 200);
      assert.equal(video.headers['content-type'], 'video/mp4');
      assert.equal(video.rawPayload.length, own.size);
      await third.app.close();
      const after3 = await countRows(dataDir);
      await after3.db.close();
      assert.deepEqual({ ...after3, db: null }, { ...after2, db: null });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

const authorizePage = async (t: TestApp): Promise<string> => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/idp/authorize?state=' + encodeURIComponent('a"b<c>') + '&redirect_uri=' + encodeURIComponent('/login'),
    headers: { host: 'localhost' },
  });
  return res.body;
};

async function closeAndCount(t: TestApp): Promise<Counts> {
  await t.app.close();
  const { db, ...counts } = await countRows(t.dataDir);
  await db.close();
  await rm(t.dataDir, { recursive: true, force: true });
  return counts;
}

describe('demo data on, in a data directory already in use', () => {
  test('the sign-in page offers "Continue as the demo coach" above the e-mail form; signing in first means no seed', async () => {
    const t = await startApp({ venues, demoData: true });
    const html = await authorizePage(t);
    const button = html.indexOf('>Continue as the demo coach</button>');
    assert.ok(button > 0 && button < html.indexOf('id="email"'), 'above the e-mail form');
    const demoForm = html.slice(html.indexOf('<form'), html.indexOf('</form>'));
    assert.match(demoForm, /action="\/idp\/authorize"/);
    assert.match(demoForm, /name="state" value="a&#34;b&#60;c&#62;"/);
    assert.match(demoForm, /name="redirect_uri" value="\/login"/);
    assert.match(demoForm, /name="provider" value="google"/);
    assert.match(demoForm, new RegExp(`name="email" value="${DEMO_COACH_EMAIL}"`));
    assert.doesNotMatch(demoForm, /name="admin"/);
    assert.match(demoForm, /aria-describedby="demo-hint"/);
    assert.match(demoForm, /id="demo-hint">Signs you in as the demo coach, coach@demo\.courtside\.app, who owns/);
    assert.match(html, /<label for="email">Email<\/label>/);

    // What the button posts: a sign-in like any other (the coach is an admin through the demo's ADMIN_EMAILS). The directory now has a user,
    // so it is somebody's, and the demo is not seeded into it.
    const posted = await t.app.inject({
      method: 'POST',
      url: '/idp/authorize',
      headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'localhost' },
      payload: new URLSearchParams({
        state: 's',
        redirect_uri: '/login',
        provider: 'google',
        email: DEMO_COACH_EMAIL,
      }).toString(),
    });
    assert.equal(posted.statusCode, 302);
    assert.deepEqual(await t.app.startDemoSeed(), { status: 'not-empty' });
    assert.deepEqual(await closeAndCount(t), { users: 1, events: 0, clips: 0, tags: 0, seeds: 0 });
  });
});

describe('demo data off', () => {
  test('no demo button on the sign-in page, and nothing is seeded', async () => {
    const t = await startApp({ venues });
    const html = await authorizePage(t);
    assert.doesNotMatch(html, /demo coach/);
    assert.match(html, /id="email"/);
    assert.deepEqual(await t.app.startDemoSeed(), { status: 'off' });
    assert.deepEqual(await closeAndCount(t), { users: 0, events: 0, clips: 0, tags: 0, seeds: 0 });
  });
});

/** Every time the demo's move could touch, by row id, as ms; and what demo_seed says. */
interface Placement {
  events: Record<string, { start: number; end: number | null }>;
  clips: Record<string, number>;
  tags: Record<string, number>;
  placedAt: number;
  userIds: string[];
  eventIds: string[];
}

async function readPlacement(dataDir: string): Promise<Placement> {
  const db = await openTestDb(dataDir);
  try {
    const events = await db.query<{ id: string; start_time: Date; end_time: Date | null }>(
      'SELECT id, start_time, end_time FROM events',
    );
    const clips = await db.query<{ id: string; recorded_at: Date }>('SELECT id, recorded_at FROM clips');
    const tags = await db.query<{ id: string; tagged_at: Date }>('SELECT id, tagged_at FROM tags');
    const seed = await db.query<{ placed_at: Date; user_ids: string[]; event_ids: string[] }>(
      'SELECT placed_at, user_ids, event_ids FROM demo_seed',
    );
    const row = seed.rows[0];
    assert.ok(row, 'a demo_seed row');
    return {
      events: Object.fromEntries(
        events.rows.map((e) => [e.id, { start: e.start_time.getTime(), end: e.end_time?.getTime() ?? null }]),
      ),
      clips: Object.fromEntries(clips.rows.map((c) => [c.id, c.recorded_at.getTime()])),
      tags: Object.fromEntries(tags.rows.map((t) => [t.id, t.tagged_at.getTime()])),
      placedAt: row.placed_at.getTime(),
      userIds: [...row.user_ids].sort(),
      eventIds: [...row.event_ids].sort(),
    };
  } finally {
    await db.close();
  }
}

/** `before` with the given events, clips and tags `by` ms later. */
function moved(before: Placement, by: number, ids: { events: string[]; clips: string[]; tags: string[] }): Placement {
  const shift = (t: number): number => t + by;
  return {
    ...before,
    events: Object.fromEntries(
      Object.entries(before.events).map(([id, e]) => [
        id,
        ids.events.includes(id) ? { start: shift(e.start), end: e.end === null ? null : shift(e.end) } : e,
      ]),
    ),
    clips: Object.fromEntries(Object.entries(before.clips).map(([id, t]) => [id, ids.clips.includes(id) ? shift(t) : t])),
    tags: Object.fromEntries(Object.entries(before.tags).map(([id, t]) => [id, ids.tags.includes(id) ? shift(t) : t])),
    placedAt: shift(before.placedAt),
  };
}

/** Ids of the events GET /events?timeFilter=current answers (live at the app's now). */
async function liveEventIds(t: TestApp, email: string): Promise<string[]> {
  const { token } = await signIn(t.app, email, true);
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/events?timeFilter=current', headers: bearer(token) });
  assert.equal(res.statusCode, 200, res.body);
  return (res.json() as { data: { id: string }[] }).data.map((e) => e.id).sort();
}

/** Where each event stands to `now`: 'before' it started, 'during', or 'after' it ended. */
function standing(placement: Placement, now: number): Record<string, string> {
  return Object.fromEntries(
    Object.entries(placement.events).map(([id, e]) => {
      const end = e.end ?? e.start + DEFAULT_EVENT_LENGTH_MS;
      return [id, now < e.start ? 'before' : now <= end ? 'during' : 'after'];
    }),
  );
}

describe('keeping the demo current', () => {
  test("restarted a day later it is as fresh as at first; other users' rows keep their times; a restart within a minute or with demo data off moves nothing", async () => {
    const dataDir = await tempDir();
    const t0 = Date.now();
    const clock = makeClock(t0);
    const start = (demoData = true): Promise<TestApp> => startApp({ dataDir, venues, demoData, now: clock.now });
    try {
      const first = await start();
      const seeded = await first.app.startDemoSeed({ clipLimit: 8 });
      assert.equal(seeded.status, 'seeded', JSON.stringify(seeded));
      assert.equal('movedMs' in seeded && seeded.movedMs, 0);
      const liveAtFirst = await liveEventIds(first, DEMO_COACH_EMAIL);
      assert.equal(liveAtFirst.length, 2);

      // Not the demo's: an event whoever tries the demo adds as the coach (an admin), another admin's event, and
      // that admin's clip and tag at a live demo event, and a clip the coach uploads without an event.
      const venueId = pickDemoVenues(venues)[0]?.id ?? '';
      const addEvent = async (email: string, name: string): Promise<string> => {
        const { token } = await signIn(first.app, email, true);
        const res = await first.app.inject({
          method: 'POST',
          url: '/api/v1/events',
          headers: bearer(token),
          payload: {
            name,
            sport: 'Soccer',
            startTime: new Date(t0 + 2 * HOUR).toISOString(),
            endTime: new Date(t0 + 4 * HOUR).toISOString(),
            locationId: venueId,
          },
        });
        assert.equal(res.statusCode, 201, res.body);
        return (res.json() as { data: { id: string } }).data.id;
      };
      const coachEvent = await addEvent(DEMO_COACH_EMAIL, 'Coach adds an event');
      const otherEvent = await addEvent('other@example.com', 'Somebody else adds an event');
      await first.app.close();

      const db = await openTestDb(dataDir);
      const ids = async (sql: string, params: unknown[] = []): Promise<string[]> =>
        (await db.query<{ id: string }>(sql, params)).rows.map((r) => r.id);
      const [otherUser] = await ids("SELECT id FROM users WHERE email = 'other@example.com'");
      const [coachUser] = await ids('SELECT id FROM users WHERE email = $1', [DEMO_COACH_EMAIL]);
      const insertClip = `INSERT INTO clips (user_id, event_id, filename, stored_name, mime_type, size, duration, recorded_at)
        VALUES ($1, $2, 'x.mp4', 'x.mp4', 'video/mp4', 1, 5, $3) RETURNING id`;
      const [otherClip] = await ids(insertClip, [otherUser, liveAtFirst[0], new Date(t0 - 5 * MINUTE)]);
      const [otherTag] = await ids('INSERT INTO tags (user_id, event_id, tagged_at) VALUES ($1, $2, $3) RETURNING id', [
        otherUser,
        liveAtFirst[0],
        new Date(t0 - 4 * MINUTE),
      ]);
      const [coachOwnClip] = await ids(insertClip, [coachUser, null, new Date(t0 - 2 * HOUR)]);
      const demoEvents = await ids('SELECT id FROM events WHERE id <> ALL($1::uuid[])', [[coachEvent, otherEvent]]);
      const demoClips = await ids('SELECT id FROM clips WHERE id <> ALL($1::uuid[])', [[otherClip, coachOwnClip]]);
      const demoTags = await ids('SELECT id FROM tags WHERE id <> $1', [otherTag]);
      const [coachClip = ''] = await ids(
        'SELECT id FROM clips WHERE user_id = $1 AND event_id = ANY($2::uuid[]) AND id <> ALL($3::uuid[])',
        [coachUser, demoEvents, [otherClip, coachOwnClip]],
      );
      const looseDemoClips = await ids('SELECT id FROM clips WHERE event_id IS NULL AND id <> $1', [coachOwnClip]);
      await db.close();
      assert.equal(demoEvents.length, 20);
      assert.equal(demoClips.length, 8);
      assert.ok(looseDemoClips.length >= 1, 'the demo has an unassociated clip');
      assert.ok(demoTags.length >= 20);
      const before = await readPlacement(dataDir);
      assert.equal(before.placedAt, t0);
      assert.deepEqual(before.eventIds, [...demoEvents].sort());

      // A day and a bit later: moved by exactly that, the demo's rows only.
      const delta = DAY + 2 * HOUR + 17 * MINUTE;
      const t1 = t0 + delta;
      clock.set(t1);
      const second = await start();
      assert.deepEqual(await second.app.startDemoSeed(), { status: 'already-seeded', movedMs: delta });
      assert.deepEqual(await liveEventIds(second, DEMO_COACH_EMAIL), liveAtFirst, 'the same two events are live again');
      const { token } = await signIn(second.app, DEMO_COACH_EMAIL, true);
      const clip = await second.app.inject({ method: 'GET', url: `/api/v1/clips/${coachClip}`, headers: bearer(token) });
      assert.equal(clip.statusCode, 200, clip.body);
      assert.equal(
        (clip.json() as { data: { timestamp: string } }).data.timestamp,
        new Date((before.clips[coachClip] ?? 0) + delta).toISOString(),
      );
      await second.app.close();
      const after = await readPlacement(dataDir);
      assert.deepEqual(after, moved(before, delta, { events: demoEvents, clips: demoClips, tags: demoTags }));

      // Every demo event stands to the new now as it stood to the first: live ones live, upcoming ones ahead.
      const demoOnly = (r: Record<string, string>): Record<string, string> =>
        Object.fromEntries(Object.entries(r).filter(([id]) => demoEvents.includes(id)));
      assert.deepEqual(demoOnly(standing(after, t1)), demoOnly(standing(before, t0)));
      const counts = Object.values(demoOnly(standing(after, t1))).reduce<Record<string, number>>(
        (n, s) => ({ ...n, [s]: (n[s] ?? 0) + 1 }),
        {},
      );
      assert.deepEqual(counts, { during: 2, before: 8, after: 10 });
      // The demo's clips at events still lie inside them, before now.
      const check = await openTestDb(dataDir);
      const outside = await check.query<{ id: string }>(
        `SELECT c.id FROM clips c JOIN events e ON e.id = c.event_id
         WHERE c.id = ANY($1::uuid[]) AND (c.recorded_at < e.start_time OR c.recorded_at > $2
           OR c.recorded_at + c.duration * interval '1 second' > coalesce(e.end_time, e.start_time + interval '3 hours'))`,
        [demoClips, new Date(t1)],
      );
      await check.close();
      assert.deepEqual(outside.rows, []);

      // Restarted 40 s later, or with the clock put back: nothing moves.
      for (const at of [t1 + 40_000, t1 - HOUR]) {
        clock.set(at);
        const again = await start();
        assert.deepEqual(await again.app.startDemoSeed(), { status: 'already-seeded', movedMs: 0 });
        await again.app.close();
        assert.deepEqual(await readPlacement(dataDir), after);
      }

      // Demo data off: nothing moves, however late.
      clock.set(t1 + 2 * DAY);
      const off = await start(false);
      assert.deepEqual(await off.app.startDemoSeed(), { status: 'off' });
      await off.app.close();
      assert.deepEqual(await readPlacement(dataDir), after);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  test('a seed finished by a later start is moved to that start too', async () => {
    const dataDir = await tempDir();
    const t0 = Date.now();
    const clock = makeClock(t0);
    const start = (): Promise<TestApp> => startApp({ dataDir, venues, demoData: true, now: clock.now });
    try {
      const first = await start();
      const stopped = first.app.startDemoSeed({ clipLimit: 2 });
      await first.app.close();
      assert.equal((await stopped).status, 'stopped');
      const before = await readPlacement(dataDir);
      assert.deepEqual(before.clips, {});

      const delta = DAY + 5 * HOUR;
      clock.set(t0 + delta);
      const second = await start();
      const outcome = await second.app.startDemoSeed();
      assert.equal(outcome.status, 'seeded', JSON.stringify(outcome));
      assert.equal('movedMs' in outcome && outcome.movedMs, delta);
      assert.equal((await liveEventIds(second, DEMO_COACH_EMAIL)).length, 2);
      await second.app.close();
      const after = await readPlacement(dataDir);
      assert.deepEqual(
        { ...after, clips: {} },
        moved(before, delta, { events: before.eventIds, clips: [], tags: Object.keys(before.tags) }),
      );
      // The clips were made at their first placement, then moved with their events: inside them, one live.
      const db = await openTestDb(dataDir);
      const made = await db.query<{ planned: string; recorded_at: Date; start_time: Date; end_time: Date | null }>(
        `SELECT p ->> 'recordedAt' AS planned, c.recorded_at, e.start_time, e.end_time
         FROM demo_seed s, jsonb_array_elements(s.clips) AS p JOIN clips c ON c.id = (p ->> 'id')::uuid
         JOIN events e ON e.id = c.event_id`,
      );
      await db.close();
      assert.equal(made.rows.length, 2);
      const now = t0 + delta;
      for (const c of made.rows) {
        const t = c.recorded_at.getTime();
        assert.equal(t, Date.parse(c.planned) + delta);
        assert.ok(t >= c.start_time.getTime() && t <= now);
        assert.ok(t <= (c.end_time?.getTime() ?? c.start_time.getTime() + DEFAULT_EVENT_LENGTH_MS));
      }
      assert.ok(made.rows.some((c) => (c.end_time?.getTime() ?? c.start_time.getTime() + DEFAULT_EVENT_LENGTH_MS) >= now));
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  test('a seed from before migration 007 gets its placement and ids from the claim transaction', async () => {
    const dataDir = await tempDir();
    const t0 = Date.now() - 3 * DAY;
    const clock = makeClock(t0);
    try {
      const first = await startApp({ dataDir, venues, demoData: true, now: clock.now });
      assert.equal((await first.app.startDemoSeed({ clipLimit: 0 })).status, 'seeded');
      const { token } = await signIn(first.app, DEMO_COACH_EMAIL, true);
      const res = await first.app.inject({
        method: 'POST',
        url: '/api/v1/events',
        headers: bearer(token),
        payload: {
          name: 'Coach adds an event',
          sport: 'Soccer',
          startTime: new Date(t0 + HOUR).toISOString(),
          locationId: pickDemoVenues(venues)[0]?.id,
        },
      });
      assert.equal(res.statusCode, 201, res.body);
      const coachEvent = (res.json() as { data: { id: string } }).data.id;
      await first.app.close();
      const before = await readPlacement(dataDir);

      // Back to the schema of 006: no placement, no ids.
      const db = await openTestDb(dataDir);
      await db.exec(`ALTER TABLE demo_seed DROP COLUMN placed_at, DROP COLUMN user_ids, DROP COLUMN event_ids;
        DELETE FROM schema_migrations WHERE name = '007_demo_placed_at.sql'`);
      await db.close();

      clock.set(t0 + 3 * DAY);
      const second = await startApp({ dataDir, venues, demoData: true, now: clock.now });
      assert.deepEqual(await second.app.startDemoSeed(), { status: 'already-seeded', movedMs: 3 * DAY });
      await second.app.close();
      const after = await readPlacement(dataDir);
      assert.equal(before.userIds.length, 2);
      assert.equal(before.eventIds.length, 20);
      assert.ok(!before.eventIds.includes(coachEvent));
      assert.deepEqual(after, moved(before, 3 * DAY, { events: before.eventIds, clips: [], tags: Object.keys(before.tags) }));
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

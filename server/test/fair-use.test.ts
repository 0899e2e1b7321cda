/**
 * Fair use (docs/decisions.md "Fair use"): no one sender fills the database or the disk, holds the render worker, or
 * stalls the server, and only real video containers are read.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { ERROR_REPORT_MAX_BYTES, MAX_HIGHLIGHT_SECONDS } from '../../src/app/product';
import { HSTS_MAX_AGE_SECONDS } from '../app';
import { measureDuration } from '../lib/render/probeInput';
import { probe, RunError } from '../lib/ffmpeg';
import { ERROR_REPORTS_PER_MINUTE, MAX_STORED_ERROR_REPORTS, pruneErrorReports } from '../routes/errors';
import { MAX_CLIP_ENTRIES, TAG_LISTINGS_PER_MINUTE, TAGS_PER_MINUTE } from '../routes/tags';
import { BrowseApp, insertClip, insertEvent, insertTag } from './browseFixtures';
import { insertHighlight, insertOwner } from './renderFixtures';
import { claimJob } from '../lib/render/renderQueue';
import { RENDER_DEADLINE_CEILING_MS, renderTimeoutMs } from '../lib/render/renderLimits';
import { parseRender } from '../lib/editorSessions';
import type { ApiError } from '../lib/envelope';
import { bearer, signIn, startApp, tempDir, type TestApp } from './helpers';
import { ffmpegPath, ffprobePath, makeVideo, multipart } from './mediaFixtures';
import { openTestDb } from './testDb';

const run = promisify(execFile);

describe('anonymous error reports', () => {
  let t: TestApp;
  before(async () => {
    t = await startApp();
  });
  after(async () => {
    await t.close();
  });

  const report = (headers: Record<string, string> = {}, remoteAddress = '203.0.113.7', message = 'boom') =>
    t.app.inject({ method: 'POST', url: '/api/v1/errors', headers, payload: { message }, remoteAddress });

  test('one address may file 10 a minute; the 11th is a 429 with Retry-After; other addresses and a minute later go on', async () => {
    for (let i = 0; i < ERROR_REPORTS_PER_MINUTE.anonymous; i += 1) assert.equal((await report()).statusCode, 201);
    const refused = await report();
    assert.equal(refused.statusCode, 429);
    assert.equal((refused.json() as { code: string }).code, 'RATE_LIMITED');
    assert.ok(Number(refused.headers['retry-after']) > 0);
    assert.equal((await report({}, '203.0.113.8')).statusCode, 201, 'another address is not held up');
    const user = await signIn(t.app, 'reporter@example.com');
    assert.equal((await report(bearer(user.token))).statusCode, 201, 'a signed-in user is counted by account');
    t.clock.advance(61_000);
    assert.equal((await report()).statusCode, 201);
  });

  test('a body over the cap is a 413, and a stack within it is kept', async () => {
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/v1/errors',
      payload: { message: 'x', stack: 'y'.repeat(ERROR_REPORT_MAX_BYTES) },
      remoteAddress: '203.0.113.20',
    });
    assert.equal(huge.statusCode, 413);
    const fits = await t.app.inject({
      method: 'POST',
      url: '/api/v1/errors',
      payload: { message: 'x', stack: 'y'.repeat(8_000) },
      remoteAddress: '203.0.113.20',
    });
    assert.equal(fits.statusCode, 201);
  });
});

describe('stored error reports', () => {
  test('are pruned past their number and their age, newest kept', async () => {
    const t = await startApp();
    const now = t.clock.now();
    await t.app.close();
    const db = await openTestDb(t.dataDir);
    try {
      await db.query(
        `INSERT INTO error_reports (payload, created_at)
         SELECT jsonb_build_object('message', 'r' || g), $1::timestamptz + g * interval '1 second'
         FROM generate_series(1, $2::int) g`,
        [new Date(now - 3600_000), MAX_STORED_ERROR_REPORTS + 50],
      );
      await db.query(`INSERT INTO error_reports (payload, created_at) VALUES ('{"message":"ancient"}', $1)`, [
        new Date(now - 40 * 24 * 3600_000),
      ]);
      await pruneErrorReports({ db, now: () => now } as Parameters<typeof pruneErrorReports>[0]);
      const left = await db.query<{ n: number; oldest: string }>(
        `SELECT count(*)::int AS n, min(payload->>'message') FILTER (WHERE payload->>'message' = 'ancient') AS oldest FROM error_reports`,
      );
      assert.equal(left.rows[0]?.n, MAX_STORED_ERROR_REPORTS);
      assert.equal(left.rows[0]?.oldest, null, 'a report past its age is gone');
      const newest = await db.query<{ m: string }>(
        `SELECT payload->>'message' AS m FROM error_reports ORDER BY created_at DESC LIMIT 1`,
      );
      assert.equal(newest.rows[0]?.m, `r${MAX_STORED_ERROR_REPORTS + 50}`);
    } finally {
      await db.close();
      await t.close().catch(() => undefined);
    }
  });
});

describe('only real video containers are read', () => {
  let dir: string;
  let real: string;
  let playlist: string;
  let concat: string;
  before(async () => {
    dir = await tempDir('courtside-formats-');
    real = path.join(dir, 'real.mp4');
    await writeFile(real, await makeVideo());
    // A text playlist and a concat list, named as clips, that name a file of the server's.
    playlist = path.join(dir, 'playlist.mp4');
    await writeFile(playlist, `#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\n${real}\n#EXT-X-ENDLIST\n`);
    concat = path.join(dir, 'list.mov');
    await writeFile(concat, `ffconcat version 1.0\nfile '${real}'\n`);
  });

  test('control: unguarded, ffprobe reads the playlist as HLS and the files it names', async () => {
    const { stdout } = await run(ffprobePath, ['-v', 'error', '-print_format', 'json', '-show_format', playlist]).catch(
      (err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }),
    );
    // Some ffprobe builds refuse it by themselves; where one reads it, it is HLS.
    if (stdout.includes('format_name')) assert.match(stdout, /"format_name": "hls"/);
  });

  test('the probe refuses a playlist and a concat list as not media, and reads a real clip', async () => {
    for (const file of [playlist, concat]) {
      await assert.rejects(probe(ffprobePath, file), (err: unknown) => err instanceof RunError && err.reason === 'refused', file);
    }
    const clip = await probe(ffprobePath, real);
    assert.ok(clip.video);
  });

  test("a render's measuring refuses the playlist too", async () => {
    await assert.rejects(measureDuration(ffmpegPath, playlist));
    assert.ok((await measureDuration(ffmpegPath, real)) > 1);
  });

  test("an upload of a playlist named .mp4 is refused: 'not a readable media file'", async () => {
    const t = await startApp();
    try {
      const user = await signIn(t.app, 'playlist@example.com');
      const { payload, headers } = multipart([
        {
          name: 'video',
          value: `#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\n${real}\n#EXT-X-ENDLIST\n`,
          filename: 'game.mp4',
          type: 'video/mp4',
        },
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/uploads',
        headers: { ...bearer(user.token), ...headers },
        payload,
      });
      assert.equal(res.statusCode, 400, res.body);
      assert.equal((res.json() as { code: string }).code, 'INVALID_FILE_TYPE');
    } finally {
      await t.close();
    }
  });
});

describe('HSTS', () => {
  test('sent on every answer when PUBLIC_ORIGIN is https; not over plain http', async () => {
    const secure = await startApp({ publicOrigin: 'https://courtside.example', identity: { kind: 'standin', explicit: true } });
    const plain = await startApp();
    try {
      for (const url of ['/api/v1/health', '/api/v1/auth/config', '/no-such-page']) {
        const res = await secure.app.inject({ method: 'GET', url, headers: { host: 'courtside.example' } });
        assert.equal(res.headers['strict-transport-security'], `max-age=${HSTS_MAX_AGE_SECONDS}`, url);
      }
      const res = await plain.app.inject({ method: 'GET', url: '/api/v1/health' });
      assert.equal(res.headers['strict-transport-security'], undefined);
    } finally {
      await secure.close();
      await plain.close();
    }
  });
});

describe('listings and tags', () => {
  let b: BrowseApp;
  let owner: { token: string; user: { id: string } };
  let eventId = '';
  const START = Date.parse('2030-03-01T18:00:00Z');
  before(async () => {
    b = await BrowseApp.start({}, START);
    owner = await signIn(b.app, 'abuser@example.com');
    await b.withDb(async (db) => {
      eventId = await insertEvent(db, { name: 'Flood Cup', start: new Date(START) });
      // 50 clips and 60 tags at one moment: every tag matches every clip, 3 000 pairs.
      for (let i = 0; i < 50; i += 1) {
        await insertClip(db, { userId: owner.user.id, eventId, recordedAt: new Date(START + i * 100), duration: 60 });
      }
      for (let i = 0; i < 60; i += 1) {
        await insertTag(db, { userId: owner.user.id, eventId, taggedAt: new Date(START + 10_000 + i) });
      }
    });
  });
  after(async () => {
    await b.close();
  });

  test(`one answer carries at most ${MAX_CLIP_ENTRIES} clip entries, the first tags whole; each tag says its total`, async () => {
    const res = await b.app.inject({
      method: 'GET',
      url: `/api/v1/tags/event/${eventId}?limit=500&clipLimit=500`,
      headers: bearer(owner.token),
    });
    assert.equal(res.statusCode, 200, res.body.slice(0, 300));
    const tags = (res.json() as { data: { tags: Array<{ clips: { items: unknown[]; total: number } }> } }).data.tags;
    assert.equal(tags.length, 60);
    const carried = tags.reduce((n, t) => n + t.clips.items.length, 0);
    assert.equal(carried, MAX_CLIP_ENTRIES);
    assert.equal(tags[0]?.clips.items.length, 50);
    assert.ok(
      tags.every((t) => t.clips.total === 50),
      'every tag says how many clips match it',
    );
    assert.equal(tags.at(-1)?.clips.items.length, 0);
  });

  test(`tags: ${TAGS_PER_MINUTE} a minute per user, then 429 with Retry-After; others are not held up`, async () => {
    const tag = (token: string) =>
      b.app.inject({
        method: 'POST',
        url: '/api/v1/tags',
        headers: bearer(token),
        payload: { eventId, timestamp: new Date(b.clock.now()).toISOString() },
      });
    const statuses: number[] = [];
    for (let i = 0; i < TAGS_PER_MINUTE; i += 1) statuses.push((await tag(owner.token)).statusCode);
    assert.ok(
      statuses.every((s) => s === 201),
      `statuses ${[...new Set(statuses)].join(', ')}`,
    );
    const refused = await tag(owner.token);
    assert.equal(refused.statusCode, 429, refused.body);
    assert.ok(Number(refused.headers['retry-after']) > 0);
    const other = await signIn(b.app, 'fan@example.com');
    assert.equal((await tag(other.token)).statusCode, 201);
    b.clock.advance(61_000);
    assert.equal((await tag(owner.token)).statusCode, 201);
  });

  test(`an event's tags with clips: ${TAG_LISTINGS_PER_MINUTE} listings a minute per user, then 429; others are not held up`, async () => {
    const lister = await signIn(b.app, 'lister@example.com');
    const list = (token: string, route: 'event' | 'clips') =>
      b.app.inject({ method: 'GET', url: `/api/v1/tags/${route}/${eventId}?limit=1&clipLimit=1`, headers: bearer(token) });
    const statuses: number[] = [];
    for (let i = 0; i < TAG_LISTINGS_PER_MINUTE; i += 1)
      statuses.push((await list(lister.token, i % 2 ? 'event' : 'clips')).statusCode);
    assert.ok(
      statuses.every((s) => s === 200),
      `statuses ${[...new Set(statuses)].join(', ')}`,
    );
    const refused = await list(lister.token, 'event');
    assert.equal(refused.statusCode, 429, refused.body);
    assert.equal((refused.json() as { code: string }).code, 'RATE_LIMITED');
    assert.ok(Number(refused.headers['retry-after']) > 0);
    assert.equal((await list(lister.token, 'clips')).statusCode, 429);
    const other = await signIn(b.app, 'coach@example.com');
    assert.equal((await list(other.token, 'event')).statusCode, 200);
    b.clock.advance(61_000);
    assert.equal((await list(lister.token, 'event')).statusCode, 200);
  });
});

describe('the render queue takes users in turn', () => {
  test("one user's ten queued renders do not hold up another user's first; each user's own stay in order", async () => {
    const dir = await tempDir('courtside-fair-queue-');
    const db = await openTestDb(dir);
    try {
      const flooder = await insertOwner(db);
      const parent = await insertOwner(db);
      const coach = await insertOwner(db);
      const edit = [{ clipId: '00000000-0000-4000-8000-000000000001', inSeconds: 0, outSeconds: 1 }];
      const t0 = Date.parse('2030-05-01T12:00:00Z');
      const flood: string[] = [];
      for (let i = 0; i < 10; i += 1) flood.push(await insertHighlight(db, flooder, edit, { createdAt: new Date(t0 + i) }));
      const first = await insertHighlight(db, parent, edit, { createdAt: new Date(t0 + 100) });
      const second = await insertHighlight(db, parent, edit, { createdAt: new Date(t0 + 101) });
      const coachs = await insertHighlight(db, coach, edit, { createdAt: new Date(t0 + 200) });
      // One worker: each job is done before the next is taken.
      const order: string[] = [];
      for (let i = 0; i < 13; i += 1) {
        const job = await claimJob(db, 'worker', t0 + 1_000 + i * 1_000, 60_000);
        assert.ok(job);
        order.push(job.highlightId);
        await db.query(`UPDATE render_jobs SET state = 'done' WHERE id = $1`, [job.id]);
      }
      // Every user's first, then each user's next in turn (the one served longest ago first), and so on.
      assert.deepEqual(order.slice(0, 3), [flood[0], first, coachs]);
      assert.deepEqual(order.slice(3, 5), [flood[1], second]);
      assert.deepEqual(order.slice(5), flood.slice(2));
    } finally {
      await db.close();
    }
  });

  test('with several workers, a user with fewer renders running goes first', async () => {
    const dir = await tempDir('courtside-fair-queue-');
    const db = await openTestDb(dir);
    try {
      const flooder = await insertOwner(db);
      const parent = await insertOwner(db);
      const edit = [{ clipId: '00000000-0000-4000-8000-000000000001', inSeconds: 0, outSeconds: 1 }];
      const t0 = Date.parse('2030-05-01T12:00:00Z');
      const flood: string[] = [];
      for (let i = 0; i < 4; i += 1) flood.push(await insertHighlight(db, flooder, edit, { createdAt: new Date(t0 + i) }));
      const parents = await insertHighlight(db, parent, edit, { createdAt: new Date(t0 + 100) });
      // Two workers busy with the flooder's first two (leases live): the third worker takes the parent's.
      const a = await claimJob(db, 'w1', t0 + 1_000, 60_000);
      const b = await claimJob(db, 'w2', t0 + 1_000, 60_000);
      assert.deepEqual([a?.highlightId, b?.highlightId], [flood[0], parents]);
      const c = await claimJob(db, 'w3', t0 + 2_000, 60_000);
      assert.equal(c?.highlightId, flood[1]);
    } finally {
      await db.close();
    }
  });
});

describe('render limits', () => {
  test('the deadline is 2 min + 20 s per output second, never past the ceiling', () => {
    assert.equal(renderTimeoutMs(10), 320_000);
    assert.equal(renderTimeoutMs(MAX_HIGHLIGHT_SECONDS), RENDER_DEADLINE_CEILING_MS);
    assert.equal(renderTimeoutMs(86_400), RENDER_DEADLINE_CEILING_MS);
  });

  test(`a highlight over ${MAX_HIGHLIGHT_SECONDS / 60} minutes is refused, with the length in the message`, () => {
    const id = '00000000-0000-4000-8000-00000000000a';
    const durations = new Map<string, number | null>([[id, 86_400]]);
    assert.throws(
      () => parseRender({ title: 'Long', clips: [{ clipId: id, inSeconds: 0, outSeconds: 3_600 }] }, durations),
      (err: ApiError) => err.statusCode === 400 && err.code === 'HIGHLIGHT_TOO_LONG' && /60:00/.test(err.message),
    );
    const ok = parseRender(
      { title: 'Reel', clips: [{ clipId: id, inSeconds: 0, outSeconds: MAX_HIGHLIGHT_SECONDS }] },
      durations,
    );
    assert.equal(ok.clips.length, 1);
  });
});

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdir, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Db } from '../db';
import { openTestDb } from './testDb';
import type { AppContext } from '../lib/context';
import { probeStreams } from '../lib/render/probeInput';
import { RENDER_SETTINGS } from '../lib/render/renderCommand';
import { claimJob } from '../lib/render/renderQueue';
import { startRenderWorkers, type RenderStage, type RenderWorkers } from '../lib/render/renderWorker';
import { makeClock, startApp, tempDir } from './helpers';
import { ffmpegPath, ffprobePath, makeMedia } from './mediaFixtures';

const run = promisify(execFile);
import {
  ffprobeTags,
  highlightRow,
  insertClipFile,
  insertHighlight,
  insertOwner,
  jobRow,
  makeClipFile,
  renderContext,
  topLevelBoxes,
  waitFor,
  writeTemp,
  type Owner,
} from './renderFixtures';

/** Render workers with the shipped ffmpeg (docs/rendering.md): real renders of tiny generated clips. */

describe('render worker', () => {
  let dataDir: string;
  let db: Db;
  let ctx: AppContext;
  let owner: Owner;
  let app: FastifyInstance;
  let workers: RenderWorkers;
  const clock = makeClock(Date.parse('2030-06-01T10:00:00.000Z'));
  const stages = new Map<string, { stage: RenderStage; progress: number }[]>();
  let clipWithSound: Buffer;
  let silentPortrait: Buffer;

  before(async () => {
    dataDir = await tempDir('courtside-render-');
    db = await openTestDb(dataDir);
    ctx = renderContext(db, dataDir, clock.now);
    owner = await insertOwner(db);
    clipWithSound = await makeClipFile({ seconds: 4 });
    silentPortrait = await makeClipFile({ seconds: 3, size: '180x320', silent: true });
    app = Fastify();
    workers = startRenderWorkers(app, ctx, {
      count: 1,
      pollMs: 100,
      onStage: (id, stage, progress) => stages.set(id, [...(stages.get(id) ?? []), { stage, progress }]),
    });
  });
  after(async () => {
    await app.close();
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const settled = (id: string) =>
    waitFor(async () => ['done', 'failed'].includes((await highlightRow(db, id)).stage), 60_000, `highlight ${id} to settle`);

  test('trimmed clips of different sizes, with and without sound, become one H.264/AAC MP4 with faststart and a poster', async () => {
    const a = await insertClipFile(db, ctx.uploadsDir, owner, clipWithSound, 4);
    const b = await insertClipFile(db, ctx.uploadsDir, owner, silentPortrait, 3);
    const edit = [
      { clipId: a, inSeconds: 0.5, outSeconds: 2.5 },
      { clipId: b, inSeconds: 1, outSeconds: 3 },
      { clipId: a, inSeconds: 3, outSeconds: 4 },
    ];
    const id = await insertHighlight(db, owner, edit);
    workers.wake();
    await settled(id);

    const row = await highlightRow(db, id);
    assert.equal(row.stage, 'done', row.failure_reason ?? '');
    assert.equal(row.progress, 100);
    assert.equal(row.failure_reason, null);
    assert.equal(row.stored_name, `${id}.mp4`);
    assert.equal(row.poster_name, `${id}.jpg`);
    assert.equal(row.rendered_at?.getTime(), clock.now());
    assert.equal(row.width, RENDER_SETTINGS.width);
    assert.equal(row.height, RENDER_SETTINGS.height);
    assert.ok(Math.abs((row.duration_seconds ?? 0) - 5) < 0.15, `duration ${row.duration_seconds} ≈ 2 + 2 + 1`);

    const video = path.join(ctx.highlightsDir, row.stored_name);
    const bytes = await readFile(video);
    assert.equal(Number(row.size_bytes), bytes.length);
    const boxes = topLevelBoxes(bytes);
    assert.ok(boxes.indexOf('moov') >= 0 && boxes.indexOf('moov') < boxes.indexOf('mdat'), `faststart: ${boxes.join(',')}`);
    const probed = await probeStreams(ffprobePath, video);
    assert.equal(probed.video?.codec, 'h264');
    assert.equal(probed.audio?.codec, 'aac');
    assert.deepEqual([probed.video.width, probed.video.height], [1280, 720]);
    assert.ok(Math.abs((probed.duration ?? 0) - 5) < 0.15);

    const poster = await readFile(path.join(ctx.highlightsDir, `${id}.jpg`));
    assert.deepEqual([...poster.subarray(0, 3)], [0xff, 0xd8, 0xff], 'a JPEG');
    const posterCodec = await run(ffprobePath, [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_name',
      '-of',
      'csv=p=0',
      path.join(ctx.highlightsDir, `${id}.jpg`),
    ]);
    assert.equal(posterCodec.stdout.trim(), 'mjpeg');

    const seen = stages.get(id) ?? [];
    assert.deepEqual(seen[0], { stage: 'rendering', progress: 0 });
    const order = seen.map((s) => s.stage).filter((s, i, all) => all[i - 1] !== s);
    assert.deepEqual(order, ['rendering', 'finishing', 'done']);
    assert.equal((await jobRow(db, id)).state, 'done');
    assert.deepEqual(
      (await readdir(ctx.highlightsDir)).filter((f) => f.startsWith('.')),
      [],
      'no temporary files left',
    );
  });

  test('what the first clip’s phone wrote (where it was filmed, its name) is not in the rendered video', async () => {
    const tagged = await makeClipFile({
      seconds: 2,
      metadata: { location: '+37.3349-122.0090+000.000/', title: 'Ava at practice', comment: 'home' },
    });
    const source = await ffprobeTags(tagged);
    assert.match(source.location ?? '', /^\+37\.3349-122\.0090/, 'the fixture carries a place');
    const a = await insertClipFile(db, ctx.uploadsDir, owner, tagged, 2);
    const id = await insertHighlight(db, owner, [{ clipId: a, inSeconds: 0, outSeconds: 2 }]);
    workers.wake();
    await settled(id);
    const row = await highlightRow(db, id);
    assert.equal(row.stage, 'done', row.failure_reason ?? '');

    const rendered = await readFile(path.join(ctx.highlightsDir, row.stored_name!));
    const tags = await ffprobeTags(rendered);
    assert.deepEqual(
      Object.keys(tags).filter((k) => /location|title|comment|xyz/i.test(k)),
      [],
      `no place or name: ${JSON.stringify(tags)}`,
    );
    assert.ok(!rendered.includes(Buffer.from('+37.3349')), 'the place is nowhere in the file');
  });

  test('a clip that is a raw stream (no container, no stated length) is refused as damaged, never rendered for 24 h', async () => {
    // A raw MPEG-4 stream: no container of CLIP_FORMATS, so nothing reads it (uploads refuse it the same way).
    const raw = await makeMedia('clip.m4v', [
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=160x120:rate=25',
      '-t',
      '2',
      '-c:v',
      'mpeg4',
      '-f',
      'm4v',
    ]);
    await assert.rejects(probeStreams(ffprobePath, await writeTemp(raw)), 'the guarded probe refuses a raw stream');
    const a = await insertClipFile(db, ctx.uploadsDir, owner, raw, null);
    const id = await insertHighlight(db, owner, [{ clipId: a, inSeconds: 0.5, outSeconds: 86_400 }]);
    workers.wake();
    await settled(id);
    const row = await highlightRow(db, id);
    assert.equal(row.stage, 'failed');
    assert.match(row.failure_reason ?? '', /missing or damaged/);
  });

  test('a corrupt clip file fails the job at once with a reason naming the clip', async () => {
    const good = await insertClipFile(db, ctx.uploadsDir, owner, clipWithSound, 4);
    const bad = await insertClipFile(db, ctx.uploadsDir, owner, Buffer.from('this is not a video at all'), 4);
    const id = await insertHighlight(db, owner, [
      { clipId: good, inSeconds: 0, outSeconds: 1 },
      { clipId: bad, inSeconds: 0, outSeconds: 1 },
    ]);
    workers.wake();
    await settled(id);
    const row = await highlightRow(db, id);
    assert.equal(row.stage, 'failed');
    assert.equal(row.failure_reason, 'Clip 2 of 2 is missing or damaged, so the highlight could not be rendered.');
    assert.equal(row.stored_name, null);
    const job = await jobRow(db, id);
    assert.equal(job.state, 'failed');
    assert.equal(job.attempts, 1, 'not retried');
    assert.deepEqual(stages.get(id), [{ stage: 'failed', progress: 0 }]);
  });

  test('a missing clip file, or a deleted clip, fails with a reason', async () => {
    const gone = await insertClipFile(db, ctx.uploadsDir, owner, clipWithSound, 4);
    const stored = (await db.query<{ stored_name: string }>('SELECT stored_name FROM clips WHERE id = $1', [gone])).rows[0]!;
    await rm(path.join(ctx.uploadsDir, stored.stored_name));
    const missing = await insertHighlight(db, owner, [{ clipId: gone, inSeconds: 0, outSeconds: 1 }]);
    const deleted = await insertHighlight(db, owner, [
      { clipId: '00000000-0000-4000-8000-00000000dead', inSeconds: 0, outSeconds: 1 },
    ]);
    workers.wake();
    await settled(missing);
    await settled(deleted);
    assert.equal(
      (await highlightRow(db, missing)).failure_reason,
      'Clip 1 of 1 is missing or damaged, so the highlight could not be rendered.',
    );
    assert.equal(
      (await highlightRow(db, deleted)).failure_reason,
      'Clip 1 of 1 was deleted, so the highlight could not be rendered.',
    );
  });

  test('a clip whose owner was deleted or revoked since fails the job: it is no longer available', async () => {
    for (const state of ['deleted', 'revoked'] as const) {
      const other = await insertOwner(db);
      const theirs = await insertClipFile(db, ctx.uploadsDir, other, clipWithSound, 4);
      const mine = await insertClipFile(db, ctx.uploadsDir, owner, clipWithSound, 4);
      const id = await insertHighlight(db, owner, [
        { clipId: mine, inSeconds: 0, outSeconds: 1 },
        { clipId: theirs, inSeconds: 0, outSeconds: 1 },
      ]);
      await db.query(
        state === 'deleted'
          ? 'UPDATE users SET deleted_at = now() WHERE id = $1'
          : 'UPDATE users SET permissions_revoked = true WHERE id = $1',
        [other.userId],
      );
      workers.wake();
      await settled(id);
      const row = await highlightRow(db, id);
      assert.equal(row.stage, 'failed', state);
      assert.equal(row.failure_reason, 'Clip 2 of 2 is no longer available, so the highlight could not be rendered.');
      assert.equal(row.stored_name, null);
      assert.equal((await jobRow(db, id)).attempts, 1, 'not retried');
    }
  });

  test('stopping kills a running render at once and hands its job back', async () => {
    const long = await makeClipFile({ seconds: 8, size: '640x360' });
    const c = await insertClipFile(db, ctx.uploadsDir, owner, long, 8);
    const id = await insertHighlight(db, owner, [
      { clipId: c, inSeconds: 0, outSeconds: 8 },
      { clipId: c, inSeconds: 0, outSeconds: 8 },
    ]);
    workers.wake();
    await waitFor(() => (stages.get(id) ?? []).some((s) => s.stage === 'rendering'), 20_000, 'the render to start');
    const t = Date.now();
    await workers.stop();
    assert.ok(Date.now() - t < 3000, `stop took ${Date.now() - t} ms`);
    const job = await jobRow(db, id);
    assert.equal(job.state, 'queued');
    assert.equal(job.attempts, 0);
    assert.equal((await highlightRow(db, id)).stage, 'queued');
    assert.deepEqual(
      (await readdir(ctx.highlightsDir)).filter((f) => f.startsWith('.')),
      [],
    );
  });
});

describe('render workers without ffmpeg', () => {
  test('jobs stay queued and one warning is logged', async () => {
    const dir = await tempDir('courtside-render-noffmpeg-');
    const seed = await openTestDb(dir);
    const highlight = await insertHighlight(seed, await insertOwner(seed), [
      { clipId: '00000000-0000-4000-8000-000000000001', inSeconds: 0, outSeconds: 1 },
    ]);
    await seed.close();
    const lines: string[] = [];
    const t = await startApp({
      dataDir: dir,
      ffmpegPath: null,
      ffprobePath: null,
      logger: true,
      logStream: { write: (line) => void lines.push(line) },
    });
    await new Promise((r) => setTimeout(r, 300));
    await t.app.close();
    const db = await openTestDb(dir);
    try {
      assert.equal((await jobRow(db, highlight)).state, 'queued');
      assert.equal((await highlightRow(db, highlight)).stage, 'queued');
      assert.equal(lines.filter((l) => l.includes('render workers not started')).length, 1);
    } finally {
      await db.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('renderWorkers: 0 starts none and app.close() is not delayed', async () => {
    const dir = await tempDir('courtside-render-none-');
    const t = await startApp({ dataDir: dir, renderWorkers: 0 });
    const closing = Date.now();
    await t.close();
    assert.ok(Date.now() - closing < 1000);
  });

  test('an idle worker does not delay app.close()', async () => {
    const t = await startApp({ renderWorkers: 2 });
    await new Promise((r) => setTimeout(r, 50));
    const closing = Date.now();
    await t.close();
    assert.ok(Date.now() - closing < 1000, `close took ${Date.now() - closing} ms`);
  });
});

describe('render worker lease renewals', () => {
  type Query = Db['query'];
  /** Runs every renewal of a lease (renewLease) through `onRenew`, the `n`th (1-based) of its job. */
  type RenewHook = (stage: string | null, n: number, run: () => Promise<void>) => Promise<void>;
  let dataDir: string;
  let db: Db;
  let ctx: AppContext;
  let owner: Owner;
  let app: FastifyInstance;
  let workers: RenderWorkers;
  let longClip: Buffer;
  let onRenew: RenewHook = (_stage, _n, run) => run();
  let renewals = 0;
  let claims = 0;
  const written: { stage: string; percent: number }[] = [];
  const stages = new Map<string, RenderStage[]>();
  const warnings: string[] = [];
  let ffmpegExits = 0;

  before(async () => {
    dataDir = await tempDir('courtside-render-lease-');
    db = await openTestDb(dataDir);
    const query: Query = db.query.bind(db);
    const intercepted = (async (sql: string, params?: unknown[]) => {
      if (sql.includes('UPDATE render_jobs SET locked_until')) {
        renewals += 1;
        const stage = (params?.[4] as string | null) ?? null;
        let result: Awaited<ReturnType<Query>> | undefined;
        await onRenew(stage, renewals, async () => {
          if (stage) written.push({ stage, percent: params?.[5] as number });
          result = await query(sql, params);
        });
        if (!result) throw new Error('renewal refused by the test');
        return result;
      }
      const result = await query(sql, params);
      if (sql.includes("SET state = 'active', attempts = attempts + 1") && result.rows.length > 0) claims += 1;
      return result;
    }) as Query;
    const wrapped = new Proxy(db, {
      get: (target, prop) => {
        if (prop === 'query') return intercepted;
        const value: unknown = Reflect.get(target, prop, target);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    // ffmpeg through a script that counts its exits, so a test can tell when the render itself has ended.
    const wrapper = path.join(dataDir, 'ffmpeg.sh');
    const marker = path.join(dataDir, 'ffmpeg-exits');
    await writeFile(wrapper, `#!/bin/sh\n'${ffmpegPath}' "$@"\nrc=$?\necho x >> '${marker}'\nexit $rc\n`, { mode: 0o755 });
    const countExits = setInterval(() => {
      readFile(marker, 'utf8').then(
        (text) => void (ffmpegExits = text.split('\n').filter(Boolean).length),
        () => undefined,
      );
    }, 10);
    countExits.unref();
    ctx = { ...renderContext(wrapped, dataDir, makeClock(Date.parse('2030-06-01T10:00:00.000Z')).now), ffmpegPath: wrapper };
    owner = await insertOwner(db);
    longClip = await makeClipFile({ seconds: 8, size: '640x360' });
    app = Fastify({ logger: { level: 'warn', stream: { write: (line: string) => void warnings.push(line) } } });
    workers = startRenderWorkers(app, ctx, {
      count: 1,
      pollMs: 100,
      onStage: (id, stage) => stages.set(id, [...(stages.get(id) ?? []), stage]),
    });
  });
  after(async () => {
    await app.close();
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** A highlight whose render takes a few seconds (so lease renewals happen while ffmpeg runs). */
  const longHighlight = async (): Promise<string> => {
    const c = await insertClipFile(db, ctx.uploadsDir, owner, longClip, 8);
    return insertHighlight(db, owner, [
      { clipId: c, inSeconds: 0, outSeconds: 8 },
      { clipId: c, inSeconds: 0, outSeconds: 8 },
    ]);
  };
  const settle = async (id: string) => {
    workers.wake();
    await waitFor(async () => ['done', 'failed'].includes((await highlightRow(db, id)).stage), 90_000, `highlight ${id}`);
    return highlightRow(db, id);
  };

  test('a renewal still in flight when ffmpeg ends is awaited before "finishing": progress never goes back', async () => {
    renewals = 0;
    written.length = 0;
    let held = 0;
    let finishingSent = (): void => undefined;
    const finishing = new Promise<void>((resolve) => {
      finishingSent = resolve;
    });
    // Every renewal during the render is held until "finishing" is sent, or until 0.5 s after ffmpeg has ended.
    onRenew = async (stage, n, run) => {
      if (stage === 'finishing') finishingSent();
      else if (stage === 'rendering' && n > 1) {
        held += 1;
        const ended = (async () => {
          await waitFor(() => ffmpegExits > 0, 60_000, 'ffmpeg to end');
          await new Promise((r) => setTimeout(r, 500));
        })();
        await Promise.race([finishing, ended]);
      }
      await run();
    };
    try {
      const id = await longHighlight();
      const row = await settle(id);
      assert.equal(row.stage, 'done', row.failure_reason ?? '');
      assert.ok(held >= 1, 'a renewal was in flight when ffmpeg ended');
      const firstFinishing = written.findIndex((w) => w.stage === 'finishing');
      assert.ok(firstFinishing > 0, JSON.stringify(written));
      assert.deepEqual(
        written.slice(firstFinishing).map((w) => w.stage),
        written.slice(firstFinishing).map(() => 'finishing'),
        `no "rendering" written after "finishing": ${JSON.stringify(written)}`,
      );
      const order = (stages.get(id) ?? []).filter((s, i, all) => all[i - 1] !== s);
      assert.deepEqual(order, ['rendering', 'finishing', 'done']);
    } finally {
      onRenew = (_stage, _n, run) => run();
    }
  });

  test('a renewal that fails (a database error) is logged and retried; the render goes on', async () => {
    renewals = 0;
    claims = 0;
    let refused = 0;
    // The first two renewals while ffmpeg runs fail; the lease (60 s) still has time.
    onRenew = async (stage, n, run) => {
      if (stage === 'rendering' && n > 1 && refused < 2) {
        refused += 1;
        throw new Error('connection reset');
      }
      await run();
    };
    try {
      const from = warnings.length;
      const id = await longHighlight();
      const row = await settle(id);
      assert.equal(row.stage, 'done', row.failure_reason ?? '');
      assert.ok(refused >= 1, 'a renewal failed while ffmpeg ran');
      assert.equal(claims, 1, 'rendered in one go, not stopped and taken again');
      assert.ok(!(stages.get(id) ?? []).includes('queued'), `stages: ${(stages.get(id) ?? []).join(',')}`);
      assert.equal((await jobRow(db, id)).attempts, 1);
      assert.ok(warnings.slice(from).some((l) => l.includes('render lease renewal failed')));
    } finally {
      onRenew = (_stage, _n, run) => run();
    }
  });
});

describe('render worker lease over the whole job', () => {
  /** Short, on the real clock, so a phase that runs longer without renewals would let another worker take the job. */
  const LEASE_MS = 4_000;
  let dataDir: string;
  let db: Db;
  let ctx: AppContext;
  let owner: Owner;
  let app: FastifyInstance;
  let workers: RenderWorkers;
  let clip: Buffer;
  const stages = new Map<string, RenderStage[]>();
  const warnings: string[] = [];
  let onStage = (_id: string, _stage: RenderStage): void => undefined;

  /** How long (s) ffprobe sleeps before probing a clip, and before probing the rendered output. */
  const probeDelays = (clips: number, output: number) => writeFile(path.join(dataDir, 'probe-delays'), `${clips} ${output}\n`);

  before(async () => {
    dataDir = await tempDir('courtside-render-whole-');
    db = await openTestDb(dataDir);
    // ffprobe through a script that first sleeps: a slow plan (clips) or a slow finishing phase (the output).
    const delays = path.join(dataDir, 'probe-delays');
    const wrapper = path.join(dataDir, 'ffprobe.sh');
    const script = [
      '#!/bin/sh',
      `case "$*" in *.render-*) f=2 ;; *) f=1 ;; esac`,
      `sleep "$(cut -d' ' -f$f '${delays}')"`,
      `exec '${ffprobePath}' "$@"`,
    ];
    await writeFile(wrapper, `${script.join('\n')}\n`, { mode: 0o755 });
    await probeDelays(0, 0);
    ctx = { ...renderContext(db, dataDir, () => Date.now()), ffprobePath: wrapper };
    owner = await insertOwner(db);
    clip = await makeClipFile({ seconds: 2 });
    app = Fastify({ logger: { level: 'warn', stream: { write: (line: string) => void warnings.push(line) } } });
    workers = startRenderWorkers(app, ctx, {
      count: 1,
      pollMs: 100,
      leaseMs: LEASE_MS,
      onStage: (id, stage) => {
        stages.set(id, [...(stages.get(id) ?? []), stage]);
        onStage(id, stage);
      },
    });
  });
  after(async () => {
    await app.close();
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const twoClipHighlight = async (): Promise<string> => {
    const c = await insertClipFile(db, ctx.uploadsDir, owner, clip, 2);
    return insertHighlight(db, owner, [
      { clipId: c, inSeconds: 0, outSeconds: 2 },
      { clipId: c, inSeconds: 0, outSeconds: 2 },
    ]);
  };

  /**
   * Renders `id` while another worker, once this one has the job, claims every 100 ms (as one on another server
   * would) until the highlight is settled or it took the job; what it took.
   */
  const renderBesideRival = async (id: string): Promise<string[]> => {
    workers.wake();
    await waitFor(async () => (await jobRow(db, id)).state !== 'queued', 10_000, `job of ${id} to be claimed`);
    const taken: string[] = [];
    await waitFor(
      async () => {
        const job = await claimJob(db, 'rival', Date.now(), 60_000);
        if (job) taken.push(job.highlightId);
        return taken.length > 0 || ['done', 'failed'].includes((await highlightRow(db, id)).stage);
      },
      60_000,
      `highlight ${id}`,
    );
    return taken;
  };

  test('a plan slower than the lease (clips probed slowly) keeps the job this worker’s', async () => {
    await probeDelays(2.5, 0); // two clips: 5 s of planning
    const id = await twoClipHighlight();
    assert.deepEqual(await renderBesideRival(id), [], 'no other worker took the job while it was planned');
    const row = await highlightRow(db, id);
    assert.equal(row.stage, 'done', row.failure_reason ?? '');
    assert.equal((await jobRow(db, id)).attempts, 1);
  });

  test('a finishing phase slower than the lease keeps the job, and the temporary files stay fresh meanwhile', async () => {
    await probeDelays(0, 5);
    let tmpAge: number | null = null;
    onStage = (id, stage) => {
      if (stage !== 'finishing' || tmpAge !== null) return;
      tmpAge = -1;
      // Well into the slow probe of the output, which nothing writes to: its age is that of the last touch.
      setTimeout(() => {
        void (async () => {
          const tmp = (await readdir(ctx.highlightsDir)).find((f) => f.startsWith(`.render-`) && f.endsWith('.mp4'));
          tmpAge = tmp ? Date.now() - (await stat(path.join(ctx.highlightsDir, tmp))).mtimeMs : -2;
        })();
      }, 3_500);
    };
    try {
      const id = await twoClipHighlight();
      assert.deepEqual(await renderBesideRival(id), [], 'no other worker took the job while it was finishing');
      const row = await highlightRow(db, id);
      assert.equal(row.stage, 'done', row.failure_reason ?? '');
      assert.equal((await jobRow(db, id)).attempts, 1);
      // Untouched, it would be 3.5 s old; touched every second, well under that (room for a loaded machine).
      assert.ok(tmpAge !== null && tmpAge >= 0 && tmpAge < 2_500, `the temporary video was touched ${tmpAge} ms before`);
    } finally {
      onStage = () => undefined;
    }
  });

  test('a worker whose job was taken over before its files are placed writes no final files and records nothing', async () => {
    await probeDelays(0, 1);
    let takenOver: Promise<unknown> | null = null;
    // Right after "finishing" is written, another worker holds the job (its lease lapsed, say, while the database
    // was out of reach).
    onStage = (id, stage) => {
      if (stage !== 'finishing' || takenOver) return;
      takenOver = db.query(
        `UPDATE render_jobs SET locked_by = 'rival', locked_until = $1, attempts = attempts + 1 WHERE highlight_id = $2`,
        [new Date(Date.now() + 60_000), id],
      );
    };
    try {
      const from = warnings.length;
      const id = await twoClipHighlight();
      workers.wake();
      const gaveUp = () => warnings.slice(from).some((l) => l.includes(id) && l.includes('taken over'));
      await waitFor(gaveUp, 60_000, 'the worker to give up');
      await takenOver;
      await waitFor(
        async () => !(await readdir(ctx.highlightsDir)).some((f) => f.startsWith('.render-')),
        5_000,
        'temporary files to be removed',
      );
      const files = await readdir(ctx.highlightsDir);
      assert.deepEqual(
        files.filter((f) => f.startsWith(id)),
        [],
        'neither the video nor the poster is placed',
      );
      const row = await highlightRow(db, id);
      assert.equal(row.stage, 'finishing', 'nothing recorded after the takeover');
      assert.equal(row.stored_name, null);
      const job = await jobRow(db, id);
      assert.deepEqual([job.state, job.locked_by, job.attempts], ['active', 'rival', 2], 'the job is still the other worker’s');
    } finally {
      onStage = () => undefined;
    }
  });
});

describe('render workers at start', () => {
  test('temporary render files older than any live render are removed; recent ones and highlights are kept', async () => {
    const dataDir = await tempDir('courtside-render-leftovers-');
    const db = await openTestDb(dataDir);
    const ctx = renderContext(db, dataDir, () => Date.now());
    await mkdir(ctx.highlightsDir, { recursive: true });
    const file = (name: string) => path.join(ctx.highlightsDir, name);
    const crashed = ['.render-a1-host_1_0f0f0f0f_1.mp4', '.render-a1-host_1_0f0f0f0f_1.mp4.jpg'];
    // Another server's render in progress: ffmpeg keeps writing it (or its worker touches it).
    const live = '.render-b2-other_7_1a2b3c4d_1.mp4';
    const kept = ['0a1b2c3d-0000-4000-8000-000000000001.mp4', '0a1b2c3d-0000-4000-8000-000000000001.jpg', live];
    for (const name of [...crashed, ...kept]) await writeFile(file(name), 'x');
    const longAgo = new Date(Date.now() - 2 * 3600_000);
    for (const name of [...crashed, ...kept.filter((n) => n !== live)]) await utimes(file(name), longAgo, longAgo);

    const lines: string[] = [];
    const app = Fastify({ logger: { level: 'warn', stream: { write: (line: string) => void lines.push(line) } } });
    startRenderWorkers(app, ctx, { count: 1, pollMs: 100 });
    try {
      await waitFor(() => lines.some((l) => l.includes('partial render file')), 10_000, 'the leftovers to be removed');
      assert.deepEqual((await readdir(ctx.highlightsDir)).sort(), [...kept].sort());
      assert.ok(
        lines.some((l) => l.includes('Removed 2 partial render file(s)')),
        lines.join('\n'),
      );
    } finally {
      await app.close();
      await db.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

import assert from 'node:assert/strict';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import { buildApp } from '../app';
import type { Db } from '../db';
import { openTestDb, testDbOptions } from './testDb';
import {
  claimJob,
  completeJob,
  enqueueRender,
  failJob,
  MAX_RENDER_ATTEMPTS,
  releaseJob,
  renewLease,
  STALLED_REASON,
} from '../lib/render/renderQueue';
import { tempDir, TEST_VENUES } from './helpers';
import {
  highlightRow,
  insertClipFile,
  insertHighlight,
  insertOwner,
  jobRow,
  makeClipFile,
  waitFor,
  type Owner,
} from './renderFixtures';

/** The render queue (docs/rendering.md): who takes a job, leases, attempts, and a restart that resumes a render. */

const LEASE = 60_000;
const T0 = Date.parse('2030-05-01T12:00:00.000Z');
const EDIT = [{ clipId: '00000000-0000-4000-8000-000000000001', inSeconds: 0, outSeconds: 1 }];

describe('render queue', () => {
  let dataDir: string;
  let db: Db;
  let owner: Owner;

  before(async () => {
    dataDir = await tempDir('courtside-queue-');
    db = await openTestDb(dataDir);
    owner = await insertOwner(db);
  });
  after(async () => {
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await db.query('DELETE FROM highlights');
  });

  test('enqueue writes one queued job per highlight; enqueuing again keeps it', async () => {
    const h = await insertHighlight(db, owner, EDIT);
    await enqueueRender(db, h);
    const jobs = await db.query<{ state: string; attempts: number }>(
      'SELECT state, attempts FROM render_jobs WHERE highlight_id = $1',
      [h],
    );
    assert.deepEqual(jobs.rows, [{ state: 'queued', attempts: 0 }]);
  });

  test('enqueue joins the caller’s transaction: a rollback leaves no job', async () => {
    const h = await insertHighlight(db, owner, EDIT, { enqueue: false });
    await db
      .transaction(async (tx) => {
        await enqueueRender(tx, h);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    const jobs = await db.query('SELECT 1 FROM render_jobs WHERE highlight_id = $1', [h]);
    assert.equal(jobs.rows.length, 0);
  });

  test('interleaved claims never take one job twice, oldest first; nothing left → null', async () => {
    const a = await insertHighlight(db, owner, EDIT, { createdAt: new Date(T0 - 3000) });
    const b = await insertHighlight(db, owner, EDIT, { createdAt: new Date(T0 - 2000) });
    const c = await insertHighlight(db, owner, EDIT, { createdAt: new Date(T0 - 1000) });
    const first = await claimJob(db, 'w1', T0, LEASE);
    const concurrent = await Promise.all(['w2', 'w3', 'w4', 'w5'].map((w) => claimJob(db, w, T0, LEASE)));
    const taken = [first, ...concurrent].filter((j) => j !== null);
    assert.equal(first?.highlightId, a);
    assert.deepEqual(taken.map((j) => j.highlightId).sort(), [a, b, c].sort());
    assert.equal(new Set(taken.map((j) => j.id)).size, 3);
    assert.equal(concurrent.filter((j) => j === null).length, 2);
    for (const j of taken) assert.equal(j.attempt, 1);
    const owners = await db.query<{ locked_by: string }>(`SELECT locked_by FROM render_jobs WHERE state = 'active'`);
    assert.equal(new Set(owners.rows.map((r) => r.locked_by)).size, 3);
  });

  test('a held lease keeps the job; renewal extends it; after it runs out another worker takes it', async () => {
    const h = await insertHighlight(db, owner, EDIT);
    const job = await claimJob(db, 'w1', T0, LEASE);
    assert.equal(job?.highlightId, h);
    assert.equal(await claimJob(db, 'w2', T0 + LEASE - 1, LEASE), null);
    assert.equal(await renewLease(db, job, 'w1', T0 + 30_000, LEASE, { stage: 'rendering', percent: 42.4 }), true);
    const shown = await highlightRow(db, h);
    assert.equal(shown.stage, 'rendering');
    assert.equal(shown.progress, 42);
    assert.equal(await claimJob(db, 'w2', T0 + LEASE + 1, LEASE), null, 'the renewed lease still holds');
    const retaken = await claimJob(db, 'w2', T0 + 30_000 + LEASE + 1, LEASE);
    assert.equal(retaken?.id, job.id);
    assert.equal(retaken.attempt, 2);
    // The first worker lost it: its renewal, completion and failure are refused.
    assert.equal(await renewLease(db, job, 'w1', T0 + 100_000, LEASE), false);
    const files = { storedName: 'x.mp4', posterName: 'x.jpg', durationSeconds: 1, sizeBytes: 1, width: 1280, height: 720 };
    assert.equal(await completeJob(db, job, 'w1', T0 + 100_000, files), false);
    assert.equal(await failJob(db, job, 'w1', T0 + 100_000, 'nope', { retry: false }), null);
    assert.equal((await highlightRow(db, h)).stored_name, null);
    assert.equal(await completeJob(db, retaken, 'w2', T0 + 100_000, files), true);
    const done = await highlightRow(db, h);
    assert.equal(done.stage, 'done');
    assert.equal(done.progress, 100);
    assert.equal(done.stored_name, 'x.mp4');
    assert.equal(done.rendered_at?.getTime(), T0 + 100_000);
    assert.equal((await jobRow(db, h)).state, 'done');
    assert.equal(await claimJob(db, 'w3', T0 + 10 * LEASE, LEASE), null, 'a done job is never taken again');
  });

  test(`a job whose workers keep dying is failed after ${MAX_RENDER_ATTEMPTS} attempts, with a reason`, async () => {
    const h = await insertHighlight(db, owner, EDIT);
    let t = T0;
    for (let attempt = 1; attempt <= MAX_RENDER_ATTEMPTS; attempt++) {
      const job = await claimJob(db, `w${attempt}`, t, LEASE);
      assert.equal(job?.attempt, attempt);
      t += LEASE + 1;
    }
    assert.equal(await claimJob(db, 'w9', t, LEASE), null);
    const shown = await highlightRow(db, h);
    assert.equal(shown.stage, 'failed');
    assert.equal(shown.failure_reason, STALLED_REASON);
    assert.equal((await jobRow(db, h)).state, 'failed');
  });

  test('a retryable failure queues the job again until the last attempt; a permanent one fails at once', async () => {
    const h = await insertHighlight(db, owner, EDIT);
    for (let attempt = 1; attempt < MAX_RENDER_ATTEMPTS; attempt++) {
      const job = await claimJob(db, 'w1', T0, LEASE);
      assert.equal(await failJob(db, job!, 'w1', T0, 'ffmpeg crashed', { retry: true }), 'queued');
      const shown = await highlightRow(db, h);
      assert.equal(shown.stage, 'queued');
      assert.equal(shown.failure_reason, null);
    }
    const last = await claimJob(db, 'w1', T0, LEASE);
    assert.equal(last?.attempt, MAX_RENDER_ATTEMPTS);
    assert.equal(await failJob(db, last, 'w1', T0, 'ffmpeg crashed', { retry: true }), 'failed');
    assert.equal((await highlightRow(db, h)).failure_reason, 'ffmpeg crashed');

    const p = await insertHighlight(db, owner, EDIT);
    const job = await claimJob(db, 'w1', T0, LEASE);
    assert.equal(job?.highlightId, p);
    assert.equal(await failJob(db, job, 'w1', T0, 'Clip 1 of 1 is missing or damaged.', { retry: false }), 'failed');
    const shown = await highlightRow(db, p);
    assert.equal(shown.stage, 'failed');
    assert.equal(shown.failure_reason, 'Clip 1 of 1 is missing or damaged.');
    const row = await jobRow(db, p);
    assert.equal(row.attempts, 1);
    assert.equal(row.last_error, 'Clip 1 of 1 is missing or damaged.');
  });

  test('a job handed back on shutdown is queued at once and the attempt does not count', async () => {
    const h = await insertHighlight(db, owner, EDIT);
    const job = await claimJob(db, 'w1', T0, LEASE);
    await renewLease(db, job!, 'w1', T0, LEASE, { stage: 'rendering', percent: 50 });
    assert.equal(await releaseJob(db, job!, 'w1', T0 + 1000), true);
    const row = await jobRow(db, h);
    assert.equal(row.state, 'queued');
    assert.equal(row.attempts, 0);
    assert.equal(row.locked_by, null);
    const shown = await highlightRow(db, h);
    assert.equal(shown.stage, 'queued');
    assert.equal(shown.progress, 0);
    assert.equal((await claimJob(db, 'w2', T0 + 1000, LEASE))?.attempt, 1, 'taken again without waiting for the lease');
  });
});

describe('a restart resumes a render', () => {
  test('the app closes mid-render, the job goes back to the queue, the next start on the same data finishes it', async () => {
    const dataDir = await tempDir('courtside-resume-');
    const uploadsDir = path.join(dataDir, 'uploads');
    const highlightsDir = path.join(dataDir, 'highlights');
    let highlightId = '';
    {
      const db = await openTestDb(dataDir);
      const owner = await insertOwner(db);
      const clip = await makeClipFile({ seconds: 4, size: '640x360' });
      const edit = [];
      for (let i = 0; i < 3; i++) {
        edit.push({ clipId: await insertClipFile(db, uploadsDir, owner, clip, 4), inSeconds: 0, outSeconds: 4 });
      }
      highlightId = await insertHighlight(db, owner, edit);
      await db.close();
    }
    const opts = {
      dataDir,
      venues: TEST_VENUES,
      distDir: path.join(dataDir, 'no-dist'),
      renderWorkers: 1,
      ...(await testDbOptions(dataDir)),
    };
    const partial = async () => (await readdir(highlightsDir).catch(() => [])).some((f) => f.startsWith('.render-'));
    try {
      let app = await buildApp(opts);
      await waitFor(partial, 20_000, 'ffmpeg to start writing');
      const closing = Date.now();
      await app.close();
      assert.ok(Date.now() - closing < 3000, 'closing does not wait for the render');
      assert.equal(await partial(), false, 'the partial output is removed');
      {
        const db = await openTestDb(dataDir);
        const job = await jobRow(db, highlightId);
        assert.equal(job.state, 'queued');
        assert.equal(job.attempts, 0);
        assert.equal((await highlightRow(db, highlightId)).stage, 'queued');
        await db.close();
      }
      app = await buildApp(opts);
      try {
        // Closing waits for the worker, which records done right after the rename.
        await waitFor(async () => (await readdir(highlightsDir)).includes(`${highlightId}.mp4`), 60_000, 'the render');
      } finally {
        await app.close();
      }
      const db = await openTestDb(dataDir);
      const shown = await highlightRow(db, highlightId);
      const job = await jobRow(db, highlightId);
      await db.close();
      assert.equal(shown.stage, 'done');
      assert.ok(Math.abs((shown.duration_seconds ?? 0) - 12) < 0.2, `duration ${shown.duration_seconds}`);
      assert.equal(job.state, 'done');
      assert.equal(job.attempts, 1);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

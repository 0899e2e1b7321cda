import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Db } from '../db';
import type { AppContext } from '../lib/context';
import { createMediaStore, type MediaStore } from '../lib/mediaStore';
import { startRenderWorkers, type RenderStage } from '../lib/render/renderWorker';
import { makeClock, tempDir } from './helpers';
import {
  highlightRow,
  insertClipFile,
  insertHighlight,
  insertOwner,
  jobRow,
  renderContext,
  waitFor,
  type Owner,
} from './renderFixtures';
import { startLocalS3, type LocalS3 } from './s3Fixture';
import { openTestDb } from './testDb';

/**
 * The render worker on object storage when a clip cannot be read: an object that is not in the bucket is a missing
 * clip (failed for good, as on disk); a bucket that does not answer is not — the render is tried again.
 */

describe('render worker on object storage: clips it cannot read', () => {
  let dataDir: string;
  let db: Db;
  let s3: LocalS3;
  let owner: Owner;
  const clock = makeClock(Date.parse('2030-06-01T10:00:00.000Z'));
  const apps: FastifyInstance[] = [];
  const stores: MediaStore[] = [];
  const stages = new Map<string, RenderStage[]>();

  /** Workers on `media`; returns the context they use. */
  const workersOn = (media: MediaStore): AppContext => {
    const ctx: AppContext = { ...renderContext(db, dataDir, clock.now), media };
    const app = Fastify();
    apps.push(app);
    startRenderWorkers(app, ctx, {
      count: 1,
      pollMs: 100,
      onStage: (id, stage) => stages.set(id, [...(stages.get(id) ?? []), stage]),
    });
    return ctx;
  };

  before(async () => {
    dataDir = await tempDir('courtside-s3-render-');
    db = await openTestDb(dataDir);
    s3 = await startLocalS3('render-media');
    owner = await insertOwner(db);
  });
  after(async () => {
    for (const app of apps) await app.close();
    for (const store of stores) await store.close();
    await db.close();
    await s3.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  test('a clip whose object is not in the bucket fails the render at once, naming the clip', async () => {
    const media = await createMediaStore(s3.config, { uploadsDir: '', highlightsDir: '' });
    stores.push(media);
    const ctx = workersOn(media);
    // The row's file goes to the local uploads/ only: the bucket has no such object.
    const clip = await insertClipFile(db, ctx.uploadsDir, owner, Buffer.from('not in the bucket'), 2);
    const id = await insertHighlight(db, owner, [{ clipId: clip, inSeconds: 0, outSeconds: 1 }]);
    await waitFor(async () => (await highlightRow(db, id)).stage === 'failed', 30_000, 'the render to fail');
    const row = await highlightRow(db, id);
    assert.equal(row.failure_reason, 'Clip 1 of 1 is missing or damaged, so the highlight could not be rendered.');
    assert.equal((await jobRow(db, id)).attempts, 1, 'not retried');
    await apps.pop()?.close();
  });

  test('a bucket that does not answer hands the render back to be tried again', async () => {
    const media = await createMediaStore({ ...s3.config, endpoint: 'http://127.0.0.1:9' }, { uploadsDir: '', highlightsDir: '' });
    stores.push(media);
    const ctx = workersOn(media);
    const clip = await insertClipFile(db, ctx.uploadsDir, owner, Buffer.from('unreachable'), 2);
    const id = await insertHighlight(db, owner, [{ clipId: clip, inSeconds: 0, outSeconds: 1 }]);
    await waitFor(async () => (stages.get(id) ?? []).length > 0, 30_000, 'the first attempt');
    assert.equal(stages.get(id)?.[0], 'queued', 'back in the queue, not failed');
    const job = await jobRow(db, id);
    assert.notEqual(job.state, 'failed');
    assert.equal(job.last_error, 'Clip 1 of 1 could not be read from the media storage.');
    assert.equal((await highlightRow(db, id)).failure_reason, null);
  });
});

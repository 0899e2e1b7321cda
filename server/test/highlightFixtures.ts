import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { BuildAppOptions } from '../app';
import type { Db } from '../db';
import { BrowseApp } from './browseFixtures';
import { bearer } from './helpers';
import { makeMedia, makeVideo, type Envelope } from './mediaFixtures';

/**
 * Editor sessions and highlights written or driven for the tests: the app without render workers (a job stays
 * 'queued' and nothing renders behind a test's back), highlights inserted straight into the database, and
 * "rendered" ones made by putting a real small mp4 and a JPEG where a render would and marking the row done.
 */

/** The origin `app.inject()` requests arrive on (Host `localhost:80`). */
export const INJECT_ORIGIN = 'http://localhost';
export const RETURN_URL = `${INJECT_ORIGIN}/highlights/view`;

/** The signing key of the test app (so tests can check signed URLs and forge credentials). */
export const TEST_SECRET = Buffer.alloc(32, 7);

export function startHighlightApp(startMs: number, opts: Partial<BuildAppOptions> = {}): Promise<BrowseApp> {
  return BrowseApp.start({ renderWorkers: 0, secretKey: TEST_SECRET.toString('base64'), ...opts }, startMs);
}

export interface CreatedSession {
  id: string;
  token: string;
  editorUrl: string;
  expiresAt: string;
}

export async function createSession(
  app: FastifyInstance,
  token: string,
  body: { eventId: string; clipIds: string[]; returnUrl?: string },
): Promise<CreatedSession> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/editor-sessions',
    headers: bearer(token),
    payload: { returnUrl: RETURN_URL, ...body },
  });
  if (res.statusCode !== 201) throw new Error(`create session failed: ${res.statusCode} ${res.body}`);
  return (res.json() as Envelope<CreatedSession>).data;
}

export async function tradeCredential(app: FastifyInstance, session: { id: string; token: string }): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1/editor-sessions/${session.id}/credential`,
    payload: { token: session.token },
  });
  if (res.statusCode !== 200) throw new Error(`credential trade failed: ${res.statusCode} ${res.body}`);
  return (res.json() as Envelope<{ credential: string }>).data.credential;
}

export function editorHeaders(credential: string): Record<string, string> {
  return { 'x-editor-credential': credential };
}

export interface NewHighlight {
  userId: string;
  eventId: string;
  title: string;
  createdAt: Date;
  /** Default: two pieces of made-up clip ids. */
  clips?: { clipId: string; inSeconds: number; outSeconds: number }[];
}

export async function insertHighlight(db: Db, h: NewHighlight): Promise<string> {
  const clips = h.clips ?? [
    { clipId: randomUUID(), inSeconds: 0, outSeconds: 2 },
    { clipId: randomUUID(), inSeconds: 1, outSeconds: 3 },
  ];
  const r = await db.query<{ id: string }>(
    'INSERT INTO highlights (user_id, event_id, title, clips, created_at) VALUES ($1, $2, $3, $4::jsonb, $5) RETURNING id',
    [h.userId, h.eventId, h.title, JSON.stringify(clips), h.createdAt],
  );
  const id = r.rows[0]?.id;
  if (!id) throw new Error('highlight insert returned no id');
  return id;
}

/** What a finished render leaves: the files (bytes returned) and the row marked done. */
export interface RenderedFiles {
  video: Buffer;
  poster: Buffer;
}

export async function makeRenderedFiles(): Promise<RenderedFiles> {
  const [video, poster] = await Promise.all([
    makeVideo({ seconds: 2 }),
    makeMedia('poster.jpg', ['-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=1', '-frames:v', '1']),
  ]);
  return { video, poster };
}

export async function markRendered(
  db: Db,
  highlightsDir: string,
  id: string,
  files: RenderedFiles,
  opts: { poster?: boolean; durationSeconds?: number } = {},
): Promise<void> {
  const storedName = `${id}.mp4`;
  const posterName = opts.poster === false ? null : `${id}.jpg`;
  await writeFile(path.join(highlightsDir, storedName), files.video);
  if (posterName) await writeFile(path.join(highlightsDir, posterName), files.poster);
  await db.query(
    `UPDATE highlights SET stage = 'done', progress = 100, stored_name = $2, poster_name = $3, duration_seconds = $4,
       size_bytes = $5, width = 160, height = 120, rendered_at = created_at WHERE id = $1`,
    [id, storedName, posterName, opts.durationSeconds ?? 2, files.video.length],
  );
}

export async function markFailed(db: Db, id: string, reason: string): Promise<void> {
  await db.query(`UPDATE highlights SET stage = 'failed', failure_reason = $2 WHERE id = $1`, [id, reason]);
}

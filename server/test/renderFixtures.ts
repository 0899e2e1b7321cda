import { randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db';
import type { AppContext } from '../lib/context';
import { enqueueRender } from '../lib/render/renderQueue';
import { tempDir } from './helpers';
import { ffmpegPath, ffprobePath, makeMedia } from './mediaFixtures';

/** Rows and files for render tests, written straight into a database opened on a data directory. */

export interface Owner {
  userId: string;
  eventId: string;
}

/** A user and an event (with its venue) to hang highlights on. */
export async function insertOwner(db: Db): Promise<Owner> {
  const u = await db.query<{ id: string }>('INSERT INTO users (email) VALUES ($1) RETURNING id', [
    `render-${randomUUID()}@example.com`,
  ]);
  await db.query(
    `INSERT INTO locations (id, name, latitude, longitude) VALUES ('venue-render', 'Render Park', 41.9, -87.6)
     ON CONFLICT (id) DO NOTHING`,
  );
  const e = await db.query<{ id: string }>(
    `INSERT INTO events (name, sport, start_time, location_id) VALUES ('Render Cup', 'soccer', now(), 'venue-render')
     RETURNING id`,
  );
  return { userId: u.rows[0]!.id, eventId: e.rows[0]!.id };
}

/**
 * A test video: a moving pattern of `size` at 25 fps for `seconds`, with a tone unless `silent`, and the container
 * tags of `metadata` (as a phone writes its place and name).
 */
export function makeClipFile(opts: {
  seconds: number;
  size?: string;
  silent?: boolean;
  metadata?: Record<string, string>;
}): Promise<Buffer> {
  const size = opts.size ?? '320x240';
  const video = ['-f', 'lavfi', '-i', `testsrc=duration=${opts.seconds}:size=${size}:rate=25`];
  const audio = opts.silent ? [] : ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${opts.seconds}`];
  const codecs = ['-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-preset', 'ultrafast', ...(opts.silent ? [] : ['-c:a', 'aac'])];
  const tags = Object.entries(opts.metadata ?? {}).flatMap(([key, value]) => ['-metadata', `${key}=${value}`]);
  return makeMedia('clip.mp4', [...video, ...audio, ...codecs, ...tags]);
}

/** `bytes` written to a file of a fresh temp dir: its path. */
export async function writeTemp(bytes: Buffer, name = 'video.mp4'): Promise<string> {
  const file = path.join(await tempDir('courtside-probe-'), name);
  await writeFile(file, bytes);
  return file;
}

/** The container tags ffprobe reads in `bytes` (an MP4). */
export async function ffprobeTags(bytes: Buffer): Promise<Record<string, string>> {
  const out = execFileSync(ffprobePath, ['-v', 'error', '-show_entries', 'format_tags', '-of', 'json', await writeTemp(bytes)]);
  return (JSON.parse(out.toString()) as { format?: { tags?: Record<string, string> } }).format?.tags ?? {};
}

/** A clip row whose file (`bytes`) is written to `uploadsDir`. */
export async function insertClipFile(
  db: Db,
  uploadsDir: string,
  owner: Owner,
  bytes: Buffer,
  duration: number | null,
): Promise<string> {
  const id = randomUUID();
  const stored = `${id}.mp4`;
  await mkdir(uploadsDir, { recursive: true });
  await writeFile(path.join(uploadsDir, stored), bytes);
  await db.query(
    `INSERT INTO clips (id, user_id, event_id, filename, stored_name, mime_type, size, duration, recorded_at)
     VALUES ($1, $2, $3, 'clip.mp4', $4, 'video/mp4', $5, $6, now())`,
    [id, owner.userId, owner.eventId, stored, bytes.length, duration],
  );
  return id;
}

export interface EditClip {
  clipId: string;
  inSeconds: number;
  outSeconds: number;
}

/** A highlight (stage queued) and, unless `enqueue` is false, its render job. */
export async function insertHighlight(
  db: Db,
  owner: Owner,
  clips: EditClip[],
  opts: { enqueue?: boolean; createdAt?: Date } = {},
): Promise<string> {
  const r = await db.query<{ id: string }>(
    `INSERT INTO highlights (user_id, event_id, title, clips) VALUES ($1, $2, 'Test highlight', $3) RETURNING id`,
    [owner.userId, owner.eventId, JSON.stringify(clips)],
  );
  const id = r.rows[0]!.id;
  if (opts.enqueue !== false) await enqueueRender(db, id, opts.createdAt);
  return id;
}

export interface HighlightRow {
  stage: string;
  progress: number;
  failure_reason: string | null;
  stored_name: string | null;
  poster_name: string | null;
  duration_seconds: number | null;
  size_bytes: string | number | null;
  width: number | null;
  height: number | null;
  rendered_at: Date | null;
}

export async function highlightRow(db: Db, id: string): Promise<HighlightRow> {
  const r = await db.query<HighlightRow>('SELECT * FROM highlights WHERE id = $1', [id]);
  return r.rows[0]!;
}

export interface JobRow {
  id: string;
  state: string;
  attempts: number;
  locked_by: string | null;
  locked_until: Date | null;
  last_error: string | null;
}

export async function jobRow(db: Db, highlightId: string): Promise<JobRow> {
  const r = await db.query<JobRow>('SELECT * FROM render_jobs WHERE highlight_id = $1', [highlightId]);
  return r.rows[0]!;
}

/** An AppContext for driving the workers without the HTTP app. */
export function renderContext(db: Db, dataDir: string, now: () => number): AppContext {
  return {
    db,
    secret: Buffer.alloc(32, 1),
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    highlightsDir: path.join(dataDir, 'highlights'),
    now,
    tokenTtlSeconds: 3600,
    idpName: 'local',
    oidc: null,
    adminEmails: new Set(),
    logoutRedirect: false,
    maxUploadBytes: 100 * 1024 * 1024,
    venues: [],
    ffmpegPath,
    ffprobePath,
  };
}

/** Top-level MP4 box types in order (`ftyp`, `moov`, `mdat`, …). */
export function topLevelBoxes(file: Buffer): string[] {
  const boxes: string[] = [];
  let at = 0;
  while (at + 8 <= file.length) {
    let size = file.readUInt32BE(at);
    const type = file.toString('latin1', at + 4, at + 8);
    if (size === 1) size = Number(file.readBigUInt64BE(at + 8));
    else if (size === 0) size = file.length - at;
    boxes.push(type);
    if (size < 8) break;
    at += size;
  }
  return boxes;
}

/** Polls `check` every 25 ms until it is true or `ms` pass. */
export async function waitFor(check: () => boolean | Promise<boolean>, ms: number, what: string): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

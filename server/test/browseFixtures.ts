import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../app';
import type { Db } from '../db';
import { dropTestDatabase, openTestDb } from './testDb';
import { freshDataDir, makeClock, TEST_VENUES, type Clock } from './helpers';

/**
 * Rows written straight into the app's database, for listing tests where uploading real files is not the
 * point. The database is opened once and handed to each app (buildApp's `db`); `withDb` stops the app while the rows
 * go in and starts it again, so what the app keeps in memory starts afresh, as after a restart, and tokens issued
 * before stay valid (the signing key and the sign-ins are in DATA_DIR or the database).
 */
export class BrowseApp {
  app: FastifyInstance;
  readonly clock: Clock;
  readonly dataDir: string;
  private readonly db: Db;
  private readonly opts: Partial<BuildAppOptions>;

  private constructor(app: FastifyInstance, db: Db, clock: Clock, dataDir: string, opts: Partial<BuildAppOptions>) {
    this.app = app;
    this.db = db;
    this.clock = clock;
    this.dataDir = dataDir;
    this.opts = opts;
  }

  static async start(opts: Partial<BuildAppOptions> = {}, startMs = Date.now()): Promise<BrowseApp> {
    const dataDir = await freshDataDir('courtside-browse-');
    const clock = makeClock(startMs);
    const db = await openTestDb(dataDir);
    try {
      return new BrowseApp(await BrowseApp.build(db, dataDir, clock, opts), db, clock, dataDir, opts);
    } catch (err) {
      await db.close();
      throw err;
    }
  }

  private static async build(db: Db, dataDir: string, clock: Clock, opts: Partial<BuildAppOptions>): Promise<FastifyInstance> {
    return buildApp({
      db,
      venues: TEST_VENUES,
      distDir: path.join(dataDir, 'no-dist'),
      ffmpegPath: null,
      ffprobePath: null,
      // Long enough for tests that move the clock by hours or days.
      tokenTtlSeconds: 30 * 24 * 3600,
      ...opts,
      now: clock.now,
      dataDir,
    });
  }

  /** Stops the app, runs `fn` on its database, then starts the app again on the same data. */
  async withDb<T>(fn: (db: Db) => Promise<T>): Promise<T> {
    await this.app.close();
    try {
      return await fn(this.db);
    } finally {
      this.app = await BrowseApp.build(this.db, this.dataDir, this.clock, this.opts);
    }
  }

  async close(): Promise<void> {
    await this.app.close();
    await this.db.close();
    await dropTestDatabase(this.dataDir);
    await rm(this.dataDir, { recursive: true, force: true });
  }
}

export interface NewEvent {
  name: string;
  start: Date;
  end?: Date | null;
  locationId?: string;
  sport?: string;
}

export async function insertEvent(db: Db, e: NewEvent): Promise<string> {
  const r = await db.query<{ id: string }>(
    'INSERT INTO events (name, sport, start_time, end_time, location_id) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [e.name, e.sport ?? 'soccer', e.start, e.end ?? null, e.locationId ?? 'venue-wrigley'],
  );
  const id = r.rows[0]?.id;
  if (!id) throw new Error('event insert returned no id');
  return id;
}

export interface NewClip {
  userId: string;
  eventId: string | null;
  recordedAt: Date;
  /** Seconds; default 10. */
  duration?: number | null;
  device?: string | null;
  filename?: string;
}

/** A clip row without files on disk (its media URLs answer 404 MEDIA_NOT_FOUND; listings do not care). */
export async function insertClip(db: Db, c: NewClip): Promise<string> {
  const id = randomUUID();
  await db.query(
    `INSERT INTO clips (id, user_id, event_id, filename, stored_name, mime_type, size, duration, width, height,
       thumbnail_name, recorded_at, device)
     VALUES ($1, $2, $3, $4, $5, 'video/mp4', 1000, $6, 160, 120, NULL, $7, $8)`,
    [
      id,
      c.userId,
      c.eventId,
      c.filename ?? `${id}.mp4`,
      `${id}.mp4`,
      c.duration === undefined ? 10 : c.duration,
      c.recordedAt,
      c.device ?? null,
    ],
  );
  return id;
}

export interface NewTag {
  userId: string;
  eventId: string;
  taggedAt: Date;
  description?: string | null;
}

export async function insertTag(db: Db, t: NewTag): Promise<string> {
  const r = await db.query<{ id: string }>(
    'INSERT INTO tags (user_id, event_id, tagged_at, description) VALUES ($1, $2, $3, $4) RETURNING id',
    [t.userId, t.eventId, t.taggedAt, t.description ?? null],
  );
  const id = r.rows[0]?.id;
  if (!id) throw new Error('tag insert returned no id');
  return id;
}

/** Marks a user deleted or revoked directly (what the admin calls do, without their sign-in bookkeeping). */
export async function setUserState(db: Db, userId: string, state: 'deleted' | 'revoked'): Promise<void> {
  if (state === 'deleted') await db.query('UPDATE users SET deleted_at = now() WHERE id = $1', [userId]);
  else await db.query('UPDATE users SET permissions_revoked = true WHERE id = $1', [userId]);
}

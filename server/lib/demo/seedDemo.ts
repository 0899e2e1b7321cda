/**
 * Seeds the demo (demoPlan.ts) into a fresh data directory, once, in the background after the server listens
 * (docs/decisions.md "Demo data"). Venues, the two demo users, events and tags are written in one transaction
 * that also claims the seed (table demo_seed); the clip files follow, two at a time, each stored like an upload:
 * made in uploads/.partial/, moved into uploads/ in the transaction that inserts its row (with MEDIA_STORE a bucket:
 * uploaded just before that transaction). Every later start moves the finished demo forward in time (moveDemo.ts),
 * so it stays as fresh as on its first start.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { DEFAULT_TAG_TYPE } from '../../../src/app/product';
import type { AppContext } from '../context';
import { probe, thumbnail } from '../ffmpeg';
import { clipKey, mediaStoreOf } from '../mediaStore';
import { partialDir } from '../partialUploads';
import { DEMO_ACCOUNTS, type DemoPerson } from './demoAccounts';
import { planDemo, spreadClips, type DemoDevice, type DemoPlan } from './demoPlan';
import { DEMO_VIDEO, makeDemoVideo } from './demoVideo';
import { describeDuration, moveDemoForward } from './moveDemo';

/** Clips made at once: enough to finish in well under a minute, few enough to keep start-up responsive. */
export const DEMO_CLIP_CONCURRENCY = 2;

export interface DemoSeedOptions {
  /** Make at most this many of the ~40 planned clips, spread over the plan (tests make a few). */
  clipLimit?: number;
}

export type DemoSeedOutcome =
  | { status: 'off' }
  /** The data directory already has users or events: it is somebody's, never seeded. */
  | { status: 'not-empty' }
  /** `movedMs`: how far the demo was moved forward in time (moveDemo.ts); 0 when it was not. */
  | { status: 'already-seeded'; movedMs: number }
  | { status: 'seeded'; clipsMade: number; clipsFailed: number; seconds: number; movedMs: number }
  /** The server closed mid-way; the next start makes the clips still missing. */
  | { status: 'stopped'; clipsMade: number; clipsFailed: number; seconds: number }
  | { status: 'failed'; message: string }
  /** Another server on this database is seeding it now (PostgreSQL): this one leaves it to that one. */
  | { status: 'elsewhere' };

/** A planned clip as kept in demo_seed.clips until its file and row exist. */
interface PendingClip {
  id: string;
  userId: string;
  eventId: string | null;
  filename: string;
  recordedAt: string;
  duration: number;
  device: DemoDevice;
  look: number;
}

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Starts seeding the demo when demo data is on (buildApp's `demoData`) and the data directory is fresh, or
     * moving an already seeded demo forward in time; every call returns the same promise, which never rejects.
     * Not awaited by server/index.ts.
     */
    startDemoSeed: (options?: DemoSeedOptions) => Promise<DemoSeedOutcome>;
  }
}

/**
 * Writes everything but the clip files and claims the seed, in one transaction; null (and nothing written)
 * when the database already has users or events. `placedAt` is the now `plan` was made for.
 */
async function claim(
  ctx: AppContext,
  plan: DemoPlan,
  placedAt: number,
  clipLimit: number | undefined,
): Promise<PendingClip[] | null> {
  const now = new Date(placedAt);
  return ctx.db.transaction(async (tx) => {
    const used = await tx.query<{ used: boolean }>(
      'SELECT EXISTS (SELECT 1 FROM users) OR EXISTS (SELECT 1 FROM events) OR EXISTS (SELECT 1 FROM demo_seed) AS used',
    );
    if (used.rows[0]?.used !== false) return null;

    await tx.query(
      `INSERT INTO locations (id, name, address, city, state, zip, latitude, longitude, timezone, sport)
       SELECT id, name, address, city, state, zip, latitude, longitude, timezone, sport
       FROM jsonb_to_recordset($1::jsonb) AS x(id text, name text, address text, city text, state text, zip text,
         latitude double precision, longitude double precision, timezone text, sport text)
       ON CONFLICT (id) DO NOTHING`,
      [JSON.stringify(plan.venues)],
    );

    const userIds = {} as Record<DemoPerson, string>;
    for (const person of Object.keys(DEMO_ACCOUNTS) as DemoPerson[]) {
      const account = DEMO_ACCOUNTS[person];
      // Verified, as the stand-in's addresses are: signing in as the coach reaches this account (lib/identity).
      const r = await tx.query<{ id: string }>(
        'INSERT INTO users (email, email_verified, roles, created_at) VALUES ($1, true, $2, $3) RETURNING id',
        [account.email, [...account.roles], now],
      );
      userIds[person] = r.rows[0]?.id ?? '';
    }

    const eventIds = new Map(plan.events.map((e) => [e.key, randomUUID()]));
    await tx.query(
      `INSERT INTO events (id, name, sport, start_time, end_time, location_id, created_by, created_at)
       SELECT id, name, sport, start_time, end_time, location_id, $2, $3
       FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, name text, sport text, start_time timestamptz,
         end_time timestamptz, location_id text)`,
      [
        JSON.stringify(
          plan.events.map((e) => ({
            id: eventIds.get(e.key),
            name: e.name,
            sport: e.sport,
            start_time: e.start.toISOString(),
            end_time: e.end?.toISOString() ?? null,
            location_id: e.venueId,
          })),
        ),
        userIds.coach,
        now,
      ],
    );

    // A tag is made at the moment it marks (the tap), so created_at is tagged_at.
    await tx.query(
      `INSERT INTO tags (user_id, event_id, tagged_at, type, description, latitude, longitude, created_at)
       SELECT $2, event_id, tagged_at, $3, description, latitude, longitude, tagged_at
       FROM jsonb_to_recordset($1::jsonb) AS x(event_id uuid, tagged_at timestamptz, description text,
         latitude double precision, longitude double precision)`,
      [
        JSON.stringify(
          plan.tags.map((t) => ({
            event_id: eventIds.get(t.eventKey),
            tagged_at: t.taggedAt.toISOString(),
            description: t.description,
            latitude: t.latitude,
            longitude: t.longitude,
          })),
        ),
        userIds.coach,
        DEFAULT_TAG_TYPE,
      ],
    );

    const clips = spreadClips(plan.clips, clipLimit ?? plan.clips.length).map((c): PendingClip => ({
      id: randomUUID(),
      userId: userIds[c.owner],
      eventId: c.eventKey ? (eventIds.get(c.eventKey) ?? null) : null,
      filename: c.filename,
      recordedAt: c.recordedAt.toISOString(),
      duration: c.duration,
      device: c.device,
      look: c.look,
    }));
    // placed_at, user_ids and event_ids: what moveDemo.ts moves forward on later starts, and from when.
    await tx.query(
      `INSERT INTO demo_seed (started_at, clips, placed_at, user_ids, event_ids)
       VALUES ($1, $2::jsonb, $1, $3::uuid[], $4::uuid[])`,
      [now, JSON.stringify(clips), Object.values(userIds), [...eventIds.values()]],
    );
    return clips;
  });
}

/** Makes one clip's video and thumbnail and stores its row; on any failure nothing of it is left behind. */
async function makeClip(ctx: AppContext, ffmpeg: string, clip: PendingClip, signal: AbortSignal): Promise<void> {
  const partials = partialDir(ctx.uploadsDir);
  const media = mediaStoreOf(ctx);
  const storedName = `${clip.id}.mp4`;
  const thumbName = `${clip.id}.jpg`;
  const partial = (name: string): string => path.join(partials, name);
  const recordedAt = new Date(clip.recordedAt);
  try {
    await mkdir(partials, { recursive: true });
    await makeDemoVideo(ffmpeg, { ...clip, recordedAt }, partial(storedName), signal);
    const probed = ctx.ffprobePath ? await probe(ctx.ffprobePath, partial(storedName)) : null;
    const duration = probed?.duration ?? clip.duration;
    // As for an upload: a clip whose thumbnail fails is kept without one.
    const thumb = await thumbnail(ffmpeg, partial(storedName), partial(thumbName), duration).then(
      () => thumbName,
      () => null,
    );
    const { size } = await stat(partial(storedName));
    signal.throwIfAborted();
    // Disk: renamed in the transaction below; a bucket: uploaded now, outside it (MEDIA_STORE).
    const placeThumb = thumb ? await media.prepare(clipKey(thumbName), partial(thumbName), 'image/jpeg') : null;
    const placeVideo = await media.prepare(clipKey(storedName), partial(storedName), 'video/mp4');
    // Uploaded a little after the moment, as a phone on the venue's Wi-Fi would; never in the future.
    const createdAt = new Date(Math.min(ctx.now(), recordedAt.getTime() + (duration + 600) * 1000));
    await ctx.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO clips (id, user_id, event_id, filename, stored_name, mime_type, size, duration, width, height,
           thumbnail_name, recorded_at, created_at, device)
         VALUES ($1, $2, $3, $4, $5, 'video/mp4', $6, $7, $8, $9, $10, $11, $12, $13)`,
        [
          clip.id,
          clip.userId,
          clip.eventId,
          clip.filename,
          storedName,
          size,
          duration,
          probed?.video?.width ?? DEMO_VIDEO.width,
          probed?.video?.height ?? DEMO_VIDEO.height,
          thumb,
          recordedAt,
          createdAt,
          clip.device.label,
        ],
      );
      // Files move inside the transaction: a failed move rolls the row back (as in routes/uploads.ts).
      await placeThumb?.();
      await placeVideo();
    });
  } catch (err) {
    const names = [storedName, thumbName];
    await Promise.all(
      names.flatMap((n) => [unlink(partial(n)).catch(() => undefined), media.remove(clipKey(n)).catch(() => undefined)]),
    );
    throw err;
  }
}

/** Runs `work` over `items`, `limit` at a time, taking no new item once `stop()` says so. */
async function eachLimited<T>(items: readonly T[], limit: number, stop: () => boolean, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length && !stop()) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Seeds the demo if this data directory never had it and has no users or events, or finishes the clips of a
 * seed an earlier start began; a finished seed is moved forward to now (moveDemo.ts). A pass that runs to its
 * end marks the seed finished even when some clips failed (each is logged): what ffmpeg refused once it would
 * refuse again, and the rows stay consistent — a clip row exists only for a clip whose files are in uploads/.
 */
export async function seedDemo(
  ctx: AppContext,
  log: Log,
  opts: DemoSeedOptions & { signal?: AbortSignal } = {},
): Promise<DemoSeedOutcome> {
  const signal = opts.signal ?? new AbortController().signal;
  const startedAt = performance.now();
  const seed = (
    await ctx.db.query<{ finished_at: Date | null; clips: PendingClip[] }>(
      'SELECT finished_at, clips FROM demo_seed WHERE id = 1',
    )
  ).rows[0];
  if (seed?.finished_at) return { status: 'already-seeded', movedMs: await moveForward(ctx, log) };

  let pending: PendingClip[];
  if (seed) {
    const made = await ctx.db.query<{ id: string }>('SELECT id FROM clips WHERE id = ANY($1::uuid[])', [
      seed.clips.map((c) => c.id),
    ]);
    const done = new Set(made.rows.map((r) => r.id));
    pending = seed.clips.filter((c) => !done.has(c.id));
    log.info(`Demo data: making the ${pending.length} demo clip(s) an earlier start did not finish`);
  } else {
    const placedAt = ctx.now();
    const plan = planDemo(placedAt, ctx.venues);
    const claimed = await claim(ctx, plan, placedAt, opts.clipLimit);
    if (!claimed) return { status: 'not-empty' };
    pending = claimed;
    log.info(
      `Demo data: seeding ${plan.venues.length} venues, ${plan.events.length} events, ${plan.tags.length} tags and ` +
        `${pending.length} clips in the background (DEMO_DATA=0 turns this off)`,
    );
  }

  const ffmpeg = ctx.ffmpegPath;
  if (!ffmpeg && pending.length > 0) log.warn('Demo data: ffmpeg not found, so the demo has no clips');
  let clipsMade = 0;
  let clipsFailed = 0;
  if (ffmpeg) {
    await eachLimited(
      pending,
      DEMO_CLIP_CONCURRENCY,
      () => signal.aborted,
      async (clip) => {
        try {
          await makeClip(ctx, ffmpeg, clip, signal);
          clipsMade += 1;
        } catch (err) {
          if (signal.aborted) return;
          clipsFailed += 1;
          log.warn(`Demo data: clip ${clip.filename} not made: ${(err as Error).message}`);
        }
      },
    );
  }
  const seconds = Math.round((performance.now() - startedAt) / 100) / 10;
  if (signal.aborted) {
    log.info(`Demo data: stopped after ${clipsMade} clip(s); the next start makes the rest`);
    return { status: 'stopped', clipsMade, clipsFailed, seconds };
  }
  await ctx.db.query('UPDATE demo_seed SET finished_at = $1 WHERE id = 1', [new Date(ctx.now())]);
  log.info(`Demo data: done, ${clipsMade} clip(s) made${clipsFailed ? `, ${clipsFailed} failed` : ''} in ${seconds} s`);
  // A seed finished by a later start was placed back then (its pending clips too): move it all to now.
  return { status: 'seeded', clipsMade, clipsFailed, seconds, movedMs: seed ? await moveForward(ctx, log) : 0 };
}

async function moveForward(ctx: AppContext, log: Log): Promise<number> {
  const movedMs = await moveDemoForward(ctx);
  if (movedMs > 0) log.info(`Demo data: moved ${describeDuration(movedMs)} forward in time, so it is current again`);
  return movedMs;
}

/**
 * Gives the app `startDemoSeed()` (a no-op answering 'off' unless `enabled`) and stops a running seed before
 * the database closes: preClose runs ahead of the onClose hook that closes it.
 */
export function registerDemoSeed(app: FastifyInstance, ctx: AppContext, enabled: boolean): void {
  let running: Promise<DemoSeedOutcome> | null = null;
  const stop = new AbortController();
  app.decorate('startDemoSeed', (options: DemoSeedOptions = {}): Promise<DemoSeedOutcome> => {
    if (!enabled) return Promise.resolve({ status: 'off' });
    // One server seeds a shared database; the others go on without waiting (and would find it seeded next start).
    running ??= ctx.db
      .withLockIfFree('courtside:demo-seed', () => seedDemo(ctx, app.log, { ...options, signal: stop.signal }))
      .then((r): DemoSeedOutcome => (r.ran ? r.value : { status: 'elsewhere' }))
      .catch((err: unknown): DemoSeedOutcome => {
        // Nothing half-written stays: the claim is one transaction, and each clip is all or nothing.
        const message = err instanceof Error ? err.message : String(err);
        if (!stop.signal.aborted) app.log.error({ err }, `Demo data: seeding failed: ${message}`);
        return { status: 'failed', message };
      });
    return running;
  });
  app.addHook('preClose', async () => {
    stop.abort();
    await running;
  });
}

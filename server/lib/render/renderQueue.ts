import type { Queryable } from '../../db';

/**
 * The render queue (docs/rendering.md): one `render_jobs` row per highlight. A worker takes the oldest waiting
 * job with `FOR UPDATE SKIP LOCKED` — the pattern pg-boss uses, in a small module because pg-boss needs a `pg`
 * connection and does not run on PGlite — and holds a lease it renews while rendering. A job whose lease ran out
 * (its worker died with the server) is taken again, at most MAX_RENDER_ATTEMPTS times in all. Every time comes
 * from the caller (the app's injected clock), never from the database's `now()`.
 */

/** Attempts a job gets (a crash or an ffmpeg error counts; a clean shutdown hands the attempt back). */
export const MAX_RENDER_ATTEMPTS = 3;

/** The reason shown when a job ran out of attempts because its workers kept dying. */
export const STALLED_REASON = 'Rendering stopped repeatedly before it could finish.';

export interface ClaimedJob {
  id: string;
  highlightId: string;
  /** This attempt's number, 1 for the first. */
  attempt: number;
}

export interface RenderedFiles {
  storedName: string;
  posterName: string;
  durationSeconds: number;
  sizeBytes: number;
  width: number;
  height: number;
}

/** Queues the render of a new highlight (in the caller's transaction). Queuing twice keeps the first job. */
export async function enqueueRender(db: Queryable, highlightId: string, now?: Date): Promise<void> {
  await db.query(
    `INSERT INTO render_jobs (highlight_id, created_at, updated_at)
     VALUES ($1, COALESCE($2::timestamptz, now()), COALESCE($2::timestamptz, now()))
     ON CONFLICT (highlight_id) DO NOTHING`,
    [highlightId, now ?? null],
  );
}

/**
 * Fails every job whose lease ran out after its last allowed attempt (and its highlight, with a reason), so
 * claimJob never takes it again. Returns how many.
 */
export async function failStalledJobs(db: Queryable, nowMs: number): Promise<number> {
  const now = new Date(nowMs);
  const r = await db.query<{ highlight_id: string }>(
    `WITH dead AS (
       UPDATE render_jobs
          SET state = 'failed', locked_by = NULL, locked_until = NULL,
              last_error = COALESCE(last_error, $3), updated_at = $1
        WHERE state = 'active' AND locked_until < $1 AND attempts >= $2
       RETURNING highlight_id, last_error
     )
     UPDATE highlights h SET stage = 'failed', failure_reason = $3
       FROM dead WHERE h.id = dead.highlight_id
     RETURNING h.id AS highlight_id`,
    [now, MAX_RENDER_ATTEMPTS, STALLED_REASON],
  );
  return r.rows.length;
}

/**
 * Takes the next job that is waiting, or whose worker's lease ran out, for `workerId` until now + leaseMs. Users take
 * turns (round robin): a job of a user with fewer renders running goes first (several workers), then the user whose
 * last render was taken longest ago (or never), then the oldest job; so one user's ten renders never hold up another
 * user's first, with one worker or many. Concurrent callers (other workers, other machines on one PostgreSQL) skip
 * rows another one has locked, so no job is taken twice. Null when there is nothing to do.
 */
export async function claimJob(db: Queryable, workerId: string, nowMs: number, leaseMs: number): Promise<ClaimedJob | null> {
  await failStalledJobs(db, nowMs);
  const now = new Date(nowMs);
  const r = await db.query<{ id: string; highlight_id: string; attempts: number }>(
    `UPDATE render_jobs
        SET state = 'active', attempts = attempts + 1, locked_by = $1, locked_until = $3, updated_at = $2, claimed_at = $2
      WHERE id = (
        SELECT j.id FROM render_jobs j JOIN highlights h ON h.id = j.highlight_id
         WHERE (j.state = 'queued' OR (j.state = 'active' AND j.locked_until < $2)) AND j.attempts < $4
         ORDER BY
           (SELECT count(*) FROM render_jobs a JOIN highlights ah ON ah.id = a.highlight_id
             WHERE ah.user_id = h.user_id AND a.state = 'active' AND a.locked_until >= $2),
           (SELECT max(c.claimed_at) FROM render_jobs c JOIN highlights ch ON ch.id = c.highlight_id
             WHERE ch.user_id = h.user_id) NULLS FIRST,
           j.created_at, j.id
         FOR UPDATE OF j SKIP LOCKED
         LIMIT 1
      )
      RETURNING id, highlight_id, attempts`,
    [workerId, now, new Date(nowMs + leaseMs), MAX_RENDER_ATTEMPTS],
  );
  const row = r.rows[0];
  if (!row) return null;
  return { id: row.id, highlightId: row.highlight_id, attempt: row.attempts };
}

/**
 * Extends the lease and records progress on the highlight (stage 'rendering' 0–100 or 'finishing'). False when
 * the job is no longer this worker's (its lease ran out and another took it, or it was deleted): stop rendering.
 */
export async function renewLease(
  db: Queryable,
  job: ClaimedJob,
  workerId: string,
  nowMs: number,
  leaseMs: number,
  progress?: { stage: 'rendering' | 'finishing'; percent: number },
): Promise<boolean> {
  const r = await db.query<{ id: string }>(
    `WITH job AS (
       UPDATE render_jobs SET locked_until = $4, updated_at = $3
        WHERE id = $1 AND locked_by = $2 AND state = 'active'
       RETURNING highlight_id
     ), shown AS (
       UPDATE highlights h SET stage = COALESCE($5, h.stage), progress = COALESCE($6, h.progress)
         FROM job WHERE h.id = job.highlight_id AND $5::text IS NOT NULL
       RETURNING h.id
     )
     SELECT highlight_id AS id FROM job`,
    [
      job.id,
      workerId,
      new Date(nowMs),
      new Date(nowMs + leaseMs),
      progress?.stage ?? null,
      progress ? Math.max(0, Math.min(100, Math.round(progress.percent))) : null,
    ],
  );
  return r.rows.length > 0;
}

/** The job is done: the highlight becomes playable. False when the job was no longer this worker's. */
export async function completeJob(
  db: Queryable,
  job: ClaimedJob,
  workerId: string,
  nowMs: number,
  files: RenderedFiles,
): Promise<boolean> {
  const now = new Date(nowMs);
  const r = await db.query<{ id: string }>(
    `WITH job AS (
       UPDATE render_jobs SET state = 'done', locked_by = NULL, locked_until = NULL, last_error = NULL, updated_at = $3
        WHERE id = $1 AND locked_by = $2 AND state = 'active'
       RETURNING highlight_id
     )
     UPDATE highlights h
        SET stage = 'done', progress = 100, failure_reason = NULL, stored_name = $4, poster_name = $5,
            duration_seconds = $6, size_bytes = $7, width = $8, height = $9, rendered_at = $3
       FROM job WHERE h.id = job.highlight_id
     RETURNING h.id`,
    [
      job.id,
      workerId,
      now,
      files.storedName,
      files.posterName,
      files.durationSeconds,
      files.sizeBytes,
      files.width,
      files.height,
    ],
  );
  return r.rows.length > 0;
}

/**
 * The attempt failed with `reason` (shown to the user). A `retry`able failure (ffmpeg died, a disk hiccup) queues
 * the job again while attempts remain; otherwise — or after the last attempt — job and highlight are failed.
 * Returns what became of the job, or null when it was no longer this worker's.
 */
export async function failJob(
  db: Queryable,
  job: ClaimedJob,
  workerId: string,
  nowMs: number,
  reason: string,
  opts: { retry: boolean },
): Promise<'queued' | 'failed' | null> {
  const now = new Date(nowMs);
  const r = await db.query<{ state: 'queued' | 'failed' }>(
    `WITH job AS (
       UPDATE render_jobs
          SET state = CASE WHEN $5 AND attempts < $6 THEN 'queued' ELSE 'failed' END,
              locked_by = NULL, locked_until = NULL, last_error = $4, updated_at = $3
        WHERE id = $1 AND locked_by = $2 AND state = 'active'
       RETURNING highlight_id, state
     ), shown AS (
       UPDATE highlights h
          SET stage = job.state, progress = 0,
              failure_reason = CASE WHEN job.state = 'failed' THEN $4 ELSE NULL END
         FROM job WHERE h.id = job.highlight_id
       RETURNING h.id
     )
     SELECT state FROM job`,
    [job.id, workerId, now, reason, opts.retry, MAX_RENDER_ATTEMPTS],
  );
  return r.rows[0]?.state ?? null;
}

/**
 * Hands the job back unfinished (the server is shutting down): queued again at once, and the attempt does not
 * count, so the next start (or another machine) renders it from the beginning.
 */
export async function releaseJob(db: Queryable, job: ClaimedJob, workerId: string, nowMs: number): Promise<boolean> {
  const r = await db.query<{ highlight_id: string }>(
    `WITH job AS (
       UPDATE render_jobs
          SET state = 'queued', attempts = GREATEST(attempts - 1, 0), locked_by = NULL, locked_until = NULL,
              updated_at = $3
        WHERE id = $1 AND locked_by = $2 AND state = 'active'
       RETURNING highlight_id
     )
     UPDATE highlights h SET stage = 'queued', progress = 0 FROM job WHERE h.id = job.highlight_id
     RETURNING h.id AS highlight_id`,
    [job.id, workerId, new Date(nowMs)],
  );
  return r.rows.length > 0;
}

import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rm, stat, utimes } from 'node:fs/promises';
import { hostname, setPriority } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { clipKey, highlightKey, mediaStoreOf, type MediaKey, type MediaStore } from '../mediaStore';
import { MAX_CLIP_SECONDS } from '../ffmpeg';
import { measureDuration, probeStreams } from './probeInput';
import {
  posterArgs,
  posterTime,
  progressPercent,
  readProgress,
  RENDER_SETTINGS,
  renderArgs,
  totalSeconds,
  type RenderInput,
} from './renderCommand';
import { claimJob, completeJob, failJob, releaseJob, renewLease, type ClaimedJob } from './renderQueue';
import { RENDER_NO_SPACE_MESSAGE, renderSpaceNeeded, renderTimeoutMs } from './renderLimits';
import { freeSpaceProbe } from '../diskSpace';

/**
 * Render workers (docs/rendering.md): each polls the queue, takes one job at a time under a lease, renders the
 * highlight with the shipped ffmpeg into DATA_DIR/highlights (a temporary name, renamed when whole; with MEDIA_STORE
 * a bucket, uploaded there instead, the clips read from presigned URLs), and records its progress on the highlight.
 * On app close the running ffmpeg is killed and the job handed back to the queue.
 */

export type RenderStage = 'rendering' | 'finishing' | 'done' | 'failed' | 'queued';

export interface RenderWorkerOptions {
  /** Workers in this process; 0 starts none (another process renders). */
  count: number;
  /** How often an idle worker looks for a job; default 1 s. */
  pollMs?: number;
  /** How long a taken job stays this worker's without a renewal; default 60 s (renewed every second). */
  leaseMs?: number;
  /** Called at every stage and progress the worker records (tests, the bench). */
  onStage?: (highlightId: string, stage: RenderStage, progress: number) => void;
}

export interface RenderWorkers {
  /** Look for work now instead of at the next poll. */
  wake: () => void;
  /** Stops the workers: a running render is killed and its job handed back. Also done on app close. */
  stop: () => Promise<void>;
}

export const DEFAULT_POLL_MS = 1_000;
export const DEFAULT_LEASE_MS = 60_000;
/** How often a running render renews its lease and records its progress. */
const TICK_MS = 1_000;
/**
 * How old a temporary render file must be to be a leftover of a crash. A live job writes or touches its files every
 * tick and gives up once its lease (DEFAULT_LEASE_MS) ran out unrenewed; the rest is room for a stalled process and
 * for the clocks of servers sharing the disk.
 */
export const RENDER_LEFTOVER_MS = 10 * 60_000;

/** A failure with the reason the user sees; `retry` when another attempt may succeed. */
class RenderFailure extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
  ) {
    super(message);
  }
}

/** The render was stopped (app closing, or the job is no longer this worker's). */
class RenderStopped extends Error {}

interface EditClip {
  clipId: string;
  inSeconds: number;
  outSeconds: number;
}

function readEdit(value: unknown): EditClip[] | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  const clips: EditClip[] = [];
  for (const item of value as unknown[]) {
    if (typeof item !== 'object' || item === null) return null;
    const { clipId, inSeconds, outSeconds } = item as Record<string, unknown>;
    if (typeof clipId !== 'string' || typeof inSeconds !== 'number' || typeof outSeconds !== 'number') return null;
    if (!(inSeconds >= 0 && outSeconds > inSeconds)) return null;
    clips.push({ clipId, inSeconds, outSeconds });
  }
  return clips;
}

/** Shortest part of a clip worth rendering once cut to its file's real length. */
const MIN_PART_SECONDS = 0.1;

/**
 * A piece longer than this has its file measured even when the file states its length: a file may state hours it
 * does not hold, and the render would hold its last frame for the difference. Measuring reads the file through
 * without decoding, a fraction of what rendering a minute costs.
 */
const MEASURE_PIECES_OVER_SECONDS = 60;

/** How long a presigned clip URL given to ffprobe while planning lives (a bucket; on disk it is the path). */
const PROBE_URL_SECONDS = 300;

/** A presigned URL's signature, wherever ffmpeg quotes one (its last line of stderr goes to the log). */
function redactSignatures(text: string): string {
  return text.replace(/(X-Amz-(?:Signature|Credential|Security-Token)=)[^&\s]+/gi, '$1[REDACTED]');
}

/**
 * The files and trims of a highlight's edit, each clip file checked with ffprobe; `keys` are the clips' media keys,
 * in the order of the inputs (with a bucket, the inputs' URLs are signed again for the whole render).
 */
async function planRender(
  ctx: AppContext,
  { ffmpeg, ffprobe }: { ffmpeg: string; ffprobe: string },
  highlightId: string,
  signal: AbortSignal,
): Promise<{ inputs: RenderInput[]; keys: MediaKey[] } | null> {
  /** A probe or measurement that failed because the job is stopping (or no longer this worker's) says nothing. */
  const unlessStopped = <T>(value: T): T => {
    if (signal.aborted) throw new RenderStopped('stopped');
    return value;
  };
  const media = mediaStoreOf(ctx);
  const h = await ctx.db.query<{ clips: unknown }>('SELECT clips FROM highlights WHERE id = $1', [highlightId]);
  if (!h.rows[0]) return null;
  const edit = readEdit(h.rows[0].clips);
  if (!edit) throw new RenderFailure('The highlight’s clip list is not valid.', false);
  const ids = [...new Set(edit.map((c) => c.clipId))];
  // A clip whose owner was deleted or revoked since the edit is no longer rendered (as the editor no longer shows it).
  const rows = await ctx.db.query<{ id: string; stored_name: string; usable: boolean }>(
    `SELECT c.id, c.stored_name, (u.deleted_at IS NULL AND NOT u.permissions_revoked) AS usable
     FROM clips c JOIN users u ON u.id = c.user_id WHERE c.id = ANY($1::uuid[])`,
    [ids],
  );
  const files = new Map(rows.rows.map((r) => [r.id, r]));
  const inputs: RenderInput[] = [];
  const keys: MediaKey[] = [];
  for (const [i, c] of edit.entries()) {
    const label = `Clip ${i + 1} of ${edit.length}`;
    const clip = files.get(c.clipId);
    if (!clip) throw new RenderFailure(`${label} was deleted, so the highlight could not be rendered.`, false);
    if (!clip.usable) {
      throw new RenderFailure(`${label} is no longer available, so the highlight could not be rendered.`, false);
    }
    const key = clipKey(clip.stored_name);
    const file = await media.readable(key, PROBE_URL_SECONDS);
    const probed = unlessStopped(await probeStreams(ffprobe, file, undefined, signal).catch(() => null));
    // A bucket that did not answer is not a missing clip: that render is tried again (on disk nothing changes).
    if (!probed && media.kind !== 'disk' && (await media.exists(key).catch(() => true))) {
      throw new RenderFailure(`${label} could not be read from the media storage.`, true);
    }
    if (!probed?.video) {
      throw new RenderFailure(`${label} is missing or damaged, so the highlight could not be rendered.`, false);
    }
    // An edit may ask up to 24 h of a clip whose length is unknown, and a file may state more than it holds: the
    // render stops at the file's real end.
    // Past MAX_CLIP_SECONDS a stated length is not believed at all, as at upload.
    const stated = probed.duration !== null && probed.duration <= MAX_CLIP_SECONDS ? probed.duration : null;
    const measure = stated === null || c.outSeconds - c.inSeconds > MEASURE_PIECES_OVER_SECONDS;
    const length = measure ? unlessStopped(await measureDuration(ffmpeg, file, undefined, signal).catch(() => null)) : stated;
    if (length === null) {
      // A bucket that did not answer, or a loaded machine's timeout: another attempt may measure it.
      throw new RenderFailure(`${label} could not be measured, so the highlight could not be rendered.`, true);
    }
    const out = Math.min(c.outSeconds, length);
    if (out - c.inSeconds < MIN_PART_SECONDS) {
      throw new RenderFailure(`${label} is shorter than its trim, so the highlight could not be rendered.`, false);
    }
    inputs.push({ file, inSeconds: c.inSeconds, outSeconds: out, hasAudio: probed.audio !== null });
    keys.push(key);
  }
  return { inputs, keys };
}

/** What a renewal records on the highlight (nothing while planning). */
interface Progress {
  stage: 'rendering' | 'finishing';
  percent: number;
}

/** A job's lease, renewed every tick from the claim until the job is recorded (docs/rendering.md). */
interface Lease {
  /** Aborted once the job is no longer this worker's (another took it, or the lease ran out unrenewed). */
  readonly lost: AbortSignal;
  /** What each renewal records from now on. */
  track(progress: Progress): void;
  /**
   * Renews now, after the renewal in flight (what is recorded never goes back), and resolves once the job is
   * confirmed this worker's; a database error is retried while the lease lasts. RenderStopped when it is not.
   */
  confirm(progress?: Progress): Promise<void>;
  /** Stops renewing, after the renewal in flight. */
  end(): Promise<void>;
}

interface LeaseOptions {
  leaseMs: number;
  /** The workers are stopping: a confirmation stops waiting. */
  stopping: AbortSignal;
  log: FastifyBaseLogger;
  report: (stage: RenderStage, progress: number) => void;
  /** The job's temporary files, touched every tick so that their age tells a start they are no leftovers. */
  files: string[];
}

function keepLease(ctx: AppContext, job: ClaimedJob, workerId: string, opts: LeaseOptions): Lease {
  const lost = new AbortController();
  /** When the lease last renewed runs out (this worker's clock). */
  let leaseUntil = ctx.now() + opts.leaseMs;
  let progress: Progress | undefined;
  /** Renewals run one after another, each reading the progress when it starts. */
  let chain: Promise<unknown> = Promise.resolve();
  let ticking = true;
  let tick: NodeJS.Timeout | undefined;

  /** True when renewed; false after a database error while the lease still lasts; RenderStopped when lost. */
  const renewOnce = async (): Promise<boolean> => {
    if (lost.signal.aborted) throw new RenderStopped('lease lost');
    const nowMs = ctx.now();
    const shown = progress;
    let mine = false;
    try {
      mine = await renewLease(ctx.db, job, workerId, nowMs, opts.leaseMs, shown);
    } catch (err) {
      if (ctx.now() < leaseUntil) {
        opts.log.warn({ highlightId: job.highlightId, err }, 'render lease renewal failed; retrying');
        return false;
      }
      opts.log.warn({ highlightId: job.highlightId }, 'render lease could not be renewed before it ran out');
    }
    if (!mine) {
      lost.abort();
      throw new RenderStopped('lease lost');
    }
    leaseUntil = nowMs + opts.leaseMs;
    if (shown) opts.report(shown.stage, shown.percent);
    return true;
  };
  const renew = (): Promise<boolean> => {
    const run = chain.then(renewOnce);
    chain = run.catch(() => undefined);
    return run;
  };
  const schedule = (): void => {
    tick = setTimeout(() => {
      const now = new Date();
      for (const file of opts.files) void utimes(file, now, now).catch(() => undefined);
      void renew()
        .catch(() => undefined)
        .finally(() => {
          if (ticking && !lost.signal.aborted) schedule();
        });
    }, TICK_MS);
  };
  schedule();
  return {
    lost: lost.signal,
    track: (next) => {
      progress = next;
    },
    confirm: async (next) => {
      if (next) progress = next;
      while (!(await renew())) {
        await sleep(TICK_MS, undefined, { signal: opts.stopping }).catch(() => {
          throw new RenderStopped('stopping');
        });
      }
    },
    end: async () => {
      ticking = false;
      clearTimeout(tick);
      await chain;
    },
  };
}

/**
 * Puts a finished file at its final name once the job is confirmed this worker's (disk: renamed; a bucket: uploaded
 * now, the local file removed): a worker whose job was taken over places nothing.
 */
async function place(media: MediaStore, lease: Lease, key: MediaKey, file: string, contentType: string): Promise<void> {
  await lease.confirm();
  const put = await media.prepare(key, file, contentType);
  await put();
}

/** Removes temporary render files (`.render-*`) untouched for `olderThanMs`: renders a crash cut off. How many. */
export async function removeRenderLeftovers(dir: string, olderThanMs: number, nowMs = Date.now()): Promise<number> {
  const names = (await readdir(dir).catch(() => [])).filter((name) => name.startsWith('.render-'));
  const leftovers = (
    await Promise.all(
      names.map(async (name) => {
        const info = await stat(path.join(dir, name)).catch(() => null);
        return info && nowMs - info.mtimeMs > olderThanMs ? [name] : [];
      }),
    )
  ).flat();
  await Promise.all(leftovers.map((name) => rm(path.join(dir, name), { force: true })));
  return leftovers.length;
}

/** Runs ffmpeg; `onProgress` gets each `-progress` block. Rejects on a non-zero exit, a kill or the deadline. */
/**
 * Renders are background work: ffmpeg runs at a lower CPU priority than the server, so a long render (anyone's)
 * takes the cores the API leaves idle instead of slowing every request. Where the OS refuses, it runs as it is.
 */
export const RENDER_NICENESS = 10;

function lowerPriority(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    setPriority(pid, RENDER_NICENESS);
  } catch {
    // not permitted here: the render still runs
  }
}

function runFfmpeg(
  bin: string,
  args: string[],
  opts: { signal: AbortSignal; timeoutMs: number; onProgress?: (text: string) => void },
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (opts.signal.aborted) {
      reject(new RenderStopped('stopped'));
      return;
    }
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    lowerPriority(child.pid);
    let stderrTail = '';
    let timedOut = false;
    const kill = (): void => {
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, opts.timeoutMs);
    opts.signal.addEventListener('abort', kill, { once: true });
    let pending = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      pending += chunk;
      const end = pending.lastIndexOf('\n');
      if (end < 0) return;
      opts.onProgress?.(pending.slice(0, end));
      pending = pending.slice(end + 1);
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderrTail = (stderrTail + chunk).slice(-1000);
    });
    child.on('error', (err) => {
      clearTimeout(timer);
      opts.signal.removeEventListener('abort', kill);
      reject(new RenderFailure(`ffmpeg could not be started (${err.message})`, true));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      opts.signal.removeEventListener('abort', kill);
      if (opts.signal.aborted) reject(new RenderStopped('stopped'));
      else if (timedOut) reject(new RenderFailure('Rendering took too long and was stopped.', true));
      else if (code === 0) resolve();
      else {
        const last = redactSignatures(stderrTail.trim().split('\n').pop() ?? '').slice(0, 200);
        const err = new RenderFailure(`The video could not be rendered (ffmpeg ${signal ?? `exit ${code}`}).`, true);
        err.cause = last;
        reject(err);
      }
    });
  });
}

export function startRenderWorkers(app: FastifyInstance, ctx: AppContext, opts: RenderWorkerOptions): RenderWorkers {
  const noop: RenderWorkers = { wake: () => undefined, stop: async () => undefined };
  if (opts.count <= 0) return noop;
  if (!ctx.ffmpegPath || !ctx.ffprobePath) {
    app.log.warn('render workers not started: ffmpeg or ffprobe not found, highlights stay queued');
    return noop;
  }
  const ffmpeg: string = ctx.ffmpegPath;
  const ffprobe: string = ctx.ffprobePath;
  const pollMs = opts.pollMs ?? DEFAULT_POLL_MS;
  const leaseMs = opts.leaseMs ?? DEFAULT_LEASE_MS;
  const log: FastifyBaseLogger = app.log.child({ component: 'render' });
  const media = mediaStoreOf(ctx);
  const stopController = new AbortController();
  let wakers: (() => void)[] = [];

  const wake = (): void => {
    const now = wakers;
    wakers = [];
    for (const w of now) w();
  };
  const idle = (): Promise<void> =>
    new Promise((resolve) => {
      const timer = setTimeout(done, pollMs);
      function done(): void {
        clearTimeout(timer);
        wakers = wakers.filter((w) => w !== done);
        resolve();
      }
      wakers.push(done);
    });

  const prefix = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

  async function renderJob(workerId: string, job: ClaimedJob): Promise<void> {
    const started = Date.now();
    const signal = stopController.signal;
    const report = (stage: RenderStage, progress: number): void => opts.onStage?.(job.highlightId, stage, progress);
    const tmpVideo = path.join(ctx.highlightsDir, `.render-${job.id}-${workerId.replace(/\W/g, '_')}.mp4`);
    const tmpPoster = `${tmpVideo}.jpg`;
    // Renewed from the claim until the job is recorded: planning, the poster or an upload can each outlast a lease.
    // Only a lost lease (the job is no longer this worker's) stops the job; a failed renewal (a database error) is
    // retried at the next tick while the lease lasts.
    const lease = keepLease(ctx, job, workerId, { leaseMs, stopping: signal, log, report, files: [tmpVideo, tmpPoster] });
    const runSignal = AbortSignal.any([signal, lease.lost]);
    try {
      if (signal.aborted) throw new RenderStopped('stopping');
      const plan = await planRender(ctx, { ffmpeg, ffprobe }, job.highlightId, runSignal);
      if (!plan) return; // The highlight was deleted with its job.
      const total = totalSeconds(plan.inputs);
      const timeoutMs = renderTimeoutMs(total);
      const free = await freeSpaceProbe(app)(ctx.highlightsDir).catch(() => Infinity);
      if (free < renderSpaceNeeded(total)) throw new RenderFailure(RENDER_NO_SPACE_MESSAGE, true);
      // ffmpeg reads each clip for as long as the render may run (a bucket: URLs signed for that long; disk: paths).
      const inputs = await Promise.all(
        plan.inputs.map(async (input, i) => ({
          ...input,
          file: await media.readable(plan.keys[i] as MediaKey, Math.ceil(timeoutMs / 1000) + 60),
        })),
      );
      await mkdir(ctx.highlightsDir, { recursive: true });
      await lease.confirm({ stage: 'rendering', percent: 0 });
      log.info({ highlightId: job.highlightId, attempt: job.attempt, clips: inputs.length, seconds: total }, 'render started');
      await runFfmpeg(ffmpeg, renderArgs(inputs, tmpVideo), {
        signal: runSignal,
        timeoutMs,
        onProgress: (text) => {
          const { outSeconds } = readProgress(text);
          if (outSeconds !== null) lease.track({ stage: 'rendering', percent: progressPercent(outSeconds, total) });
        },
      });

      await lease.confirm({ stage: 'finishing', percent: 100 });
      const out = await probeStreams(ffprobe, tmpVideo).catch(() => null);
      if (!out?.video || out.duration === null) throw new RenderFailure('The rendered video could not be read.', true);
      await runFfmpeg(ffmpeg, posterArgs(tmpVideo, tmpPoster, posterTime(out.duration)), {
        signal: runSignal,
        timeoutMs: 60_000,
      });
      const storedName = `${job.highlightId}.mp4`;
      const posterName = `${job.highlightId}.jpg`;
      const size = (await stat(tmpVideo)).size;
      // The poster first, so a placed video always has one.
      await place(media, lease, highlightKey(posterName), tmpPoster, 'image/jpeg');
      await place(media, lease, highlightKey(storedName), tmpVideo, 'video/mp4');
      await lease.end();
      const done = await completeJob(ctx.db, job, workerId, ctx.now(), {
        storedName,
        posterName,
        durationSeconds: Math.round(out.duration * 1000) / 1000,
        sizeBytes: size,
        width: out.video.width || RENDER_SETTINGS.width,
        height: out.video.height || RENDER_SETTINGS.height,
      });
      if (done) {
        report('done', 100);
        log.info({ highlightId: job.highlightId, ms: Date.now() - started, bytes: size }, 'render done');
      } else {
        log.warn({ highlightId: job.highlightId }, 'render finished after its job was taken over; not recorded');
      }
    } catch (err) {
      await lease.end();
      const permanent = err instanceof RenderFailure && !err.retry;
      if (err instanceof RenderStopped || (signal.aborted && !permanent)) {
        if (!lease.lost.aborted) {
          // Shutting down: the job goes back to the queue for the next start (or another machine).
          await releaseJob(ctx.db, job, workerId, ctx.now()).catch(() => undefined);
          report('queued', 0);
          log.info({ highlightId: job.highlightId }, 'render stopped; job handed back');
        } else {
          log.warn({ highlightId: job.highlightId }, 'render stopped: its job was taken over');
        }
        return;
      }
      const failure =
        err instanceof RenderFailure
          ? err
          : new RenderFailure('The video could not be rendered because of a server error.', true);
      const state = await failJob(ctx.db, job, workerId, ctx.now(), failure.message, { retry: failure.retry }).catch(() => null);
      if (state) report(state, 0);
      log.warn(
        {
          highlightId: job.highlightId,
          attempt: job.attempt,
          reason: failure.message,
          detail: err instanceof RenderFailure ? err.cause : err instanceof Error ? err.message.slice(0, 200) : undefined,
          next: state,
        },
        'render failed',
      );
    } finally {
      await lease.end();
      await rm(tmpVideo, { force: true }).catch(() => undefined);
      await rm(tmpPoster, { force: true }).catch(() => undefined);
    }
  }

  async function loop(n: number): Promise<void> {
    const workerId = `${prefix}:${n}`;
    while (!stopController.signal.aborted) {
      let job: ClaimedJob | null = null;
      try {
        job = await claimJob(ctx.db, workerId, ctx.now(), leaseMs);
      } catch (err) {
        if (stopController.signal.aborted) break;
        log.error({ err }, 'render queue unavailable');
      }
      if (!job) {
        if (!stopController.signal.aborted) await idle();
        continue;
      }
      await renderJob(workerId, job);
    }
  }

  // Temporary files of renders a crash cut off (their worker ids died with them), beside other servers' live ones:
  // at start, and again every so often for a crash too recent to tell at start.
  const sweep = async (): Promise<void> => {
    const removed = await removeRenderLeftovers(ctx.highlightsDir, RENDER_LEFTOVER_MS).catch((err: unknown) => {
      log.warn({ err }, 'partial render files could not be removed');
      return 0;
    });
    if (removed > 0) log.warn(`Removed ${removed} partial render file(s) left by an interrupted run`);
  };
  let sweeping = sweep();
  const sweeper = setInterval(() => {
    sweeping = sweep();
  }, RENDER_LEFTOVER_MS);
  sweeper.unref();

  const loops = Array.from({ length: opts.count }, (_, i) => loop(i + 1));
  let stopped: Promise<void> | null = null;
  const stop = (): Promise<void> => {
    stopped ??= (async () => {
      stopController.abort();
      clearInterval(sweeper);
      wake();
      await Promise.all([...loops, sweeping]);
    })();
    return stopped;
  };
  app.addHook('onClose', stop);
  return { wake, stop };
}

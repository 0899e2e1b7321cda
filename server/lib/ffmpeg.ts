import { execFile } from 'node:child_process';
import { access, constants, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

const BINARIES = {
  '@ffmpeg-installer/ffmpeg': { env: 'FFMPEG_PATH', name: 'ffmpeg' },
  '@ffprobe-installer/ffprobe': { env: 'FFPROBE_PATH', name: 'ffprobe' },
} as const;

async function executable(file: string): Promise<boolean> {
  try {
    await access(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Where ffmpeg or ffprobe is: FFMPEG_PATH / FFPROBE_PATH when set (an image ships the distribution's, see the
 * Dockerfile), else the binary of the npm installer package, else the first on PATH; null when none can run.
 */
export async function findBinary(pkg: keyof typeof BINARIES): Promise<string | null> {
  const { env, name } = BINARIES[pkg];
  const configured = process.env[env];
  if (configured) return (await executable(configured)) ? configured : null;
  try {
    const mod = require(pkg) as { path?: unknown };
    if (typeof mod.path === 'string' && (await executable(mod.path))) return mod.path;
  } catch {
    // not installed (or not for this platform): look on PATH
  }
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, name);
    if (await executable(candidate)) return candidate;
  }
  return null;
}

/**
 * Why a run failed: the binary could not be started ('unavailable'), took too long ('timeout'), or ran and
 * refused the input ('refused', e.g. ffprobe on a file that is not media).
 */
export type RunFailure = 'unavailable' | 'timeout' | 'refused';

export class RunError extends Error {
  readonly reason: RunFailure;

  constructor(reason: RunFailure, message: string) {
    super(message);
    this.reason = reason;
  }
}

function run(bin: string, args: string[], timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(bin, args, { timeout: timeoutMs, maxBuffer: 4 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (!err) {
        resolve(stdout.toString());
        return;
      }
      const tail = stderr ? `: ${stderr.toString().trim().split('\n').slice(-2).join(' ')}` : '';
      // A spawn failure has a string code (ENOENT, EACCES); a finished process has its exit status.
      const reason: RunFailure = typeof err.code === 'string' ? 'unavailable' : err.killed ? 'timeout' : 'refused';
      reject(new RunError(reason, `${err.message}${tail}`));
    });
  });
}

export interface ProbeResult {
  /** Seconds, 3 decimals; null when the container does not say. */
  duration: number | null;
  /** The file's `creation_time` tag (format first, then streams); null when absent or implausible. */
  creationTime: Date | null;
  /** The first real video stream's frame size; null when the file has no video (audio only, text, …). */
  video: { width: number | null; height: number | null } | null;
  /** The recording device, "Make Model" (e.g. "Apple iPhone 15"); null when the file does not say. */
  device: string | null;
}

interface FfprobeStream {
  codec_type?: string;
  width?: number;
  height?: number;
  duration?: string;
  disposition?: { attached_pic?: number };
  tags?: Record<string, string>;
}
interface FfprobeOutput {
  format?: { format_name?: string; duration?: string; tags?: Record<string, string> };
  streams?: FfprobeStream[];
}

/** Recording times outside 1970–9999 are camera-clock garbage (or unstorable), not a time to show. */
function plausibleTime(value: string | undefined): Date | null {
  if (!value) return null;
  const t = Date.parse(value);
  if (Number.isNaN(t) || t < 0 || t > Date.parse('9999-12-31T23:59:59.999Z')) return null;
  return new Date(t);
}

function positiveInt(n: unknown): number | null {
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : null;
}

/** The longest device name kept (docs/product/part-2.md §3: a clip's device is shown on its card). */
export const MAX_DEVICE_LENGTH = 100;

/** Tag names that carry the maker and the model, best first: Apple, Android, then the plain ones. */
const MAKE_TAGS = ['com.apple.quicktime.make', 'com.android.manufacturer', 'make'];
const MODEL_TAGS = ['com.apple.quicktime.model', 'com.android.model', 'model'];

/**
 * Control characters (C0, DEL, C1) and lone UTF-16 surrogates (with `u`, a pair is one code point and does not
 * match): not text a card can show or PostgreSQL can store.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\uD800-\uDFFF]/gu;

function cleanTag(value: unknown): string {
  return typeof value === 'string' ? value.replace(UNPRINTABLE, '').replace(/\s+/g, ' ').trim() : '';
}

/** The first non-empty value of any of `names` (case-insensitive), each name looked for in every tag set in turn. */
function firstTag(tagSets: Record<string, unknown>[], names: string[]): string {
  for (const name of names) {
    for (const tags of tagSets) {
      for (const [key, value] of Object.entries(tags)) {
        if (key.toLowerCase() !== name) continue;
        const cleaned = cleanTag(value);
        if (cleaned) return cleaned;
      }
    }
  }
  return '';
}

/**
 * "Make Model" from container or stream tags (`tagSets`, most trusted first): the model alone when the make
 * is missing or the model already names it ("Apple" + "Apple iPhone" is not "Apple Apple iPhone").
 */
export function deviceName(tagSets: Record<string, unknown>[]): string | null {
  const make = firstTag(tagSets, MAKE_TAGS);
  const model = firstTag(tagSets, MODEL_TAGS);
  let name: string;
  if (!make || !model) name = model || make;
  else name = model.toLowerCase().startsWith(make.toLowerCase()) ? model : `${make} ${model}`;
  // Cut without leaving half of a surrogate pair behind.
  const cut = name
    .slice(0, MAX_DEVICE_LENGTH)
    .replace(/[\uD800-\uDBFF]$/, '')
    .trim();
  return cut || null;
}

/**
 * The longest a clip's stated length is believed: a phone records for hours, not days. A crafted file can state
 * 10^13 s, past what PostgreSQL adds to a time (every listing of its event then failed); beyond this it counts as
 * unknown, and a render measures the file itself.
 */
export const MAX_CLIP_SECONDS = 24 * 3600;

/**
 * The containers a clip may be (docs/product/part-1.md §5: .mp4, .mov, .m4v, .mts, .mxf): ffmpeg's mov/mp4 family,
 * MPEG-TS and MXF. Anything else is refused before it is read: a text playlist (HLS) or a concat list named
 * `.mp4` would otherwise have ffmpeg open the files it names.
 */
export const CLIP_FORMATS = 'mov,mp4,mpegts,mxf';

/**
 * Options that go before every `-i` (and ffprobe's file) of a clip: its container must be one of CLIP_FORMATS, and
 * it is read through the one protocol its place needs (a local path: files only; a bucket's presigned URL: HTTP(S)).
 */
export function clipInputGuard(source: string): string[] {
  const protocols = /^https?:\/\//.test(source) ? 'https,http,tls,tcp' : 'file';
  return ['-protocol_whitelist', protocols, '-format_whitelist', CLIP_FORMATS];
}

/** ffmpeg's still-image demuxers (`image2`, `jpeg_pipe`, `png_pipe`, …): a picture shows up as a video stream. */
const STILL_IMAGE_FORMAT = /(^|,)(image2|\w+_pipe)(,|$)/;

/** Reads ffprobe's JSON: a still image, or cover art in a sound file (`attached_pic`), is not video. */
export function readProbe(parsed: FfprobeOutput): ProbeResult {
  const streams = parsed.streams ?? [];
  const still = STILL_IMAGE_FORMAT.test(parsed.format?.format_name ?? '');
  const videoStream = still ? undefined : streams.find((s) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1);
  const rawDuration = Number(parsed.format?.duration ?? videoStream?.duration);
  const created =
    plausibleTime(parsed.format?.tags?.creation_time) ??
    plausibleTime(videoStream?.tags?.creation_time) ??
    streams.map((s) => plausibleTime(s.tags?.creation_time)).find((d) => d !== null) ??
    null;
  // Phones write make and model on the container; some cameras only on the video stream.
  const tagSets = [parsed.format?.tags, videoStream?.tags, ...streams.map((s) => s.tags)].filter(
    (tags): tags is Record<string, string> => typeof tags === 'object' && tags !== null,
  );
  return {
    duration:
      Number.isFinite(rawDuration) && rawDuration >= 0 && rawDuration <= MAX_CLIP_SECONDS
        ? Math.round(rawDuration * 1000) / 1000
        : null,
    creationTime: created,
    video: videoStream ? { width: positiveInt(videoStream.width), height: positiveInt(videoStream.height) } : null,
    device: deviceName(tagSets),
  };
}

/** Probes a file's container and streams. Throws RunError ('refused' for anything ffprobe cannot read). */
export async function probe(ffprobe: string, file: string, timeoutMs = 20_000): Promise<ProbeResult> {
  const out = await run(
    ffprobe,
    ['-v', 'error', ...clipInputGuard(file), '-print_format', 'json', '-show_format', '-show_streams', file],
    timeoutMs,
  );
  let parsed: FfprobeOutput;
  try {
    parsed = JSON.parse(out) as FfprobeOutput;
  } catch {
    throw new RunError('refused', 'ffprobe printed no JSON');
  }
  return readProbe(parsed);
}

/** Writes a JPEG frame at ~1 s (earlier for very short clips). */
export async function thumbnail(ffmpeg: string, file: string, out: string, duration: number | null): Promise<void> {
  const at = duration !== null && duration < 2 ? Math.max(0, duration / 2) : 1;
  const args = (seek: number): string[] => [
    '-v',
    'error',
    '-y',
    '-ss',
    seek.toFixed(2),
    ...clipInputGuard(file),
    '-i',
    file,
    '-frames:v',
    '1',
    '-vf',
    'scale=320:-2',
    '-q:v',
    '4',
    out,
  ];
  await run(ffmpeg, args(at), 30_000);
  const s = await stat(out).catch(() => null);
  if (!s || s.size === 0) await run(ffmpeg, args(0), 30_000);
}

import { execFile } from 'node:child_process';
import { access, constants, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** Path of a binary shipped by an npm installer package, or null when it is missing or not executable. */
export async function findBinary(pkg: '@ffmpeg-installer/ffmpeg' | '@ffprobe-installer/ffprobe'): Promise<string | null> {
  try {
    const mod = require(pkg) as { path?: unknown };
    if (typeof mod.path !== 'string') return null;
    await access(mod.path, constants.X_OK);
    return mod.path;
  } catch {
    return null;
  }
}

function run(bin: string, args: string[], timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(bin, args, { timeout: timeoutMs, maxBuffer: 4 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (err)
        reject(new Error(`${err.message}${stderr ? `: ${stderr.toString().trim().split('\n').slice(-2).join(' ')}` : ''}`));
      else resolve(stdout.toString());
    });
  });
}

export interface ProbeResult {
  duration: number | null;
  creationTime: Date | null;
}

export async function probe(ffprobe: string, file: string): Promise<ProbeResult> {
  const out = await run(ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', file], 20_000);
  const parsed = JSON.parse(out) as { format?: { duration?: string; tags?: Record<string, string> } };
  const duration = Number(parsed.format?.duration);
  const created = parsed.format?.tags?.creation_time;
  const creationTime = created && !Number.isNaN(Date.parse(created)) ? new Date(created) : null;
  return { duration: Number.isFinite(duration) ? Math.round(duration * 1000) / 1000 : null, creationTime };
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

/**
 * Real videos for browser tests: the server keeps a file only when ffprobe finds a video stream in it, so
 * tests upload what ffmpeg made. Debian's ffmpeg when installed, else the binary the npm package ships.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

export function ffmpegPath(): string {
  if (existsSync('/usr/bin/ffmpeg')) return '/usr/bin/ffmpeg';
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}

/** A short test-pattern clip (a few KB); `creationTime` sets the container's recording time. */
export function makeClip(dir: string, name: string, opts: { seconds?: number; creationTime?: string } = {}): string {
  const file = path.join(dir, name);
  const args = ['-loglevel', 'error', '-f', 'lavfi', '-i', `testsrc=duration=${opts.seconds ?? 2}:size=320x240:rate=15`];
  if (opts.creationTime) args.push('-metadata', `creation_time=${opts.creationTime}`);
  execFileSync(ffmpegPath(), [...args, '-pix_fmt', 'yuv420p', '-y', file]);
  return file;
}

/**
 * A real video of at least `minBytes` (noise does not compress; ffmpeg's `-fs` stops the encode once the
 * file is that large and still finishes a valid MP4). Returns its exact size.
 */
export function makeLargeVideo(dir: string, name: string, minBytes: number): number {
  const file = path.join(dir, name);
  execFileSync(ffmpegPath(), [
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=640x480:rate=25',
    '-t',
    '60',
    '-vf',
    // A seed per size, so two videos made for different sizes differ even where -fs cuts at the same frame.
    `noise=alls=100:allf=t+u:all_seed=${minBytes % 2_147_483_647}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-crf',
    '12',
    '-pix_fmt',
    'yuv420p',
    '-fs',
    String(minBytes),
    '-y',
    file,
  ]);
  return statSync(file).size;
}

import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { tempDir } from './helpers';
import type { ClipView } from '../lib/clipViews';

/** Test media made with the ffmpeg shipped in @ffmpeg-installer, and multipart bodies built by hand. */

const require = createRequire(import.meta.url);
export const ffmpegPath = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
export const ffprobePath = (require('@ffprobe-installer/ffprobe') as { path: string }).path;

/** Runs ffmpeg with `args` writing `name` in a fresh temp dir; returns the file's bytes. */
export async function makeMedia(name: string, args: string[]): Promise<Buffer> {
  const file = path.join(await tempDir('courtside-media-'), name);
  execFileSync(ffmpegPath, ['-v', 'error', ...args, file]);
  return readFile(file);
}

/**
 * A short test-pattern video (mp4), optionally with a `creation_time` tag and other container tags
 * (`metadata`, e.g. `{ 'com.apple.quicktime.make': 'Apple' }`, written as mdta keys the way phones do).
 */
export function makeVideo(
  opts: { seconds?: number; size?: string; creationTime?: string; metadata?: Record<string, string> } = {},
): Promise<Buffer> {
  const src = `testsrc=duration=${opts.seconds ?? 2}:size=${opts.size ?? '160x120'}:rate=10`;
  const meta = opts.creationTime ? ['-metadata', `creation_time=${opts.creationTime}`] : [];
  const tags = Object.entries(opts.metadata ?? {}).flatMap(([key, value]) => ['-metadata', `${key}=${value}`]);
  const keepTags = tags.length ? ['-movflags', 'use_metadata_tags'] : [];
  return makeMedia('clip.mp4', ['-f', 'lavfi', '-i', src, '-pix_fmt', 'yuv420p', ...meta, ...keepTags, ...tags]);
}

/** A sound-only mp4: a container ffprobe reads, with no video stream. */
export function makeAudioOnly(): Promise<Buffer> {
  return makeMedia('sound.mp4', ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-c:a', 'aac']);
}

export interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}

/** Builds a multipart/form-data body (inject has no FormData support for files). */
export function multipart(parts: Part[], boundary = '----courtside' + Math.random().toString(16).slice(2)) {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"`;
    if (p.filename !== undefined) head += `; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}`;
    chunks.push(Buffer.from(`${head}\r\n\r\n`), Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    boundary,
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } as Record<string, string>,
  };
}

export interface Envelope<T = unknown> {
  success: boolean;
  data: T;
  error?: string;
  code?: string;
  errorCode?: string;
  details?: Record<string, unknown> | null;
}

/** What the API answers for a clip. */
export type Clip = ClipView;

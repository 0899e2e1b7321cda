import { execFile } from 'node:child_process';
import { clipInputGuard } from '../ffmpeg';

/** What the renderer needs to know about one clip file (and, after rendering, about the output). */
export interface MediaStreams {
  /** Seconds; null when the container does not say. */
  duration: number | null;
  video: { codec: string; width: number; height: number } | null;
  audio: { codec: string } | null;
}

interface ProbeJson {
  format?: { duration?: string };
  streams?: {
    codec_type?: string;
    codec_name?: string;
    width?: number;
    height?: number;
    disposition?: { attached_pic?: number };
  }[];
}

/** Reads ffprobe's JSON: the first real video stream (cover art is not video) and the first audio stream. */
export function readStreams(json: ProbeJson): MediaStreams {
  const streams = json.streams ?? [];
  const v = streams.find((s) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1);
  const a = streams.find((s) => s.codec_type === 'audio');
  const d = Number(json.format?.duration);
  return {
    duration: Number.isFinite(d) && d >= 0 ? d : null,
    video: v ? { codec: v.codec_name ?? '', width: v.width ?? 0, height: v.height ?? 0 } : null,
    audio: a ? { codec: a.codec_name ?? '' } : null,
  };
}

/**
 * Probes `file`; rejects (with ffprobe's last line) when it is missing or not media ffprobe can read, or when
 * `signal` stops it (the workers are stopping).
 */
export function probeStreams(ffprobe: string, file: string, timeoutMs = 20_000, signal?: AbortSignal): Promise<MediaStreams> {
  return new Promise((resolve, reject) => {
    execFile(
      ffprobe,
      ['-v', 'error', ...clipInputGuard(file), '-print_format', 'json', '-show_format', '-show_streams', file],
      { timeout: timeoutMs, maxBuffer: 4 * 1024 * 1024, signal },
      (err, stdout, stderr) => {
        if (err) {
          const last = stderr.toString().trim().split('\n').pop() ?? '';
          reject(new Error(`ffprobe failed${last ? `: ${last.slice(0, 200)}` : ''}`));
          return;
        }
        try {
          resolve(readStreams(JSON.parse(stdout.toString()) as ProbeJson));
        } catch {
          reject(new Error('ffprobe printed no JSON'));
        }
      },
    );
  });
}

/** The last `out_time_us` of ffmpeg's `-progress` lines, in seconds; null when it printed none. */
export function lastProgressSeconds(text: string): number | null {
  let last: number | null = null;
  for (const m of text.matchAll(/^out_time_us=(\d+)$/gm)) last = Number(m[1]) / 1e6;
  return last;
}

/**
 * How long `file`'s video really lasts, read through to its end without decoding (`-c copy`): for a file whose
 * container does not say (a raw stream), so a render cuts its out points there instead of holding the last frame
 * for as long as an edit asks. Rejects when ffmpeg cannot read it, runs past `timeoutMs` or `signal` stops it.
 */
export function measureDuration(ffmpeg: string, file: string, timeoutMs = 60_000, signal?: AbortSignal): Promise<number> {
  return new Promise((resolve, reject) => {
    execFile(
      ffmpeg,
      [
        '-v',
        'error',
        '-nostdin',
        '-nostats',
        ...clipInputGuard(file),
        '-i',
        file,
        '-map',
        '0:v:0',
        '-c',
        'copy',
        '-f',
        'null',
        '-progress',
        'pipe:1',
        '-',
      ],
      { timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024, signal },
      (err, stdout) => {
        const seconds = err ? null : lastProgressSeconds(stdout.toString());
        if (seconds === null) reject(new Error('ffmpeg could not measure the video'));
        else resolve(seconds);
      },
    );
  });
}

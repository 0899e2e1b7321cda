import { execFile } from 'node:child_process';

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

/** Probes `file`; rejects (with ffprobe's last line) when it is missing or not media ffprobe can read. */
export function probeStreams(ffprobe: string, file: string, timeoutMs = 20_000): Promise<MediaStreams> {
  return new Promise((resolve, reject) => {
    execFile(
      ffprobe,
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
      { timeout: timeoutMs, maxBuffer: 4 * 1024 * 1024 },
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

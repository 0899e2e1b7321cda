/**
 * A demo clip as a real, small, playable MP4 made by the shipped ffmpeg: a moving test picture with a tone,
 * the recording time and the phone's make and model in the container, the way a phone writes them.
 */
import { execFile } from 'node:child_process';
import type { DemoDevice } from './demoPlan';

export const DEMO_VIDEO = { width: 640, height: 360, fps: 25 } as const;

/** ffmpeg's generated pictures that move (so playback visibly plays) and encode small and fast. */
const LOOKS: readonly { source: string; options?: string }[] = [
  { source: 'testsrc2' },
  { source: 'smptebars' },
  { source: 'mandelbrot' },
  { source: 'cellauto', options: 'rule=110' },
  { source: 'testsrc' },
];

export interface DemoVideoSpec {
  recordedAt: Date;
  duration: number;
  device: DemoDevice;
  look: number;
}

/** Apple writes com.apple.quicktime.make/model, Android com.android.manufacturer/model. */
function deviceTags(dev: DemoDevice): string[] {
  const [makeKey, modelKey] =
    dev.platform === 'apple'
      ? ['com.apple.quicktime.make', 'com.apple.quicktime.model']
      : ['com.android.manufacturer', 'com.android.model'];
  return ['-metadata', `${makeKey}=${dev.make}`, '-metadata', `${modelKey}=${dev.model}`];
}

/** The ffmpeg arguments that write `spec` to `out` (an .mp4 path). */
export function demoVideoArgs(spec: DemoVideoSpec, out: string): string[] {
  const { width, height, fps } = DEMO_VIDEO;
  const look = LOOKS[spec.look % LOOKS.length] ?? { source: 'testsrc2' };
  const source = `${look.source}=size=${width}x${height}:rate=${fps}${look.options ? `:${look.options}` : ''}`;
  const tone = 220 + (spec.look % 6) * 110;
  return [
    '-v',
    'error',
    '-nostdin',
    '-y',
    '-f',
    'lavfi',
    '-i',
    source,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${tone}:sample_rate=44100`,
    '-t',
    String(spec.duration),
    '-map',
    '0:v',
    '-map',
    '1:a',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-crf',
    '30',
    '-pix_fmt',
    'yuv420p',
    // A key frame every 2 s, so seeking in the player lands near where it was asked.
    '-g',
    String(fps * 2),
    // One encoder thread per clip: two clips at a time stay off most cores while the server starts.
    '-threads',
    '1',
    '-c:a',
    'aac',
    '-b:a',
    '64k',
    '-metadata',
    `creation_time=${spec.recordedAt.toISOString()}`,
    ...deviceTags(spec.device),
    // use_metadata_tags writes the keys above as QuickTime metadata (mdta), where phones put them;
    // faststart puts the index first so the browser can start playing before the whole file arrived.
    '-movflags',
    '+faststart+use_metadata_tags',
    '-f',
    'mp4',
    out,
  ];
}

/** Runs ffmpeg for one clip; rejects with the tail of its error output. `signal` stops it (server closing). */
export function makeDemoVideo(ffmpeg: string, spec: DemoVideoSpec, out: string, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(ffmpeg, demoVideoArgs(spec, out), { timeout: 60_000, signal, maxBuffer: 1024 * 1024 }, (err, _stdout, stderr) => {
      if (!err) {
        resolve();
        return;
      }
      const tail = stderr ? `: ${stderr.toString().trim().split('\n').slice(-2).join(' ')}` : '';
      reject(new Error(`ffmpeg could not make a demo clip (${err.message})${tail}`));
    });
  });
}

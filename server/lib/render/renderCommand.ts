/**
 * The ffmpeg command lines of a highlight render (docs/rendering.md), as pure functions of the edit: every clip
 * trimmed, scaled into one frame (aspect kept, letterboxed), brought to one frame rate and one audio format,
 * concatenated, and encoded as H.264/AAC MP4 with the index in front (`+faststart`) so playback starts before
 * the whole file has arrived. Then a poster JPEG from the rendered file.
 */
import { clipInputGuard } from '../ffmpeg';

/**
 * Output settings. 1280×720 at 30 fps with libx264 `veryfast` / CRF 23: fast enough for the render time target on
 * the 2-core machine (docs/rendering.md has the measurements and why not 1080p or `medium`).
 */
export const RENDER_SETTINGS = {
  width: 1280,
  height: 720,
  fps: 30,
  /** libx264 speed preset: `veryfast` is the slowest that meets the render time target (≤ 20 s for 40 s). */
  preset: 'veryfast',
  /** libx264 constant quality: 23 is its default, visually clean for phone footage at 720p. */
  crf: 23,
  /** A keyframe every 2 s, so seeking in the viewer lands quickly. */
  keyframeSeconds: 2,
  audioRate: 48_000,
  audioChannels: 2,
  audioBitrate: '128k',
  /** The poster frame's time in the rendered video (earlier for highlights under 2 s). */
  posterAtSeconds: 1,
  /** JPEG quality for the poster (ffmpeg's -q:v, 2 best … 31 worst). */
  posterQuality: 3,
} as const;

export type RenderSettings = {
  readonly [K in keyof typeof RENDER_SETTINGS]: (typeof RENDER_SETTINGS)[K] extends string ? string : number;
};

/** One clip of the edit as the renderer sees it: its file, the part kept, and whether it has sound. */
export interface RenderInput {
  file: string;
  inSeconds: number;
  outSeconds: number;
  hasAudio: boolean;
}

/** Seconds as ffmpeg reads them: at most 3 decimals, no exponent. */
export function seconds(s: number): string {
  return (Math.round(s * 1000) / 1000).toFixed(3).replace(/\.?0+$/, '') || '0';
}

/** Total length of the rendered highlight: the sum of the kept parts. */
export function totalSeconds(inputs: readonly Pick<RenderInput, 'inSeconds' | 'outSeconds'>[]): number {
  return inputs.reduce((sum, c) => sum + Math.max(0, c.outSeconds - c.inSeconds), 0);
}

/**
 * The filter graph: per clip `[vN]` (scaled into the frame, letterboxed, square pixels, constant rate, exactly
 * the kept length — a clip whose file ends early holds its last frame) and `[aN]` (its sound resampled to one
 * format and padded or cut to the same length, or silence when it has none); then one concat of all pairs.
 */
export function filterGraph(inputs: readonly RenderInput[], settings: RenderSettings = RENDER_SETTINGS): string {
  const { width: w, height: h, fps, audioRate, audioChannels } = settings;
  const layout = audioChannels === 1 ? 'mono' : 'stereo';
  const parts: string[] = [];
  inputs.forEach((clip, i) => {
    const d = seconds(clip.outSeconds - clip.inSeconds);
    parts.push(
      `[${i}:v:0]scale=${w}:${h}:force_original_aspect_ratio=decrease,pad=${w}:${h}:-1:-1:color=black,setsar=1,` +
        `fps=${fps},format=yuv420p,tpad=stop_mode=clone:stop_duration=${d},trim=duration=${d},setpts=PTS-STARTPTS[v${i}]`,
    );
    const audio = clip.hasAudio
      ? `[${i}:a:0]aresample=${audioRate},aformat=sample_fmts=fltp:channel_layouts=${layout},apad`
      : `anullsrc=channel_layout=${layout}:sample_rate=${audioRate}`;
    parts.push(`${audio},atrim=duration=${d},asetpts=PTS-STARTPTS[a${i}]`);
  });
  const pairs = inputs.map((_, i) => `[v${i}][a${i}]`).join('');
  parts.push(`${pairs}concat=n=${inputs.length}:v=1:a=1[v][a]`);
  return parts.join(';');
}

/**
 * ffmpeg's arguments rendering `inputs` into `output` (an MP4, whatever its name ends with). Each input is
 * opened at its in point (`-ss` before `-i`: a fast seek, exact because the video is re-encoded) and read for
 * the kept length (`-t`). Progress goes to stdout as key=value lines (`-progress pipe:1`; see readProgress).
 */
export function renderArgs(inputs: readonly RenderInput[], output: string, settings: RenderSettings = RENDER_SETTINGS): string[] {
  if (inputs.length === 0) throw new Error('a highlight needs at least one clip');
  for (const c of inputs) {
    if (!(c.inSeconds >= 0 && c.outSeconds > c.inSeconds)) throw new Error('each clip needs 0 ≤ in < out');
  }
  const inputArgs = inputs.flatMap((c) => [
    '-ss',
    seconds(c.inSeconds),
    '-t',
    seconds(c.outSeconds - c.inSeconds),
    ...clipInputGuard(c.file),
    '-i',
    c.file,
  ]);
  return [
    '-hide_banner',
    '-nostdin',
    '-v',
    'error',
    '-nostats',
    '-progress',
    'pipe:1',
    '-y',
    ...inputArgs,
    '-filter_complex',
    filterGraph(inputs, settings),
    '-map',
    '[v]',
    '-map',
    '[a]',
    // Nothing of the clips' own tags: a phone's place of filming or a clip's name would reach a public share link.
    '-map_metadata',
    '-1',
    '-map_chapters',
    '-1',
    '-c:v',
    'libx264',
    '-preset',
    settings.preset,
    '-crf',
    String(settings.crf),
    '-pix_fmt',
    'yuv420p',
    '-profile:v',
    'high',
    '-g',
    String(settings.fps * settings.keyframeSeconds),
    '-c:a',
    'aac',
    '-b:a',
    settings.audioBitrate,
    '-ar',
    String(settings.audioRate),
    '-ac',
    String(settings.audioChannels),
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    output,
  ];
}

/** When the poster is taken: at posterAtSeconds, or halfway through a shorter highlight. */
export function posterTime(durationSeconds: number, settings: RenderSettings = RENDER_SETTINGS): number {
  return durationSeconds < 2 * settings.posterAtSeconds ? Math.max(0, durationSeconds / 2) : settings.posterAtSeconds;
}

/** ffmpeg's arguments writing one JPEG frame of the rendered `video` at `atSeconds` to `output`. */
export function posterArgs(
  video: string,
  output: string,
  atSeconds: number,
  settings: RenderSettings = RENDER_SETTINGS,
): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-v',
    'error',
    '-y',
    '-ss',
    seconds(atSeconds),
    '-i',
    video,
    '-frames:v',
    '1',
    '-q:v',
    String(settings.posterQuality),
    '-f',
    'image2',
    '-c:v',
    'mjpeg',
    output,
  ];
}

/** What one block of `-progress` output says: how far the output has got (seconds), and whether it ended. */
export interface ProgressReport {
  outSeconds: number | null;
  ended: boolean;
}

/**
 * Reads `-progress` key=value lines. ffmpeg writes `out_time_us` (newer) or `out_time_ms` (older builds, also
 * microseconds despite the name) and `out_time=HH:MM:SS.micro`; `progress=end` closes the last block.
 * Returns the latest time found in `text`.
 */
export function readProgress(text: string): ProgressReport {
  let outSeconds: number | null = null;
  let ended = false;
  for (const line of text.split('\n')) {
    const eq = line.indexOf('=');
    if (eq < 0) continue;
    const key = line.slice(0, eq).trim();
    const value = line.slice(eq + 1).trim();
    if (key === 'out_time_us' || key === 'out_time_ms') {
      const us = Number(value);
      if (Number.isFinite(us) && us >= 0) outSeconds = us / 1_000_000;
    } else if (key === 'out_time') {
      const m = /^(\d+):(\d{2}):(\d{2}(?:\.\d+)?)$/.exec(value);
      if (m) outSeconds = Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
    } else if (key === 'progress' && value === 'end') {
      ended = true;
    }
  }
  return { outSeconds, ended };
}

/** Render progress 0–99 from the output time (100 is for a finished highlight, set when it is done). */
export function progressPercent(outSeconds: number, total: number): number {
  if (!(total > 0) || !(outSeconds > 0)) return 0;
  return Math.min(99, Math.floor((outSeconds / total) * 100));
}

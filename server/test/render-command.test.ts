import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  filterGraph,
  posterArgs,
  posterTime,
  progressPercent,
  readProgress,
  RENDER_SETTINGS,
  renderArgs,
  seconds,
  totalSeconds,
  type RenderInput,
} from '../lib/render/renderCommand';

/** The render command line built from an edit (docs/rendering.md). */

const EDIT: RenderInput[] = [
  { file: '/u/a.mp4', inSeconds: 1.25, outSeconds: 6.25, hasAudio: true },
  { file: '/u/b.mov', inSeconds: 0, outSeconds: 2.5, hasAudio: false },
];

/** The value after `flag` (the first occurrence from `from`). */
function after(args: string[], flag: string, from = 0): string | undefined {
  const i = args.indexOf(flag, from);
  return i < 0 ? undefined : args[i + 1];
}

describe('render command', () => {
  test('settings: 1280×720, 30 fps, libx264 veryfast CRF 23, AAC 48 kHz stereo 128k', () => {
    assert.deepEqual(
      [RENDER_SETTINGS.width, RENDER_SETTINGS.height, RENDER_SETTINGS.fps, RENDER_SETTINGS.preset, RENDER_SETTINGS.crf],
      [1280, 720, 30, 'veryfast', 23],
    );
    assert.deepEqual(
      [RENDER_SETTINGS.audioRate, RENDER_SETTINGS.audioChannels, RENDER_SETTINGS.audioBitrate],
      [48000, 2, '128k'],
    );
  });

  test('seconds: 3 decimals at most, no trailing zeros', () => {
    assert.equal(seconds(1.25), '1.25');
    assert.equal(seconds(2), '2');
    assert.equal(seconds(0), '0');
    assert.equal(seconds(1 / 3), '0.333');
    assert.equal(seconds(10.0004), '10');
  });

  test('each clip is an input opened at its in point for its kept length, in edit order', () => {
    const args = renderArgs(EDIT, '/h/out.part');
    const inputs = args.flatMap((a, i) => (a === '-i' ? [i] : []));
    assert.equal(inputs.length, 2);
    const guard = ['-protocol_whitelist', 'file', '-format_whitelist', 'mov,mp4,mpegts,mxf'];
    assert.deepEqual(args.slice(inputs[0]! - 8, inputs[0]! + 2), ['-ss', '1.25', '-t', '5', ...guard, '-i', '/u/a.mp4']);
    assert.deepEqual(args.slice(inputs[1]! - 8, inputs[1]! + 2), ['-ss', '0', '-t', '2.5', ...guard, '-i', '/u/b.mov']);
    assert.equal(totalSeconds(EDIT), 7.5);
  });

  test('output: H.264 + AAC in MP4 with faststart, progress on stdout, the output last', () => {
    const args = renderArgs(EDIT, '/h/out.part');
    assert.equal(after(args, '-c:v'), 'libx264');
    assert.equal(after(args, '-preset'), 'veryfast');
    assert.equal(after(args, '-crf'), '23');
    assert.equal(after(args, '-pix_fmt'), 'yuv420p');
    assert.equal(after(args, '-g'), '60');
    assert.equal(after(args, '-c:a'), 'aac');
    assert.equal(after(args, '-b:a'), '128k');
    assert.equal(after(args, '-ar'), '48000');
    assert.equal(after(args, '-ac'), '2');
    assert.equal(after(args, '-movflags'), '+faststart');
    assert.equal(after(args, '-f', args.indexOf('-filter_complex')), 'mp4', 'MP4 whatever the temporary name');
    assert.equal(after(args, '-progress'), 'pipe:1');
    const maps = args.flatMap((a, i) => (a === '-map' ? [args[i + 1]] : []));
    assert.deepEqual(maps, ['[v]', '[a]']);
    assert.equal(args.at(-1), '/h/out.part');
    assert.ok(!args.includes('-threads'), 'ffmpeg picks its thread count');
  });

  test('the filter graph scales and letterboxes each clip to one size and rate, and concatenates video and audio', () => {
    const graph = filterGraph(EDIT);
    const chains = graph.split(';');
    assert.equal(chains.length, 5);
    for (const i of [0, 1]) {
      const v = chains[i * 2]!;
      assert.ok(v.startsWith(`[${i}:v:0]scale=1280:720:force_original_aspect_ratio=decrease,pad=1280:720:-1:-1`), v);
      assert.ok(v.includes('setsar=1') && v.includes('fps=30') && v.includes('format=yuv420p'), v);
      assert.ok(v.endsWith(`setpts=PTS-STARTPTS[v${i}]`), v);
    }
    assert.ok(chains[0]!.includes('trim=duration=5,'), 'video cut to the kept length');
    assert.ok(chains[0]!.includes('tpad=stop_mode=clone:stop_duration=5'), 'a short file holds its last frame');
    assert.ok(chains[1]!.startsWith('[0:a:0]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo,apad,'));
    assert.ok(chains[1]!.endsWith('atrim=duration=5,asetpts=PTS-STARTPTS[a0]'));
    assert.equal(chains[3], 'anullsrc=channel_layout=stereo:sample_rate=48000,atrim=duration=2.5,asetpts=PTS-STARTPTS[a1]');
    assert.ok(!graph.includes('[1:a'), 'a silent clip’s missing audio stream is never referenced');
    assert.equal(chains[4], '[v0][a0][v1][a1]concat=n=2:v=1:a=1[v][a]');
  });

  test('other settings (the bench tries them) reach the command', () => {
    const settings = { ...RENDER_SETTINGS, width: 960, height: 540, fps: 25, preset: 'superfast', crf: 26, audioChannels: 1 };
    const args = renderArgs(EDIT, '/h/o.mp4', settings);
    const graph = after(args, '-filter_complex') ?? '';
    assert.ok(graph.includes('scale=960:540') && graph.includes('pad=960:540') && graph.includes('fps=25'));
    assert.ok(graph.includes('channel_layouts=mono') && graph.includes('channel_layout=mono'));
    assert.equal(after(args, '-preset'), 'superfast');
    assert.equal(after(args, '-crf'), '26');
    assert.equal(after(args, '-g'), '50');
  });

  test('an empty edit or a bad trim is refused', () => {
    assert.throws(() => renderArgs([], '/h/o.mp4'));
    assert.throws(() => renderArgs([{ file: '/u/a.mp4', inSeconds: 3, outSeconds: 3, hasAudio: true }], '/h/o.mp4'));
    assert.throws(() => renderArgs([{ file: '/u/a.mp4', inSeconds: -1, outSeconds: 3, hasAudio: true }], '/h/o.mp4'));
    assert.throws(() => renderArgs([{ file: '/u/a.mp4', inSeconds: 0, outSeconds: NaN, hasAudio: true }], '/h/o.mp4'));
  });

  test('poster: one JPEG frame at 1 s, halfway through a highlight under 2 s', () => {
    assert.equal(posterTime(40), 1);
    assert.equal(posterTime(2), 1);
    assert.equal(posterTime(1.5), 0.75);
    assert.equal(posterTime(0), 0);
    const args = posterArgs('/h/x.mp4', '/h/x.jpg', 1);
    assert.deepEqual(args.slice(args.indexOf('-ss'), args.indexOf('-ss') + 4), ['-ss', '1', '-i', '/h/x.mp4']);
    assert.equal(after(args, '-frames:v'), '1');
    assert.equal(after(args, '-c:v'), 'mjpeg');
    assert.equal(args.at(-1), '/h/x.jpg');
  });

  test('progress: out_time_us, out_time_ms (microseconds too) or out_time; the latest wins; end is seen', () => {
    assert.deepEqual(readProgress('frame=10\nout_time_us=2500000\nprogress=continue\n'), { outSeconds: 2.5, ended: false });
    assert.deepEqual(readProgress('out_time_ms=1000000\nout_time_ms=3000000\n'), { outSeconds: 3, ended: false });
    assert.deepEqual(readProgress('out_time=00:01:02.500000\nprogress=end'), { outSeconds: 62.5, ended: true });
    assert.deepEqual(readProgress('out_time_us=N/A\nbitrate=N/A'), { outSeconds: null, ended: false });
    assert.equal(progressPercent(2.5, 10), 25);
    assert.equal(progressPercent(9.999, 10), 99);
    assert.equal(progressPercent(12, 10), 99, '100 is only for a finished highlight');
    assert.equal(progressPercent(-1, 10), 0);
    assert.equal(progressPercent(5, 0), 0);
  });
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findBinary } from '../lib/ffmpeg';
import { ffmpegPath, ffprobePath } from './mediaFixtures';

async function withEnv<T>(name: string, value: string | undefined, fn: () => Promise<T>): Promise<T> {
  const before = process.env[name];
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
  try {
    return await fn();
  } finally {
    if (before === undefined) delete process.env[name];
    else process.env[name] = before;
  }
}

test('findBinary: FFMPEG_PATH / FFPROBE_PATH win; one that cannot run is none, not a fallback', async () => {
  await withEnv('FFMPEG_PATH', ffprobePath, async () => assert.equal(await findBinary('@ffmpeg-installer/ffmpeg'), ffprobePath));
  await withEnv('FFPROBE_PATH', '/nonexistent/ffprobe', async () =>
    assert.equal(await findBinary('@ffprobe-installer/ffprobe'), null),
  );
});

test('findBinary: without the variable, the npm installer package’s binary', async () => {
  await withEnv('FFMPEG_PATH', undefined, async () => assert.equal(await findBinary('@ffmpeg-installer/ffmpeg'), ffmpegPath));
});

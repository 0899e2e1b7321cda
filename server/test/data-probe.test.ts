import assert from 'node:assert/strict';
import { chmod, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, test } from 'node:test';
import type { ApiError } from '../lib/envelope';
import { readProbe } from '../lib/ffmpeg';
import { mapUploadError, probeVideo } from '../lib/uploadRefusals';
import { tempDir } from './helpers';
import { ffprobePath, makeAudioOnly, makeMedia, makeVideo } from './mediaFixtures';

describe('what counts as video (ffprobe)', () => {
  test('a video stream is found with its size; creation_time from the format, else from a stream', () => {
    const withFormatTag = readProbe({
      format: { duration: '2.0400', tags: { creation_time: '2025-05-01T18:00:00.000000Z' } },
      streams: [{ codec_type: 'video', width: 1920, height: 1080, tags: { creation_time: '2020-01-01T00:00:00Z' } }],
    });
    assert.deepEqual(withFormatTag, {
      duration: 2.04,
      creationTime: new Date('2025-05-01T18:00:00Z'),
      video: { width: 1920, height: 1080 },
      device: null,
    });
    const streamTagOnly = readProbe({
      format: {},
      streams: [
        { codec_type: 'audio', tags: { creation_time: '2024-03-03T03:03:03Z' } },
        { codec_type: 'video', width: 640, height: 360, duration: '5.5' },
      ],
    });
    assert.equal(streamTagOnly.creationTime?.toISOString(), '2024-03-03T03:03:03.000Z');
    assert.equal(streamTagOnly.duration, 5.5);
  });

  test('cover art in a sound file is not video; camera-clock garbage is no recording time', () => {
    const coverArt = readProbe({
      format: { duration: '180', tags: { creation_time: '1904-01-01T00:00:00Z' } },
      streams: [{ codec_type: 'audio' }, { codec_type: 'video', width: 600, height: 600, disposition: { attached_pic: 1 } }],
    });
    assert.equal(coverArt.video, null);
    assert.equal(coverArt.creationTime, null);
    assert.equal(readProbe({}).video, null);
    const picture = readProbe({
      format: { format_name: 'jpeg_pipe' },
      streams: [{ codec_type: 'video', width: 64, height: 48 }],
    });
    assert.equal(picture.video, null);
  });

  test('probeVideo: real video passes; sound, a picture and text are INVALID_FILE_TYPE; a hung ffprobe is 422', async () => {
    const dir = await tempDir('courtside-probe-');
    const video = path.join(dir, 'v.mp4');
    await writeFile(video, await makeVideo({ size: '320x240', creationTime: '2025-05-01T18:00:00Z' }));
    const probed = await probeVideo(ffprobePath, video, 'v.mp4');
    assert.deepEqual(probed.video, { width: 320, height: 240 });
    assert.equal(probed.creationTime?.toISOString(), '2025-05-01T18:00:00.000Z');

    const sound = path.join(dir, 's.mp4');
    await writeFile(sound, await makeAudioOnly());
    const text = path.join(dir, 't.mp4');
    await writeFile(text, 'not a video');
    const picture = path.join(dir, 'p.mp4');
    await writeFile(picture, await makeMedia('p.jpg', ['-f', 'lavfi', '-i', 'testsrc=size=64x48', '-frames:v', '1']));
    for (const [file, reason] of [
      [sound, 'no video stream'],
      // A picture is no clip container (CLIP_FORMATS): refused before it is read.
      [picture, 'not a readable media file'],
      [text, 'not a readable media file'],
    ] as const) {
      await assert.rejects(probeVideo(ffprobePath, file, 'x.mp4'), (err: ApiError) => {
        assert.equal(err.statusCode, 400);
        assert.equal(err.code, 'INVALID_FILE_TYPE');
        assert.equal(err.message, 'Unsupported file type');
        assert.equal(err.details?.reason, reason);
        return true;
      });
    }

    const slow = path.join(dir, 'slow-ffprobe.sh');
    await writeFile(slow, '#!/bin/sh\nsleep 5\n');
    await chmod(slow, 0o755);
    await assert.rejects(probeVideo(slow, video, 'v.mp4', 200), (err: ApiError) => {
      assert.equal(err.statusCode, 422);
      assert.equal(err.code, 'METADATA_EXTRACTION_FAILED');
      return true;
    });
    await assert.rejects(probeVideo(path.join(dir, 'missing-ffprobe'), video, 'v.mp4'), (err: ApiError) => {
      assert.equal(err.statusCode, 503);
      assert.equal(err.code, 'VIDEO_CHECK_UNAVAILABLE');
      return true;
    });
  });
});

describe('upload failures → answers', () => {
  test('a full disk is 507, busboy parse errors are 400, anything unknown stays 500', () => {
    const cases: [unknown, number, string][] = [
      [Object.assign(new Error('no space left on device'), { code: 'ENOSPC' }), 507, 'INSUFFICIENT_STORAGE'],
      [Object.assign(new Error('quota exceeded'), { code: 'EDQUOT' }), 507, 'INSUFFICIENT_STORAGE'],
      [new Error('Multipart: Boundary not found'), 400, 'INVALID_INPUT'],
      [new Error('Unexpected end of multipart data'), 400, 'INVALID_INPUT'],
      [new Error('Part terminated early due to unexpected end of multipart data'), 400, 'INVALID_INPUT'],
      [Object.assign(new Error('closed early'), { code: 'FST_MP_PREMATURE_CLOSE' }), 400, 'INVALID_INPUT'],
      [Object.assign(new Error('limit'), { code: 'FST_REQ_FILE_TOO_LARGE' }), 413, 'FILE_TOO_LARGE'],
      [new TypeError('x is undefined'), 500, 'UPLOAD_FAILED'],
      [Object.assign(new Error('permission denied'), { code: 'EACCES' }), 500, 'UPLOAD_FAILED'],
    ];
    for (const [err, status, code] of cases) {
      const mapped = mapUploadError(err, 100);
      assert.equal(mapped.statusCode, status, String(err));
      assert.equal(mapped.code, code, String(err));
      assert.equal(mapped.extra.errorCode, code);
      assert.equal(mapped.details?.statusCode, status);
    }
  });
});

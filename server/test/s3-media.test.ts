import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { ClipView } from '../lib/clipViews';
import { signShortMediaPath, type HighlightView } from '../lib/highlightViews';
import { clipKey, createMediaStore } from '../lib/mediaStore';
import { shareMediaPath, type ShareLink } from '../lib/shares';
import { bearer, signIn, startApp, type SignedIn, type TestApp } from './helpers';
import { createSession, editorHeaders, TEST_SECRET, tradeCredential } from './highlightFixtures';
import { multipart, type Envelope } from './mediaFixtures';
import { makeClipFile } from './renderFixtures';
import { startLocalS3, type LocalS3 } from './s3Fixture';

/**
 * MEDIA_STORE=s3://… against a local S3-compatible server (s3rver): uploads stream to the bucket, media answers with
 * a 302 to a presigned URL that serves ranges, ffmpeg renders from presigned clip URLs, and nothing stays on disk.
 */

interface Res {
  statusCode: number;
  body: string;
  headers: Record<string, string | string[] | number | undefined>;
}

describe('media on object storage (s3rver)', () => {
  let s3: LocalS3;
  let t: TestApp;
  let admin: SignedIn;
  let coach: SignedIn;
  let eventId = '';
  let clipBytes: Buffer;
  let clip: ClipView;

  const inject = (
    method: 'GET' | 'POST',
    url: string,
    opts: { token?: string; headers?: Record<string, string>; payload?: unknown } = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...(opts.token ? bearer(opts.token) : {}), ...opts.headers },
      ...(opts.payload === undefined ? {} : { payload: opts.payload as object }),
    }) as unknown as Promise<Res>;

  const upload = (bytes: Buffer, filename: string, type: string) => {
    const body = multipart([
      { name: 'eventId', value: eventId },
      { name: 'video', value: bytes, filename, type },
    ]);
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/uploads',
      headers: { ...bearer(coach.token), ...body.headers },
      payload: body.payload,
    }) as unknown as Promise<Res>;
  };

  /** Our signed URL → the presigned one it redirects to (checked to point at the bucket). */
  const presigned = async (signedPath: string): Promise<{ location: string; res: Res }> => {
    const res = await inject('GET', signedPath);
    assert.equal(res.statusCode, 302, `${signedPath}: ${res.body}`);
    const location = String(res.headers.location);
    assert.ok(location.startsWith(`${s3.endpoint}/${s3.bucket}/`), location);
    assert.match(location, /X-Amz-Signature=/);
    return { location, res };
  };

  const localFiles = async (dir: string): Promise<string[]> =>
    (await readdir(path.join(t.dataDir, dir), { recursive: true }).catch(() => [])).filter((f) => f !== '.partial');

  before(async () => {
    [s3, clipBytes] = await Promise.all([startLocalS3(), makeClipFile({ seconds: 3 })]);
    t = await startApp({ mediaStore: s3.config, renderWorkers: 1, secretKey: TEST_SECRET.toString('base64') });
    admin = await signIn(t.app, 'admin@example.com', true);
    coach = await signIn(t.app, 'coach@example.com');
    const ev = await inject('POST', '/api/v1/events', {
      token: admin.token,
      payload: {
        name: 'Cup final',
        sport: 'soccer',
        startTime: '2030-01-01T10:00:00Z',
        endTime: null,
        locationId: 'venue-wrigley',
      },
    });
    assert.equal(ev.statusCode, 201, ev.body);
    eventId = (JSON.parse(ev.body) as Envelope<{ id: string }>).data.id;
  });

  after(async () => {
    await t?.close();
    await s3?.close();
  });

  test('an upload goes to the bucket (video and thumbnail); nothing is left under DATA_DIR/uploads', async () => {
    const res = await upload(clipBytes, 'kick-off.mp4', 'video/mp4');
    assert.equal(res.statusCode, 201, res.body);
    clip = (JSON.parse(res.body) as Envelope<ClipView>).data;
    assert.deepEqual(await s3.keys(), [`clips/${clip.id}.jpg`, `clips/${clip.id}.mp4`]);
    assert.deepEqual(await localFiles('uploads'), []);
    const store = await createMediaStore(s3.config, { uploadsDir: '', highlightsDir: '' });
    try {
      assert.equal(await store.exists(clipKey(`${clip.id}.mp4`)), true);
      assert.equal(await store.exists(clipKey(`${clip.id}.mov`)), false);
    } finally {
      await store.close();
    }
  });

  test('the signed video URL redirects to a presigned URL that serves a Range request with 206', async () => {
    const { location, res } = await presigned(clip.videoUrl);
    assert.match(String(res.headers['cache-control']), /^private, max-age=\d+$/);
    const part = await fetch(location, { headers: { range: 'bytes=0-99' } });
    assert.equal(part.status, 206);
    assert.equal(part.headers.get('content-range'), `bytes 0-99/${clipBytes.length}`);
    assert.equal(part.headers.get('content-type'), 'video/mp4');
    assert.deepEqual(Buffer.from(await part.arrayBuffer()), clipBytes.subarray(0, 100));
    // The same hour, the same URL: a refetched clip list keeps the browser's cached media.
    assert.equal((await presigned(clip.videoUrl)).location, location);
    // Our own checks stay in front: no signature, no redirect.
    const unsigned = await inject('GET', clip.videoUrl.split('?')[0] ?? '');
    assert.equal(unsigned.statusCode, 403);
  });

  test('the thumbnail is in the bucket and served the same way', async () => {
    assert.ok(clip.thumbnailUrl);
    const { location } = await presigned(clip.thumbnailUrl);
    const img = await fetch(location);
    assert.equal(img.status, 200);
    assert.equal(img.headers.get('content-type'), 'image/jpeg');
    assert.deepEqual([...Buffer.from(await img.arrayBuffer()).subarray(0, 2)], [0xff, 0xd8]);
  });

  test('a refused upload (streamed to the bucket before ffprobe refused it) leaves nothing behind', async () => {
    const before = await s3.keys();
    const res = await upload(Buffer.from('this is not a video at all, just text'), 'fake.mp4', 'video/mp4');
    assert.equal(res.statusCode, 400, res.body);
    assert.equal((JSON.parse(res.body) as Envelope).code, 'INVALID_FILE_TYPE');
    assert.deepEqual(await s3.keys(), before);
    assert.deepEqual(await localFiles('uploads'), []);
  });

  test('a highlight renders from presigned clip URLs; video and poster go to the bucket and are served from it', async () => {
    const session = await createSession(t.app, coach.token, { eventId, clipIds: [clip.id] });
    const credential = await tradeCredential(t.app, session);
    const rendered = await inject('POST', `/api/v1/editor-sessions/${session.id}/render`, {
      headers: editorHeaders(credential),
      payload: { title: 'Final Push!', clips: [{ clipId: clip.id, inSeconds: 0.5, outSeconds: 2.5 }] },
    });
    assert.equal(rendered.statusCode, 201, rendered.body);
    const highlightId = (JSON.parse(rendered.body) as Envelope<{ highlightId: string }>).data.highlightId;

    let view: HighlightView | null = null;
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const res = await inject('GET', `/api/v1/highlights/${highlightId}`, { token: coach.token });
      view = (JSON.parse(res.body) as Envelope<{ highlight: HighlightView }>).data.highlight;
      if (view.status !== 'processing') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    assert.equal(view?.status, 'ready', JSON.stringify(view));
    const keys = await s3.keys();
    assert.ok(keys.includes(`highlights/${highlightId}.mp4`), keys.join());
    assert.ok(keys.includes(`highlights/${highlightId}.jpg`), keys.join());
    // The clip was never on this disk: ffmpeg read it from the bucket; the render's own files are gone too.
    assert.deepEqual(await localFiles('uploads'), []);
    assert.deepEqual(await localFiles('highlights'), []);

    const stream = await inject('GET', `/api/v1/highlights/${highlightId}/stream-url`, { token: coach.token });
    const streamUrl = (JSON.parse(stream.body) as Envelope<{ streamUrl: string }>).data.streamUrl;
    const video = await fetch((await presigned(streamUrl)).location, { headers: { range: 'bytes=0-1023' } });
    assert.equal(video.status, 206);
    assert.equal(video.headers.get('content-type'), 'video/mp4');
    assert.equal(Buffer.from(await video.arrayBuffer()).toString('latin1', 4, 8), 'ftyp');

    const download = await inject('GET', `/api/v1/highlights/${highlightId}/download-url`, { token: coach.token });
    const { downloadUrl, filename } = (JSON.parse(download.body) as Envelope<{ downloadUrl: string; filename: string }>).data;
    assert.equal(filename, 'final_push_.mp4');
    const file = await fetch((await presigned(downloadUrl)).location);
    assert.equal(file.status, 200);
    assert.equal(
      file.headers.get('content-disposition'),
      `attachment; filename="final_push_.mp4"; filename*=UTF-8''final_push_.mp4`,
    );
    assert.equal(file.headers.get('content-type'), 'video/mp4');
    assert.ok((await file.arrayBuffer()).byteLength > 1000);

    assert.ok(view?.posterUrl);
    const poster = await fetch((await presigned(view.posterUrl)).location);
    assert.equal(poster.status, 200);
    assert.equal(poster.headers.get('content-type'), 'image/jpeg');

    // The public watch page's media: the link is checked, then the same redirect, never kept by the browser.
    const created = await inject('POST', `/api/v1/highlights/${highlightId}/shares`, { token: coach.token, payload: {} });
    assert.equal(created.statusCode, 201, created.body);
    const share = (JSON.parse(created.body) as Envelope<{ share: ShareLink }>).data.share;
    const sharePath = signShortMediaPath(TEST_SECRET, shareMediaPath(share.id, 'video'), t.clock.now());
    const shared = await presigned(sharePath);
    assert.equal(shared.res.headers['cache-control'], 'private, max-age=0');
    const ranged = await fetch(shared.location, { headers: { range: 'bytes=-100' } });
    assert.equal(ranged.status, 206);
    await inject('POST', `/api/v1/shares/${share.id}/revoke`, { token: coach.token, payload: {} });
    assert.equal((await inject('GET', sharePath)).statusCode, 410, 'a revoked link gets no redirect');
  });

  test('readiness asks the bucket: ready here, not ready for a bucket that does not exist', async () => {
    const res = await inject('GET', '/readyz');
    assert.equal(res.statusCode, 200, res.body);
    assert.equal((JSON.parse(res.body) as Envelope<{ checks: Record<string, string> }>).data.checks.media, 'ok');
    const missing = await createMediaStore({ ...s3.config, bucket: 'no-such-bucket' }, { uploadsDir: '', highlightsDir: '' });
    try {
      await assert.rejects(missing.check(), /object storage: NotFound \(HTTP 404\)/);
    } finally {
      await missing.close();
    }
  });
});

describe('demo clips on object storage, under a key prefix', () => {
  test('the demo seed stores its clips like uploads: in the bucket, under MEDIA_STORE’s prefix', async () => {
    const s3 = await startLocalS3('demo-media', 'staging/courtside');
    const t = await startApp({ mediaStore: s3.config, demoData: true, renderWorkers: 0 });
    try {
      const outcome = await t.app.startDemoSeed({ clipLimit: 1 });
      assert.equal(outcome.status, 'seeded', JSON.stringify(outcome));
      const keys = await s3.keys();
      assert.equal(keys.length, 2, keys.join());
      assert.ok(
        keys.every((k) => /^staging\/courtside\/clips\/[0-9a-f-]{36}\.(mp4|jpg)$/.test(k)),
        keys.join(),
      );
      const left = (await readdir(path.join(t.dataDir, 'uploads'), { recursive: true })).filter((f) => f !== '.partial');
      assert.deepEqual(left, []);
    } finally {
      await t.close();
      await s3.close();
    }
  });
});

describe('an upload over the limit on object storage', () => {
  test('413 and nothing stored, though the multipart upload to the bucket had begun', async () => {
    const s3 = await startLocalS3('limit-media');
    // Over one part (5 MiB), so the upload to the bucket is a multipart one when the limit stops it.
    const t = await startApp({ mediaStore: s3.config, renderWorkers: 0, maxUploadBytes: 6 * 1024 * 1024 });
    try {
      const user = await signIn(t.app, 'big@example.com');
      const body = multipart([
        { name: 'video', value: Buffer.alloc(7 * 1024 * 1024, 1), filename: 'big.mp4', type: 'video/mp4' },
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/uploads',
        headers: { ...bearer(user.token), ...body.headers },
        payload: body.payload,
      });
      assert.equal(res.statusCode, 413, res.body);
      assert.deepEqual(await s3.keys(), []);
      const left = (await readdir(path.join(t.dataDir, 'uploads'), { recursive: true })).filter((f) => f !== '.partial');
      assert.deepEqual(left, []);
    } finally {
      await t.close();
      await s3.close();
    }
  });
});

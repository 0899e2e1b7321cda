import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { BrowseApp, insertEvent, insertTag } from './browseFixtures';
import { bearer, signIn, startApp, type SignedIn, type TestApp } from './helpers';
import { ffmpegPath, ffprobePath, makeVideo, multipart, type Clip, type Envelope } from './mediaFixtures';
import { appQueryHolder } from './testDb';

describe('uploads and clip media', () => {
  let t: TestApp;
  let user: SignedIn;
  let video: Buffer;
  let eventId: string;

  before(async () => {
    video = await makeVideo();
    t = await startApp({ maxUploadBytes: 200 * 1024 });
    const admin = await signIn(t.app, 'admin@example.com', true);
    user = await signIn(t.app, 'filmer@example.com');
    const ev = await t.app.inject({
      method: 'POST',
      url: '/api/v1/events',
      headers: bearer(admin.token),
      payload: { name: 'Game', sport: 'soccer', startTime: '2030-01-01T10:00:00Z', endTime: null, locationId: 'venue-wrigley' },
    });
    eventId = (ev.json() as Envelope<{ id: string }>).data.id;
  });
  after(async () => {
    await t.close();
  });

  const upload = (parts: Parameters<typeof multipart>[0], token = user.token) => {
    const { payload, headers } = multipart(parts);
    return t.app.inject({ method: 'POST', url: '/api/v1/uploads', headers: { ...bearer(token), ...headers }, payload });
  };

  test('a real mp4 → 201 with duration ≈ 2, thumbnail and signed URLs; range requests work', async () => {
    const res = await upload([
      { name: 'eventId', value: eventId },
      { name: 'recordedAt', value: '2030-01-01T10:15:00Z' },
      { name: 'video', value: video, filename: 'clip.mp4', type: 'video/mp4' },
    ]);
    assert.equal(res.statusCode, 201, res.body);
    const clip = (res.json() as Envelope<Clip>).data;
    assert.equal(clip.eventId, eventId);
    assert.equal(clip.filename, 'clip.mp4');
    assert.equal(clip.size, video.length);
    assert.equal(clip.width, 160);
    assert.equal(clip.height, 120);
    assert.ok(clip.duration !== null && Math.abs(clip.duration - 2) < 0.2, String(clip.duration));
    assert.equal(clip.timestamp, '2030-01-01T10:15:00.000Z');
    assert.match(clip.videoUrl, new RegExp(`^/media/clips/${clip.id}/video\\?exp=\\d+&sig=[\\w-]+$`));
    assert.ok(clip.thumbnailUrl);
    assert.doesNotMatch(clip.videoUrl, /eyJ/);

    const thumb = await t.app.inject({ method: 'GET', url: clip.thumbnailUrl ?? '' });
    assert.equal(thumb.statusCode, 200);
    assert.equal(thumb.headers['content-type'], 'image/jpeg');
    assert.equal(thumb.rawPayload.subarray(0, 2).toString('hex'), 'ffd8');

    const full = await t.app.inject({ method: 'GET', url: clip.videoUrl });
    assert.equal(full.statusCode, 200);
    assert.equal(full.headers['content-type'], 'video/mp4');
    assert.equal(full.headers['accept-ranges'], 'bytes');
    assert.deepEqual(full.rawPayload, video);

    const part = await t.app.inject({ method: 'GET', url: clip.videoUrl, headers: { range: 'bytes=100-199' } });
    assert.equal(part.statusCode, 206);
    assert.equal(part.headers['content-range'], `bytes 100-199/${video.length}`);
    assert.equal(part.headers['content-length'], '100');
    assert.deepEqual(part.rawPayload, video.subarray(100, 200));
    const tail = await t.app.inject({ method: 'GET', url: clip.videoUrl, headers: { range: 'bytes=-50' } });
    assert.deepEqual(tail.rawPayload, video.subarray(video.length - 50));
    const bad = await t.app.inject({ method: 'GET', url: clip.videoUrl, headers: { range: `bytes=${video.length + 5}-` } });
    assert.equal(bad.statusCode, 416);

    const unsigned = await t.app.inject({ method: 'GET', url: `/media/clips/${clip.id}/video` });
    assert.equal(unsigned.statusCode, 403);
    // Flip the signature's first character (to one it is not, so the URL really changes).
    const tamperedUrl = clip.videoUrl.replace(/sig=(.)/, (_m, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`);
    const tampered = await t.app.inject({ method: 'GET', url: tamperedUrl });
    assert.equal(tampered.statusCode, 403);
    const otherPath = await t.app.inject({ method: 'GET', url: clip.videoUrl.replace('/video?', '/thumbnail?') });
    assert.equal(otherPath.statusCode, 403);
    // Valid at least 6 h; expired at its `exp` (rounded up to a whole hour, lib/media.ts).
    const issuedAt = t.clock.now();
    t.clock.set(issuedAt + 6 * 3600_000 - 1);
    assert.equal((await t.app.inject({ method: 'GET', url: clip.videoUrl })).statusCode, 200);
    t.clock.set(Number(new URL(clip.videoUrl, 'http://x').searchParams.get('exp')) * 1000);
    const expired = await t.app.inject({ method: 'GET', url: clip.videoUrl });
    assert.equal(expired.statusCode, 403);
    assert.equal((expired.json() as Envelope).code, 'MEDIA_URL_EXPIRED');
    t.clock.set(issuedAt);

    const fetched = await t.app.inject({ method: 'GET', url: `/api/v1/clips/${clip.id}`, headers: bearer(user.token) });
    assert.equal(fetched.statusCode, 200);
  });

  test("the recording device comes from the file's tags and shows wherever the clip does", async () => {
    const apple = await makeVideo({
      metadata: { 'com.apple.quicktime.make': 'Apple', 'com.apple.quicktime.model': 'iPhone 15' },
    });
    const res = await upload([
      { name: 'eventId', value: eventId },
      { name: 'recordedAt', value: '2030-01-01T10:20:00Z' },
      { name: 'video', value: apple, filename: 'IMG_0001.MOV', type: 'video/quicktime' },
    ]);
    assert.equal(res.statusCode, 201, res.body);
    const clip = (res.json() as Envelope<Clip>).data;
    assert.equal(clip.device, 'Apple iPhone 15');
    assert.deepEqual(clip.user, { email: 'filmer@example.com' });
    assert.equal(clip.tag, null);

    const fetched = await t.app.inject({ method: 'GET', url: `/api/v1/clips/${clip.id}`, headers: bearer(user.token) });
    assert.equal((fetched.json() as Envelope<Clip>).data.device, 'Apple iPhone 15');
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/v1/clips/event/${eventId}?limit=100`,
      headers: bearer(user.token),
    });
    const clips = (listed.json() as Envelope<{ clips: Clip[] }>).data.clips;
    assert.equal(clips.find((c) => c.id === clip.id)?.device, 'Apple iPhone 15');

    // A file that does not say has no device.
    const plain = await upload([{ name: 'video', value: video, filename: 'plain.mp4', type: 'video/mp4' }]);
    assert.equal((plain.json() as Envelope<Clip>).data.device, null);
  });

  test('extension alone is enough; no event is fine', async () => {
    const res = await upload([{ name: 'video', value: video, filename: 'GAME.MOV', type: 'application/octet-stream' }]);
    assert.equal(res.statusCode, 201, res.body);
    assert.equal((res.json() as Envelope<Clip>).data.eventId, null);
  });

  const expectError = (res: { statusCode: number; json: () => unknown }, status: number, code: string) => {
    assert.equal(res.statusCode, status);
    const body = res.json() as Envelope;
    assert.equal(body.success, false);
    assert.equal(body.code, code);
    assert.equal(body.errorCode, code);
    assert.equal(body.details?.statusCode, status);
    return body;
  };

  test('oversize → 413 FILE_TOO_LARGE and the partial file is deleted', async () => {
    const before = await readdir(path.join(t.dataDir, 'uploads'));
    const res = await upload([{ name: 'video', value: Buffer.alloc(300 * 1024, 1), filename: 'big.mp4', type: 'video/mp4' }]);
    expectError(res, 413, 'FILE_TOO_LARGE');
    assert.deepEqual((await readdir(path.join(t.dataDir, 'uploads'))).sort(), before.sort());
  });

  test('wrong type, too many files, no file, unknown event, no auth', async () => {
    expectError(
      await upload([{ name: 'video', value: 'hello', filename: 'notes.txt', type: 'text/plain' }]),
      400,
      'INVALID_FILE_TYPE',
    );
    expectError(
      await upload([
        { name: 'video', value: video, filename: 'a.mp4', type: 'video/mp4' },
        { name: 'video', value: video, filename: 'b.mp4', type: 'video/mp4' },
      ]),
      400,
      'TOO_MANY_FILES',
    );
    expectError(await upload([{ name: 'eventId', value: eventId }]), 400, 'INVALID_INPUT');
    const unknown = expectError(
      await upload([
        { name: 'eventId', value: '00000000-0000-4000-8000-000000000000' },
        { name: 'video', value: video, filename: 'a.mp4', type: 'video/mp4' },
      ]),
      404,
      'EVENT_MATCHING_FAILED',
    );
    assert.equal(unknown.error, 'Event not found');
    // eventId after the file: the stored file is removed again.
    const before = await readdir(path.join(t.dataDir, 'uploads'));
    expectError(
      await upload([
        { name: 'video', value: video, filename: 'a.mp4', type: 'video/mp4' },
        { name: 'eventId', value: 'not-a-uuid' },
      ]),
      404,
      'EVENT_MATCHING_FAILED',
    );
    assert.deepEqual((await readdir(path.join(t.dataDir, 'uploads'))).sort(), before.sort());
    const { payload, headers } = multipart([{ name: 'video', value: video, filename: 'a.mp4', type: 'video/mp4' }]);
    const noAuth = await t.app.inject({ method: 'POST', url: '/api/v1/uploads', headers, payload });
    expectError(noAuth, 401, 'INVALID_TOKEN');
  });

  test('without ffmpeg the clip is stored with its probed facts but no thumbnail', async () => {
    const bare = await startApp({ ffmpegPath: null });
    try {
      const s = await signIn(bare.app, 'x@example.com');
      const { payload, headers } = multipart([{ name: 'video', value: video, filename: 'a.mp4', type: 'video/mp4' }]);
      const res = await bare.app.inject({
        method: 'POST',
        url: '/api/v1/uploads',
        headers: { ...bearer(s.token), ...headers },
        payload,
      });
      assert.equal(res.statusCode, 201, res.body);
      const clip = (res.json() as Envelope<Clip>).data;
      assert.ok(clip.duration !== null && Math.abs(clip.duration - 2) < 0.2);
      assert.equal(clip.thumbnailUrl, null);
      assert.deepEqual(await readdir(path.join(bare.dataDir, 'uploads', '.partial')), []);
    } finally {
      await bare.close();
    }
  });

  test('without ffprobe (none found, or the binary is gone) uploads are refused with 503, nothing stored', async () => {
    for (const ffprobePath of [null, '/nonexistent/ffprobe']) {
      const bare = await startApp({ ffprobePath });
      try {
        const s = await signIn(bare.app, 'x@example.com');
        const { payload, headers } = multipart([{ name: 'video', value: video, filename: 'a.mp4', type: 'video/mp4' }]);
        const res = await bare.app.inject({
          method: 'POST',
          url: '/api/v1/uploads',
          headers: { ...bearer(s.token), ...headers },
          payload,
        });
        const body = expectError(res, 503, 'VIDEO_CHECK_UNAVAILABLE');
        assert.match(body.error ?? '', /cannot check video files/);
        const uploads = path.join(bare.dataDir, 'uploads');
        assert.deepEqual(
          (await readdir(uploads)).filter((n) => n !== '.partial'),
          [],
          String(ffprobePath),
        );
        assert.deepEqual(await readdir(path.join(uploads, '.partial')).catch(() => []), []);
      } finally {
        await bare.close();
      }
    }
  });

  test('streams over a real socket too (listen on port 0)', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const form = new FormData();
    form.append('video', new Blob([new Uint8Array(video)], { type: 'video/mp4' }), 'net.mp4');
    const res = await fetch(`${address}/api/v1/uploads`, { method: 'POST', headers: bearer(user.token), body: form });
    assert.equal(res.status, 201);
    const clip = ((await res.json()) as Envelope<Clip>).data;
    const range = await fetch(`${address}${clip.videoUrl}`, { headers: { range: 'bytes=0-9' } });
    assert.equal(range.status, 206);
    assert.deepEqual(Buffer.from(await range.arrayBuffer()), video.subarray(0, 10));
    const big = new FormData();
    big.append('video', new Blob([new Uint8Array(300 * 1024)], { type: 'video/mp4' }), 'big.mp4');
    const tooBig = await fetch(`${address}/api/v1/uploads`, { method: 'POST', headers: bearer(user.token), body: big });
    assert.equal(tooBig.status, 413);
    assert.equal(((await tooBig.json()) as Envelope).code, 'FILE_TOO_LARGE');
  });
});

describe('a committed upload always answers 201 with its clip', () => {
  let b: BrowseApp;
  let user: SignedIn;
  let video: Buffer;
  let eventId = '';
  const RECORDED = '2030-01-01T10:15:00.000Z';

  before(async () => {
    video = await makeVideo();
    b = await BrowseApp.start({ ffmpegPath, ffprobePath, maxUploadBytes: 200 * 1024 });
    user = await signIn(b.app, 'filmer@example.com');
    const other = await signIn(b.app, 'other@example.com');
    await b.withDb(async (db) => {
      eventId = await insertEvent(db, { name: 'Game', start: new Date('2030-01-01T10:00:00Z') });
      // The uploader tagged the moment before uploading (the usual order); the other user's tag is not theirs.
      await insertTag(db, {
        userId: other.user.id,
        eventId,
        taggedAt: new Date('2030-01-01T10:14:50Z'),
        description: 'Not mine',
      });
      await insertTag(db, {
        userId: user.user.id,
        eventId,
        taggedAt: new Date('2030-01-01T10:15:01Z'),
        description: ' Great goal ',
      });
    });
  });
  after(async () => {
    await b.close();
  });

  const upload = () => {
    const { payload, headers } = multipart([
      { name: 'eventId', value: eventId },
      { name: 'recordedAt', value: RECORDED },
      { name: 'video', value: video, filename: 'goal.mp4', type: 'video/mp4' },
    ]);
    return b.app.inject({ method: 'POST', url: '/api/v1/uploads', headers: { ...bearer(user.token), ...headers }, payload });
  };
  const clipsAt = async (): Promise<Clip[]> => {
    const res = await b.app.inject({
      method: 'GET',
      url: `/api/v1/clips/event/${eventId}?limit=100`,
      headers: bearer(user.token),
    });
    assert.equal(res.statusCode, 200, res.body);
    return (res.json() as Envelope<{ clips: Clip[] }>).data.clips;
  };

  test('the answer carries the matched tag and equals the clip as GET /clips/{id} answers it', async () => {
    const res = await upload();
    assert.equal(res.statusCode, 201, res.body);
    const clip = (res.json() as Envelope<Clip>).data;
    assert.equal(clip.tag, 'Great goal');
    assert.deepEqual(clip.user, { email: 'filmer@example.com' });
    assert.equal(clip.filename, 'goal.mp4');
    const fetched = await b.app.inject({ method: 'GET', url: `/api/v1/clips/${clip.id}`, headers: bearer(user.token) });
    assert.deepEqual((fetched.json() as Envelope<Clip>).data, clip);
  });

  // Whatever happens to a read of clips after the commit (the owner revoked or deleted meanwhile, so the view's
  // join finds nothing; or the database fails), the clip is stored: answering 500 would make the client's queue
  // upload it again, a duplicate. Faults are injected into every clips read outside the upload's transaction.
  for (const fault of ['the read fails', 'the read finds nothing'] as const) {
    test(`a clips read after the commit that ${fault.slice(4)} does not turn the stored upload into a 500`, async () => {
      const before = (await clipsAt()).length;
      const holder = appQueryHolder();
      const original = holder.query;
      let injected = 0;
      holder.query = function (this: unknown, ...args: unknown[]) {
        if (typeof args[0] === 'string' && /\bFROM clips\b/i.test(args[0])) {
          injected += 1;
          return fault === 'the read fails'
            ? Promise.reject(new Error('injected fault: clips read after the commit'))
            : Promise.resolve({ rows: [], fields: [], affectedRows: 0 });
        }
        return original.apply(this, args);
      };
      let res;
      try {
        res = await upload();
      } finally {
        holder.query = original;
      }
      assert.equal(res.statusCode, 201, `${res.body} (${injected} clips reads faulted)`);
      const clip = (res.json() as Envelope<Clip>).data;
      assert.equal(clip.tag, 'Great goal');
      const after = await clipsAt();
      assert.equal(after.length, before + 1);
      assert.deepEqual(
        after.find((c) => c.id === clip.id),
        clip,
      );
    });
  }
});

describe('a retried upload (the same Idempotency-Key) answers the clip already stored', () => {
  let t: TestApp;
  let user: SignedIn;
  let video: Buffer;

  before(async () => {
    video = await makeVideo();
    t = await startApp({ maxUploadBytes: 200 * 1024 });
    user = await signIn(t.app, 'filmer@example.com');
  });
  after(async () => {
    await t.close();
  });

  const upload = (key: string | null, token = user.token, filename = 'retry.mp4') => {
    const { payload, headers } = multipart([{ name: 'video', value: video, filename, type: 'video/mp4' }]);
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/uploads',
      headers: { ...bearer(token), ...headers, ...(key === null ? {} : { 'idempotency-key': key }) },
      payload,
    });
  };
  const clipCount = async (): Promise<number> => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/clips/unassociated?limit=100', headers: bearer(user.token) });
    assert.equal(res.statusCode, 200, res.body);
    return (res.json() as Envelope<{ pagination: { total: number } }>).data.pagination.total;
  };
  /** Every file the uploads directory holds, its .partial/ included. */
  const storedFiles = async (): Promise<string[]> => {
    const dir = path.join(t.dataDir, 'uploads');
    const top = (await readdir(dir)).filter((n) => n !== '.partial');
    const partial = await readdir(path.join(dir, '.partial')).catch(() => [] as string[]);
    return [...top, ...partial.map((n) => `.partial/${n}`)].sort();
  };

  test('the first sending stores the clip (201); the same key again answers it (200), nothing new stored', async () => {
    const before = await clipCount();
    const first = await upload('file-a');
    assert.equal(first.statusCode, 201, first.body);
    const clip = (first.json() as Envelope<Clip>).data;
    const files = await storedFiles();
    const again = await upload('file-a');
    assert.equal(again.statusCode, 200, again.body);
    assert.deepEqual((again.json() as Envelope<Clip>).data, clip);
    assert.equal(await clipCount(), before + 1);
    assert.deepEqual(await storedFiles(), files);
    // Without a key, or with another, every sending is a clip of its own.
    assert.equal((await upload(null)).statusCode, 201);
    assert.equal((await upload('file-b')).statusCode, 201);
    assert.equal(await clipCount(), before + 3);
  });

  test("a key is the user's own: another user's same key stores their clip", async () => {
    const mine = (await upload('shared-key')).json() as Envelope<Clip>;
    const other = await signIn(t.app, 'other@example.com');
    const theirs = await upload('shared-key', other.token);
    assert.equal(theirs.statusCode, 201, theirs.body);
    const clip = (theirs.json() as Envelope<Clip>).data;
    assert.notEqual(clip.id, mine.data.id);
    assert.deepEqual(clip.user, { email: 'other@example.com' });
  });

  test('an invalid key is refused (400) before the body is read; nothing stored', async () => {
    const before = await clipCount();
    for (const key of ['', 'with space', 'é', 'x'.repeat(201)]) {
      const res = await upload(key);
      assert.equal(res.statusCode, 400, `${JSON.stringify(key)}: ${res.body}`);
      const body = res.json() as Envelope;
      assert.equal(body.code, 'INVALID_INPUT');
      assert.equal(res.headers.connection, 'close');
    }
    assert.equal(await clipCount(), before);
  });

  test('two sendings of one file at once store one clip: one 201, one 200 with it; the loser leaves no file', async () => {
    const before = await clipCount();
    const filesBefore = await storedFiles();
    const [a, b] = await Promise.all([upload('at-once'), upload('at-once')]);
    assert.deepEqual([a.statusCode, b.statusCode].sort(), [200, 201], `${a.body} ${b.body}`);
    assert.equal((a.json() as Envelope<Clip>).data.id, (b.json() as Envelope<Clip>).data.id);
    assert.equal(await clipCount(), before + 1);
    // The stored clip's video and thumbnail, nothing of the other sending.
    const added = (await storedFiles()).filter((n) => !filesBefore.includes(n));
    const id = (a.json() as Envelope<Clip>).data.id;
    assert.deepEqual(added, [`${id}.jpg`, `${id}.mp4`]);
  });

  test('over a real socket, a retry is answered once its body has arrived, however slowly; over the limit, 413', async () => {
    const before = await clipCount(); // (app.inject's Host is not this server's once it listens on a port)
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const countOverSocket = async (): Promise<number> => {
      const res = await fetch(`${address}/api/v1/clips/unassociated?limit=100`, { headers: bearer(user.token) });
      return ((await res.json()) as Envelope<{ pagination: { total: number } }>).data.pagination.total;
    };
    const first = await fetch(`${address}/api/v1/uploads`, {
      method: 'POST',
      headers: { ...bearer(user.token), 'idempotency-key': 'socket-key' },
      body: (() => {
        const form = new FormData();
        form.append('video', new Blob([new Uint8Array(video)], { type: 'video/mp4' }), 'socket.mp4');
        return form;
      })(),
    });
    assert.equal(first.status, 201);
    const clip = ((await first.json()) as Envelope<Clip>).data;

    interface SlowAnswer {
      status: number;
      body: string;
      /** Whether the whole body had been written when the answer's head arrived. */
      answeredAfterBody: boolean;
      /** The request's error, if any (a reset: the client never learns what the server answered). */
      error: string | null;
    }
    /**
     * POST with the key, the body written in `pieces` over `spreadMs` (a slow uplink); with `declared` false it is
     * chunked, so no Content-Length tells its size. Settles once the connection has closed.
     */
    const sendSlowly = (body: Buffer, headers: Record<string, string>, pieces: number, spreadMs: number, declared = true) =>
      new Promise<SlowAnswer>((resolve) => {
        const answer: SlowAnswer = { status: 0, body: '', answeredAfterBody: false, error: null };
        const req = http.request(`${address}/api/v1/uploads`, {
          method: 'POST',
          headers: {
            ...bearer(user.token),
            ...headers,
            'idempotency-key': 'socket-key',
            ...(declared ? { 'content-length': String(body.length) } : {}),
          },
        });
        let i = 0;
        req.on('error', (err) => (answer.error = err.message));
        req.on('response', (res) => {
          answer.status = res.statusCode ?? 0;
          answer.answeredAfterBody = i >= pieces;
          res.setEncoding('utf8');
          res.on('data', (c: string) => (answer.body += c));
        });
        req.on('close', () => resolve(answer));
        const size = Math.ceil(body.length / pieces);
        const next = () => {
          if (req.destroyed) return;
          if (i >= pieces) return void req.end();
          req.write(body.subarray(i * size, (i + 1) * size));
          i += 1;
          setTimeout(next, spreadMs / pieces);
        };
        next();
      });

    // A body taking longer than the lingering close's 2 s is read to its end, then answered.
    const { payload, headers } = multipart([{ name: 'video', value: video, filename: 'socket.mp4', type: 'video/mp4' }]);
    const slow = await sendSlowly(payload, headers, 10, 3000);
    assert.equal(slow.status, 200, slow.body);
    assert.equal((JSON.parse(slow.body) as Envelope<Clip>).data.id, clip.id);
    assert.equal(slow.answeredAfterBody, true);
    assert.equal(slow.error, null);
    // Over this server's 200 KB limit the key is no way around it: refused by its declared size before the body,
    // or, sent chunked, once the limit is passed, the rest read and dropped so the client hears the 413.
    const big = multipart([{ name: 'video', value: Buffer.alloc(300 * 1024), filename: 'socket.mp4', type: 'video/mp4' }]);
    const declaredBig = await sendSlowly(big.payload, big.headers, 3, 300);
    assert.equal(declaredBig.status, 413, declaredBig.body);
    assert.equal(declaredBig.answeredAfterBody, false);
    // Sent chunked, read up to the limit: the rest is read and dropped, so the client hears the 413. A raw socket
    // (Node's client stops sending once answered): 32 MB is more than the connection's buffers hold, so all of it
    // leaves the client only if the server reads it; left unread, it would be reset 2 s after the answer.
    const huge = multipart([{ name: 'video', value: Buffer.alloc(32 * 1024 * 1024), filename: 'socket.mp4', type: 'video/mp4' }]);
    const raw = await new Promise<{ response: string; bodySent: boolean; error: string | null }>((resolve) => {
      const url = new URL(address);
      const out = { response: '', bodySent: false, error: null as string | null };
      const socket = net.connect(Number(url.port), url.hostname);
      socket.setEncoding('latin1');
      socket.on('data', (d: string) => (out.response += d));
      socket.on('error', (err) => (out.error = err.message));
      socket.on('close', () => resolve(out));
      const fields = { ...bearer(user.token), ...huge.headers, 'idempotency-key': 'socket-key', 'transfer-encoding': 'chunked' };
      const head = Object.entries(fields).map(([k, v]) => `${k}: ${v}\r\n`);
      socket.write(`POST /api/v1/uploads HTTP/1.1\r\nhost: ${url.host}\r\n${head.join('')}\r\n`);
      const piece = 1024 * 1024;
      for (let at = 0; at < huge.payload.length; at += piece) {
        const chunk = huge.payload.subarray(at, at + piece);
        socket.write(`${chunk.length.toString(16)}\r\n`);
        socket.write(chunk);
        socket.write('\r\n');
      }
      socket.write('0\r\n\r\n', () => {
        out.bodySent = true;
        socket.end();
      });
    });
    assert.match(raw.response, /^HTTP\/1\.1 413 /);
    assert.deepEqual([raw.bodySent, raw.error], [true, null]);
    assert.equal(await countOverSocket(), before + 1);
  });
});

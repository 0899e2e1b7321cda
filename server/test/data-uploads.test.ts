import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, test } from 'node:test';
import { setFreeSpaceProbe } from '../lib/diskSpace';
import { DISK_MARGIN_BYTES, MULTIPART_OVERHEAD_BYTES } from '../routes/uploads';
import { bearer, signIn, startApp, type SignedIn, type TestApp } from './helpers';
import { makeAudioOnly, makeVideo, multipart, type Clip, type Envelope, type Part } from './mediaFixtures';

const MAX = 200 * 1024;

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Envelope;
  /** Resolves when the server has closed the connection. */
  closed: Promise<void>;
}

/** Reads one response off a raw http.ClientRequest, and notes when the server closes the socket. */
function responseOf(req: http.ClientRequest): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      const closed = new Promise<void>((done) => res.socket.once('close', () => done()));
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Envelope,
          closed,
        });
      });
    });
  });
}

describe('upload limits, real video only, partial files', () => {
  let t: TestApp;
  /** A second app listening on a real socket (after listen, inject's default Host no longer matches). */
  let s: TestApp;
  let user: SignedIn;
  let socketUser: SignedIn;
  let video: Buffer;
  let base: string;
  let uploads: string;
  let partials: string;

  before(async () => {
    video = await makeVideo();
    t = await startApp({ maxUploadBytes: MAX });
    user = await signIn(t.app, 'filmer@example.com');
    uploads = path.join(t.dataDir, 'uploads');
    partials = path.join(uploads, '.partial');
    s = await startApp({ maxUploadBytes: MAX });
    socketUser = await signIn(s.app, 'filmer@example.com');
    base = await s.app.listen({ port: 0, host: '127.0.0.1' });
  });
  after(async () => {
    await t.close();
    await s.close();
  });

  const socketClipFiles = async (): Promise<string[]> =>
    (await readdir(path.join(s.dataDir, 'uploads'))).filter((n) => n !== '.partial').sort();
  const socketPartialFiles = async (): Promise<string[]> => readdir(path.join(s.dataDir, 'uploads', '.partial')).catch(() => []);

  const clipFiles = async (): Promise<string[]> => (await readdir(uploads)).filter((n) => n !== '.partial').sort();
  const partialFiles = async (): Promise<string[]> => readdir(partials).catch(() => []);
  const upload = (parts: Part[]) => {
    const { payload, headers } = multipart(parts);
    return t.app.inject({ method: 'POST', url: '/api/v1/uploads', headers: { ...bearer(user.token), ...headers }, payload });
  };
  const expectError = (res: { statusCode: number; json: () => unknown }, status: number, code: string): Envelope => {
    assert.equal(res.statusCode, status, JSON.stringify(res.json()));
    const body = res.json() as Envelope;
    assert.equal(body.success, false);
    assert.equal(body.code, code);
    assert.equal(body.errorCode, code);
    assert.equal(body.details?.statusCode, status);
    return body;
  };
  const rawUpload = (headers: Record<string, string | number>): http.ClientRequest => {
    const url = new URL('/api/v1/uploads', base);
    const req = http.request(url, { method: 'POST', headers: { ...bearer(socketUser.token), ...headers } });
    req.on('error', () => undefined); // writes after the server closed the connection fail; that is expected
    return req;
  };

  test('a Content-Length over the limit gets 413 before any of the body is sent, and the connection closes', async () => {
    const before = await socketClipFiles();
    const { boundary } = multipart([]);
    const req = rawUpload({
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': MAX + MULTIPART_OVERHEAD_BYTES + 1,
    });
    req.flushHeaders(); // headers only: the server must answer without waiting for a body
    const res = await responseOf(req);
    assert.equal(res.status, 413);
    assert.equal(res.headers.connection, 'close');
    assert.equal(res.body.code, 'FILE_TOO_LARGE');
    assert.equal(res.body.errorCode, 'FILE_TOO_LARGE');
    assert.equal(res.body.error, 'File too large (max 100MB)');
    assert.equal(res.body.details?.statusCode, 413);
    await res.closed;
    req.destroy();
    assert.deepEqual(await socketClipFiles(), before);
    assert.deepEqual(await socketPartialFiles(), []);
  });

  test('an anonymous upload is refused as such (401) before the size or disk is judged, and the connection closes', async () => {
    const { boundary } = multipart([]);
    const url = new URL('/api/v1/uploads', base);
    const req = http.request(url, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': MAX + MULTIPART_OVERHEAD_BYTES + 1,
      },
    });
    req.on('error', () => undefined);
    req.flushHeaders();
    const res = await responseOf(req);
    assert.equal(res.status, 401);
    assert.equal(res.headers.connection, 'close');
    assert.equal(res.body.errorCode, 'INVALID_TOKEN');
    await res.closed;
    req.destroy();
  });

  test('a chunked upload (no length) is cut off once past the limit: 413, partial file removed', async () => {
    const before = await socketClipFiles();
    const { boundary } = multipart([]);
    const req = rawUpload({ 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked' });
    const answered = responseOf(req);
    let answer: RawResponse | null = null;
    void answered.then((r) => {
      answer = r;
    });
    req.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="big.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
    );
    let sent = 0;
    // Keeps sending until the server answers (at most 50× the limit).
    while (!answer && sent < 50 * MAX && !req.destroyed) {
      await new Promise<void>((resolve) => req.write(Buffer.alloc(16 * 1024, 1), () => resolve()));
      sent += 16 * 1024;
      await sleep(1);
    }
    const res = await answered;
    assert.equal(res.status, 413);
    assert.equal(res.body.code, 'FILE_TOO_LARGE');
    assert.equal(res.body.details?.statusCode, 413);
    assert.equal(res.headers.connection, 'close');
    assert.ok(sent < 10 * MAX, `server read ${sent} bytes before answering`);
    req.destroy();
    assert.deepEqual(await socketClipFiles(), before);
    assert.deepEqual(await socketPartialFiles(), []);
  });

  test('a file over the limit inside the overhead allowance is stopped by the parser: 413, nothing kept', async () => {
    const before = await clipFiles();
    const res = await upload([{ name: 'video', value: Buffer.alloc(MAX + 1024, 1), filename: 'big.mp4', type: 'video/mp4' }]);
    expectError(res, 413, 'FILE_TOO_LARGE');
    assert.deepEqual(await clipFiles(), before);
    assert.deepEqual(await partialFiles(), []);
  });

  test('too little free disk space → 507 INSUFFICIENT_STORAGE before the body is read; enough → stored', async () => {
    const { payload, headers } = multipart([{ name: 'video', value: video, filename: 'a.mp4', type: 'video/mp4' }]);
    const seen: string[] = [];
    let free = payload.length + DISK_MARGIN_BYTES - 1;
    setFreeSpaceProbe(t.app, async (dir) => {
      seen.push(dir);
      return free;
    });
    try {
      const before = await clipFiles();
      const send = () =>
        t.app.inject({ method: 'POST', url: '/api/v1/uploads', headers: { ...bearer(user.token), ...headers }, payload });
      const full = await send();
      const body = expectError(full, 507, 'INSUFFICIENT_STORAGE');
      assert.match(body.error ?? '', /storage space/);
      assert.equal(full.headers.connection, 'close');
      assert.deepEqual(seen, [uploads]);
      assert.deepEqual(await clipFiles(), before);

      // A chunked upload is assumed to need the whole limit.
      free = MAX + DISK_MARGIN_BYTES - 1;
      const chunked = await t.app.inject({
        method: 'POST',
        url: '/api/v1/uploads',
        headers: { ...bearer(user.token), ...headers },
        payload: Readable.from([payload]),
      });
      expectError(chunked, 507, 'INSUFFICIENT_STORAGE');

      free = payload.length + DISK_MARGIN_BYTES;
      const enough = await send();
      assert.equal(enough.statusCode, 201, enough.body);
    } finally {
      setFreeSpaceProbe(t.app, null);
    }
  });

  test('the file is written under uploads/.partial/ and moved into uploads/ only when the clip is stored', async () => {
    const before = await socketClipFiles();
    const { payload, headers } = multipart([{ name: 'video', value: video, filename: 'slow.mp4', type: 'video/mp4' }]);
    const req = rawUpload({ ...headers, 'content-length': payload.length });
    const answered = responseOf(req);
    const half = Math.floor(payload.length / 2);
    req.write(payload.subarray(0, half));
    let inPartial: string[] = [];
    for (let i = 0; i < 200 && inPartial.length === 0; i += 1) {
      await sleep(10);
      inPartial = await socketPartialFiles();
    }
    assert.equal(inPartial.length, 1, 'the half-sent file is in .partial/');
    assert.match(inPartial[0] ?? '', /^[0-9a-f-]{36}\.mp4$/);
    assert.deepEqual(await socketClipFiles(), before, 'nothing in uploads/ yet');
    req.end(payload.subarray(half));
    const res = await answered;
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const clip = res.body.data as Clip;
    assert.deepEqual(await socketPartialFiles(), []);
    assert.deepEqual(await socketClipFiles(), [...before, `${clip.id}.jpg`, `${clip.id}.mp4`].sort());
  });

  test('only real video is kept: text, sound-only and garbage files → 400 Unsupported file type, deleted', async () => {
    const before = await clipFiles();
    const cases: [string, Buffer, string][] = [
      ['notes.mp4', Buffer.from('hello, this is not a video\n'), 'video/mp4'],
      ['sound.mp4', await makeAudioOnly(), 'video/mp4'],
      ['noise.mov', randomBytes(20_000), 'application/octet-stream'],
    ];
    for (const [filename, value, type] of cases) {
      const body = expectError(await upload([{ name: 'video', value, filename, type }]), 400, 'INVALID_FILE_TYPE');
      assert.equal(body.error, 'Unsupported file type', filename);
      assert.equal(body.details?.filename, filename);
      assert.deepEqual(await clipFiles(), before, filename);
      assert.deepEqual(await partialFiles(), [], filename);
    }
  });

  test('probed facts are stored: duration, width × height, recording time from creation_time', async () => {
    const tagged = await makeVideo({ size: '320x240', creationTime: '2025-05-01T18:00:00Z' });
    const res = await upload([{ name: 'video', value: tagged, filename: 'tagged.mp4', type: 'video/mp4' }]);
    assert.equal(res.statusCode, 201, res.body);
    const clip = (res.json() as Envelope<Clip>).data;
    assert.equal(clip.width, 320);
    assert.equal(clip.height, 240);
    assert.ok(clip.duration !== null && Math.abs(clip.duration - 2) < 0.2, String(clip.duration));
    assert.equal(clip.timestamp, '2025-05-01T18:00:00.000Z');
    const again = await t.app.inject({ method: 'GET', url: `/api/v1/clips/${clip.id}`, headers: bearer(user.token) });
    assert.deepEqual(
      { ...(again.json() as Envelope<Clip>).data, thumbnailUrl: null, videoUrl: '' },
      {
        ...clip,
        thumbnailUrl: null,
        videoUrl: '',
      },
    );

    // The client's recordedAt wins over the file's tag; without either, the upload time is used.
    const given = await upload([
      { name: 'recordedAt', value: '2025-06-01T09:30:00+02:00' },
      { name: 'video', value: tagged, filename: 'tagged.mp4', type: 'video/mp4' },
    ]);
    assert.equal((given.json() as Envelope<Clip>).data.timestamp, '2025-06-01T07:30:00.000Z');
    const plain = await upload([{ name: 'video', value: video, filename: 'plain.mp4', type: 'video/mp4' }]);
    assert.equal((plain.json() as Envelope<Clip>).data.timestamp, new Date(t.clock.now()).toISOString());
  });

  test('a second eventId after the file cannot slip past the event check: 400, nothing kept', async () => {
    const admin = await signIn(t.app, 'organiser@example.com', true);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/events',
      headers: bearer(admin.token),
      payload: { name: 'Cup final', sport: 'soccer', startTime: '2026-05-01T18:00:00Z', locationId: 'venue-lambeau' },
    });
    assert.equal(created.statusCode, 201, created.body);
    const eventId = (created.json() as { data: { id: string } }).data.id;
    const before = await clipFiles();
    const res = await upload([
      { name: 'eventId', value: eventId },
      { name: 'video', value: video, filename: 'a.mp4', type: 'video/mp4' },
      { name: 'eventId', value: 'not-a-uuid' },
    ]);
    expectError(res, 400, 'INVALID_INPUT');
    assert.deepEqual(await clipFiles(), before);
    assert.deepEqual(await partialFiles(), []);
  });

  test('malformed multipart bodies and bad fields → 400 INVALID_INPUT, nothing kept', async () => {
    const before = await clipFiles();
    const good = multipart([{ name: 'video', value: video, filename: 'a.mp4', type: 'video/mp4' }]);
    const send = (headers: Record<string, string>, payload: Buffer | string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/uploads', headers: { ...bearer(user.token), ...headers }, payload });
    const cases: [string, Record<string, string>, Buffer | string][] = [
      ['no boundary in Content-Type', { 'content-type': 'multipart/form-data' }, good.payload],
      ['boundary not in the body', { 'content-type': 'multipart/form-data; boundary=other' }, good.payload],
      ['body cut off inside the file', good.headers, good.payload.subarray(0, Math.floor(good.payload.length / 2))],
      ['body cut off inside a part header', good.headers, `--${good.boundary}\r\nContent-Disposition: form-da`],
      ['boundary longer than allowed', { 'content-type': `multipart/form-data; boundary=${'b'.repeat(300)}` }, good.payload],
    ];
    for (const [name, headers, payload] of cases) {
      const res = await send(headers, payload);
      expectError(res, 400, 'INVALID_INPUT');
      assert.deepEqual(await clipFiles(), before, name);
      assert.deepEqual(await partialFiles(), [], name);
    }
    const fields: [string, Part[]][] = [
      ['NUL in the file name', [{ name: 'video', value: video, filename: 'a\u0000b.mp4', type: 'video/mp4' }]],
      ['over-long file name', [{ name: 'video', value: video, filename: `${'x'.repeat(300)}.mp4`, type: 'video/mp4' }]],
      [
        'recordedAt year 0000',
        [
          { name: 'recordedAt', value: '0000-05-01T10:00:00Z' },
          { name: 'video', value: video, filename: 'a.mp4' },
        ],
      ],
      [
        'recordedAt before 0001 in UTC',
        [
          { name: 'recordedAt', value: '0001-01-01T00:00:00+01:00' },
          { name: 'video', value: video, filename: 'a.mp4' },
        ],
      ],
      [
        'eventId given twice (the second after the file)',
        [
          { name: 'eventId', value: '' },
          { name: 'video', value: video, filename: 'a.mp4' },
          { name: 'eventId', value: 'not-a-uuid' },
        ],
      ],
      [
        'recordedAt not a date',
        [
          { name: 'recordedAt', value: 'yesterday' },
          { name: 'video', value: video, filename: 'a.mp4' },
        ],
      ],
    ];
    for (const [name, parts] of fields) {
      expectError(await upload(parts), 400, 'INVALID_INPUT');
      assert.deepEqual(await clipFiles(), before, name);
      assert.deepEqual(await partialFiles(), [], name);
    }
    // An eventId with a NUL is no event: the event error (the app then offers to upload without one).
    expectError(
      await upload([
        { name: 'eventId', value: 'a\u0000' },
        { name: 'video', value: video, filename: 'a.mp4' },
      ]),
      404,
      'EVENT_MATCHING_FAILED',
    );
  });
});

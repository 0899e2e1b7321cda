import assert from 'node:assert/strict';
import { unlink } from 'node:fs/promises';
import path from 'node:path';
import { describe, test, before, after } from 'node:test';
import fc from 'fast-check';
import type { Pagination } from '../lib/clipViews';
import { attachmentDisposition, highlightFilename } from '../lib/highlightFilename';
import { signShortMediaPath, type HighlightView } from '../lib/highlightViews';
import { signMediaPath, verifyMediaSignature } from '../lib/media';
import { type BrowseApp, insertClip, insertEvent, setUserState } from './browseFixtures';
import { bearer, signIn, type SignedIn } from './helpers';
import {
  createSession,
  editorHeaders,
  insertHighlight,
  INJECT_ORIGIN,
  makeRenderedFiles,
  markFailed,
  markRendered,
  startHighlightApp,
  TEST_SECRET,
  tradeCredential,
  type RenderedFiles,
} from './highlightFixtures';
import type { Envelope } from './mediaFixtures';

/** Highlights and their media (docs/product/part-2.md §2 Highlights list, Highlight viewer; §3; §7; docs/api.md). */

const GAME = '2030-03-01T18:00:00.000Z';
const NOW = Date.parse('2030-03-01T21:00:00.000Z');
const MISSING = '00000000-0000-4000-8000-000000000000';
const minutes = (n: number) => n * 60 * 1000;

interface Res {
  statusCode: number;
  body: string;
  rawPayload: Buffer;
  headers: Record<string, unknown>;
}

function envelope<T = unknown>(res: { body: string }): Envelope<T> {
  return JSON.parse(res.body) as Envelope<T>;
}

function assertError(res: Res, status: number, code?: string): Envelope {
  assert.equal(res.statusCode, status, res.body);
  const body = envelope(res);
  assert.equal(body.success, false, res.body);
  if (code) assert.equal(body.code, code, res.body);
  return body;
}

describe('highlight download name (§7 rule) and header', () => {
  test('title lowercased, every non-alphanumeric an underscore, .mp4; empty → highlight.mp4', () => {
    assert.equal(highlightFilename('Final Push!'), 'final_push_.mp4');
    assert.equal(highlightFilename('U12 – Game 3'), 'u12___game_3.mp4');
    assert.equal(highlightFilename('Café'), 'caf_.mp4');
    assert.equal(highlightFilename('ABC123'), 'abc123.mp4');
    assert.equal(highlightFilename(''), 'highlight.mp4');
  });

  test('Content-Disposition: an ASCII fallback and the UTF-8 name', () => {
    assert.equal(
      attachmentDisposition('final_push_.mp4'),
      `attachment; filename="final_push_.mp4"; filename*=UTF-8''final_push_.mp4`,
    );
    assert.equal(
      attachmentDisposition('Café "x".mp4'),
      `attachment; filename="Caf_ _x_.mp4"; filename*=UTF-8''Caf%C3%A9%20%22x%22.mp4`,
    );
    assert.equal(attachmentDisposition("a'(b)*.mp4"), `attachment; filename="a'(b)*.mp4"; filename*=UTF-8''a%27%28b%29%2A.mp4`);
  });

  test('short-lived URLs: valid 15 to 20 minutes, checked by the media routes’ own verifier', () => {
    const now = Date.parse('2030-03-01T21:03:10.500Z');
    const url = new URL(signShortMediaPath(TEST_SECRET, '/media/highlights/x/video', now), INJECT_ORIGIN);
    const exp = Number(url.searchParams.get('exp'));
    assert.equal(exp * 1000, Date.parse('2030-03-01T21:20:00.000Z'));
    const sig = url.searchParams.get('sig');
    assert.equal(verifyMediaSignature(TEST_SECRET, url.pathname, String(exp), sig, now), 'ok');
    assert.equal(verifyMediaSignature(TEST_SECRET, '/media/highlights/x/download', String(exp), sig, now), 'invalid');
    assert.equal(verifyMediaSignature(TEST_SECRET, url.pathname, String(exp), sig, exp * 1000), 'expired');
    // On a window boundary: exactly 15 minutes.
    const onBoundary = Date.parse('2030-03-01T21:05:00.000Z');
    const exp2 = Number(new URL(signShortMediaPath(TEST_SECRET, '/p', onBoundary), INJECT_ORIGIN).searchParams.get('exp'));
    assert.equal(exp2 * 1000 - onBoundary, minutes(15));
  });
});

describe('highlights API', () => {
  let b: BrowseApp;
  let alice: SignedIn;
  let bob: SignedIn;
  let files: RenderedFiles;
  let eventId = '';
  const h = { oldest: '', middle: '', newest: '', failed: '', bobs: '' };
  const TITLES = { oldest: 'Opening Drive', middle: 'Final Push!', newest: 'Café run' };

  const get = (url: string, token?: string, headers: Record<string, string> = {}) =>
    b.app.inject({ method: 'GET', url, headers: { ...(token ? bearer(token) : {}), ...headers } }) as unknown as Promise<Res>;
  const data = async <T>(url: string, token: string): Promise<T> => {
    const res = await get(url, token);
    assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
    return envelope<T>(res).data;
  };
  const highlightsDir = () => `${b.dataDir}/highlights`;

  before(async () => {
    [b, files] = await Promise.all([startHighlightApp(NOW), makeRenderedFiles()]);
    alice = await signIn(b.app, 'alice@example.com');
    bob = await signIn(b.app, 'bob@example.com');
    await b.withDb(async (db) => {
      eventId = await insertEvent(db, { name: 'Final', sport: 'basketball', start: new Date(GAME) });
      const base = Date.parse(GAME);
      h.oldest = await insertHighlight(db, {
        userId: alice.user.id,
        eventId,
        title: TITLES.oldest,
        createdAt: new Date(base + minutes(60)),
      });
      h.failed = await insertHighlight(db, {
        userId: alice.user.id,
        eventId,
        title: 'Broken',
        createdAt: new Date(base + minutes(70)),
      });
      h.middle = await insertHighlight(db, {
        userId: alice.user.id,
        eventId,
        title: TITLES.middle,
        createdAt: new Date(base + minutes(80)),
        clips: [{ clipId: MISSING, inSeconds: 0, outSeconds: 1 }],
      });
      h.newest = await insertHighlight(db, {
        userId: alice.user.id,
        eventId,
        title: TITLES.newest,
        createdAt: new Date(base + minutes(90)),
      });
      h.bobs = await insertHighlight(db, {
        userId: bob.user.id,
        eventId,
        title: 'Bob’s',
        createdAt: new Date(base + minutes(100)),
      });
      await markRendered(db, highlightsDir(), h.middle, files, { durationSeconds: 2.04 });
      await markRendered(db, highlightsDir(), h.bobs, files);
      await markRendered(db, highlightsDir(), h.newest, files, { poster: false });
      await markFailed(db, h.failed, 'Clip 2 could not be read');
      await db.query(`UPDATE highlights SET stage = 'rendering', progress = 41.6 WHERE id = $1`, [h.oldest]);
    });
  });

  after(async () => {
    await b.close();
  });

  describe('GET /api/v1/highlights', () => {
    test('the caller’s own, newest first, with their render state; renderedUrl absent while processing', async () => {
      const list = await data<{ highlights: HighlightView[]; pagination: Pagination }>('/api/v1/highlights', alice.token);
      assert.deepEqual(
        list.highlights.map((x) => x.id),
        [h.newest, h.middle, h.failed, h.oldest],
      );
      assert.deepEqual(list.pagination, { total: 4, hasMore: false, page: 1, limit: 50 });
      const byId = new Map(list.highlights.map((x) => [x.id, x]));
      const processing = byId.get(h.oldest);
      assert.ok(processing);
      assert.deepEqual(processing, {
        id: h.oldest,
        title: TITLES.oldest,
        eventId,
        eventName: 'Final',
        sport: 'basketball',
        clipCount: 2,
        createdAt: new Date(Date.parse(GAME) + minutes(60)).toISOString(),
        userEmail: 'alice@example.com',
        status: 'processing',
        render: { stage: 'rendering', progress: 42, failureReason: null },
        durationSeconds: null,
      });
      assert.ok(!('renderedUrl' in processing) && !('posterUrl' in processing), 'keys absent while processing');
      const failed = byId.get(h.failed);
      assert.equal(failed?.status, 'failed');
      assert.deepEqual(failed?.render, { stage: 'failed', progress: 0, failureReason: 'Clip 2 could not be read' });
      assert.ok(failed && !('renderedUrl' in failed));
      const ready = byId.get(h.middle);
      assert.equal(ready?.status, 'ready');
      assert.equal(ready?.clipCount, 1);
      assert.equal(ready?.durationSeconds, 2.04);
      assert.deepEqual(ready?.render, { stage: 'done', progress: 100, failureReason: null });
      assert.equal(ready?.renderedUrl, signMediaPath(TEST_SECRET, `/media/highlights/${h.middle}/video`, NOW));
      assert.equal(ready?.posterUrl, signMediaPath(TEST_SECRET, `/media/highlights/${h.middle}/poster`, NOW));
      const noPoster = byId.get(h.newest);
      assert.ok(noPoster?.renderedUrl);
      assert.ok(!('posterUrl' in noPoster));
      // The rendered URL plays.
      const video = await get(ready?.renderedUrl ?? '');
      assert.equal(video.statusCode, 200);
      assert.equal(video.headers['content-type'], 'video/mp4');
      assert.ok(video.rawPayload.equals(files.video));
      const poster = await get(ready?.posterUrl ?? '');
      assert.equal(poster.statusCode, 200);
      assert.equal(poster.headers['content-type'], 'image/jpeg');
      assert.ok(poster.rawPayload.equals(files.poster));
    });

    test('paging: limit and page; defaults 50, max 100', async () => {
      const p1 = await data<{ highlights: HighlightView[]; pagination: Pagination }>('/api/v1/highlights?limit=3', alice.token);
      assert.deepEqual(
        p1.highlights.map((x) => x.id),
        [h.newest, h.middle, h.failed],
      );
      assert.deepEqual(p1.pagination, { total: 4, hasMore: true, page: 1, limit: 3 });
      const p2 = await data<{ highlights: HighlightView[]; pagination: Pagination }>(
        '/api/v1/highlights?limit=3&page=2',
        alice.token,
      );
      assert.deepEqual(
        p2.highlights.map((x) => x.id),
        [h.oldest],
      );
      assert.equal(p2.pagination.hasMore, false);
      const bobs = await data<{ highlights: HighlightView[] }>('/api/v1/highlights?limit=100', bob.token);
      assert.deepEqual(
        bobs.highlights.map((x) => x.id),
        [h.bobs],
      );
      const carol = await signIn(b.app, 'carol@example.com');
      assert.deepEqual(await data('/api/v1/highlights', carol.token), {
        highlights: [],
        pagination: { total: 0, hasMore: false, page: 1, limit: 50 },
      });
      for (const query of ['limit=101', 'limit=0', 'page=0', 'page=abc', 'limit=1&limit=2', 'limit=1.5']) {
        assertError(await get(`/api/v1/highlights?${query}`, alice.token), 400, 'INVALID_INPUT');
      }
    });

    test('without a bearer, or with an editor credential as one → 401', async () => {
      assertError(await get('/api/v1/highlights'), 401);
      const clip = await b.withDb((db) => insertClip(db, { userId: alice.user.id, eventId, recordedAt: new Date(GAME) }));
      const session = await createSession(b.app, alice.token, { eventId, clipIds: [clip] });
      const credential = await tradeCredential(b.app, session);
      assertError(await get('/api/v1/highlights', undefined, { authorization: `Bearer ${credential}` }), 401);
      assertError(await get(`/api/v1/highlights/${h.middle}/stream-url`, undefined, editorHeaders(credential)), 401);
    });
  });

  describe('GET /api/v1/highlights/{id}', () => {
    test('the caller’s highlight; another user’s or an unknown one → 404; not a UUID → 400', async () => {
      const one = await data<{ highlight: HighlightView }>(`/api/v1/highlights/${h.middle}`, alice.token);
      assert.equal(one.highlight.id, h.middle);
      assert.equal(one.highlight.title, TITLES.middle);
      assert.ok(one.highlight.renderedUrl);
      assertError(await get(`/api/v1/highlights/${h.bobs}`, alice.token), 404, 'HIGHLIGHT_NOT_FOUND');
      assertError(await get(`/api/v1/highlights/${MISSING}`, alice.token), 404, 'HIGHLIGHT_NOT_FOUND');
      assertError(await get('/api/v1/highlights/nope', alice.token), 400, 'INVALID_INPUT');
    });
  });

  describe('GET /api/v1/highlights/{id}/stream-url', () => {
    test('a signed video URL valid 15–20 minutes, with ranges', async () => {
      const { streamUrl } = await data<{ streamUrl: string }>(`/api/v1/highlights/${h.middle}/stream-url`, alice.token);
      const url = new URL(streamUrl, INJECT_ORIGIN);
      assert.equal(url.pathname, `/media/highlights/${h.middle}/video`);
      const expMs = Number(url.searchParams.get('exp')) * 1000;
      assert.ok(expMs - NOW >= minutes(15) && expMs - NOW < minutes(20), `exp ${expMs - NOW}`);
      const part = await get(streamUrl, undefined, { range: 'bytes=10-109' });
      assert.equal(part.statusCode, 206);
      assert.equal(part.headers['content-range'], `bytes 10-109/${files.video.length}`);
      assert.equal(part.headers['accept-ranges'], 'bytes');
      assert.ok(part.rawPayload.equals(files.video.subarray(10, 110)));
      assert.equal((await get(streamUrl, undefined, { range: `bytes=${files.video.length}-` })).statusCode, 416);
      // 20 minutes later the URL is dead.
      b.clock.advance(minutes(20));
      try {
        assertError(await get(streamUrl), 403, 'MEDIA_URL_EXPIRED');
      } finally {
        b.clock.set(NOW);
      }
    });

    test('processing → 409 HIGHLIGHT_NOT_READY; failed → 409; another user’s → 404', async () => {
      const busy = assertError(await get(`/api/v1/highlights/${h.oldest}/stream-url`, alice.token), 409, 'HIGHLIGHT_NOT_READY');
      assert.deepEqual(busy.details, { stage: 'rendering', progress: 42 });
      assertError(await get(`/api/v1/highlights/${h.failed}/stream-url`, alice.token), 409, 'HIGHLIGHT_RENDER_FAILED');
      assertError(await get(`/api/v1/highlights/${h.bobs}/stream-url`, alice.token), 404, 'HIGHLIGHT_NOT_FOUND');
      assertError(await get(`/api/v1/highlights/${h.bobs}/download-url`, alice.token), 404, 'HIGHLIGHT_NOT_FOUND');
      assertError(await get(`/api/v1/highlights/${h.oldest}/download-url`, alice.token), 409, 'HIGHLIGHT_NOT_READY');
      assertError(await get('/api/v1/highlights/1/stream-url', alice.token), 400, 'INVALID_INPUT');
    });
  });

  describe('GET /api/v1/highlights/{id}/download-url', () => {
    test('a signed download URL and the §7 filename; the file comes as an attachment, with ranges', async () => {
      const answer = await data<{ downloadUrl: string; filename: string }>(
        `/api/v1/highlights/${h.middle}/download-url`,
        alice.token,
      );
      assert.equal(answer.filename, 'final_push_.mp4');
      const url = new URL(answer.downloadUrl, INJECT_ORIGIN);
      assert.equal(url.pathname, `/media/highlights/${h.middle}/download`);
      const expMs = Number(url.searchParams.get('exp')) * 1000;
      assert.ok(expMs - NOW >= minutes(15) && expMs - NOW < minutes(20));
      const whole = await get(answer.downloadUrl);
      assert.equal(whole.statusCode, 200);
      assert.equal(whole.headers['content-type'], 'video/mp4');
      assert.equal(
        whole.headers['content-disposition'],
        `attachment; filename="final_push_.mp4"; filename*=UTF-8''final_push_.mp4`,
      );
      assert.equal(Number(whole.headers['content-length']), files.video.length);
      assert.ok(whole.rawPayload.equals(files.video));
      const tail = await get(answer.downloadUrl, undefined, { range: 'bytes=-16' });
      assert.equal(tail.statusCode, 206);
      assert.ok(tail.rawPayload.equals(files.video.subarray(files.video.length - 16)));
      assert.ok(String(tail.headers['content-disposition']).startsWith('attachment;'));
      // The stream URL is not a download.
      const { streamUrl } = await data<{ streamUrl: string }>(`/api/v1/highlights/${h.middle}/stream-url`, alice.token);
      assert.equal((await get(streamUrl)).headers['content-disposition'], undefined);
      const cafe = await data<{ filename: string }>(`/api/v1/highlights/${h.newest}/download-url`, alice.token);
      assert.equal(cafe.filename, 'caf__run.mp4');
    });

    test('HEAD answers the headers of GET, whole or a range, with no bytes', async () => {
      const { downloadUrl } = await data<{ downloadUrl: string }>(`/api/v1/highlights/${h.middle}/download-url`, alice.token);
      const head = (headers: Record<string, string> = {}) =>
        b.app.inject({ method: 'HEAD', url: downloadUrl, headers }) as unknown as Promise<Res>;
      const whole = await head();
      assert.equal(whole.statusCode, 200);
      assert.equal(Number(whole.headers['content-length']), files.video.length, 'the file’s length, not 0');
      assert.ok(String(whole.headers['content-disposition']).startsWith('attachment;'));
      assert.equal(whole.rawPayload.length, 0);
      const tail = await head({ range: 'bytes=-16' });
      assert.equal(tail.statusCode, 206);
      assert.equal(
        tail.headers['content-range'],
        `bytes ${files.video.length - 16}-${files.video.length - 1}/${files.video.length}`,
      );
      assert.equal(Number(tail.headers['content-length']), 16);
      assert.equal(tail.rawPayload.length, 0);
    });

    test('a rendered file that is gone answers 404 as JSON, not as an attachment', async () => {
      const id = await b.withDb(async (db) => {
        const made = await insertHighlight(db, { userId: alice.user.id, eventId, title: 'Gone', createdAt: new Date(GAME) });
        await markRendered(db, highlightsDir(), made, files);
        return made;
      });
      await unlink(path.join(highlightsDir(), `${id}.mp4`));
      const { downloadUrl } = await data<{ downloadUrl: string }>(`/api/v1/highlights/${id}/download-url`, alice.token);
      const gone = await get(downloadUrl);
      assertError(gone, 404, 'MEDIA_NOT_FOUND');
      assert.equal(gone.headers['content-disposition'], undefined);
      await b.withDb((db) => db.query('DELETE FROM highlights WHERE id = $1', [id]));
    });
  });

  describe('GET /media/highlights/{id}/{kind}', () => {
    test('signatures: missing, wrong, for another kind or highlight → 403; bad id → 400; unknown kind → 404', async () => {
      const base = `/media/highlights/${h.middle}`;
      assertError(await get(`${base}/video`), 403, 'INVALID_SIGNATURE');
      const signed = new URL(signShortMediaPath(TEST_SECRET, `${base}/video`, NOW), INJECT_ORIGIN);
      const q = signed.search;
      assertError(await get(`${base}/download${q}`), 403, 'INVALID_SIGNATURE');
      assertError(await get(`/media/highlights/${h.bobs}/video${q}`), 403, 'INVALID_SIGNATURE');
      // The signature's first character changed (to one it is not: '_' was one in 64 runs' own).
      const tampered = q.replace(/sig=(.)/, (_all, first: string) => `sig=${first === '_' ? '-' : '_'}`);
      assertError(await get(`${base}/video${tampered}`), 403, 'INVALID_SIGNATURE');
      assertError(await get(`${base}/video${q}&sig=again`), 400, 'INVALID_INPUT');
      assertError(await get(`/media/highlights/nope/video${q}`), 400, 'INVALID_INPUT');
      assertError(await get(`${base}/secret${q}`), 404, 'NOT_FOUND');
      assert.equal((await get(`${base}/video${q}`)).statusCode, 200);
      // A clip's signed URL does not open a highlight of the same id, nor the reverse.
      const clipSigned = signMediaPath(TEST_SECRET, `/media/clips/${h.middle}/video`, NOW);
      assertError(await get(`${base}/video?${clipSigned.split('?')[1]}`), 403, 'INVALID_SIGNATURE');
    });

    test('a highlight without a poster, or processing, or unknown', async () => {
      const poster = signMediaPath(TEST_SECRET, `/media/highlights/${h.newest}/poster`, NOW);
      assertError(await get(poster), 404, 'MEDIA_NOT_FOUND');
      assertError(await get(signMediaPath(TEST_SECRET, `/media/highlights/${h.oldest}/video`, NOW)), 409, 'HIGHLIGHT_NOT_READY');
      assertError(await get(signMediaPath(TEST_SECRET, `/media/highlights/${MISSING}/video`, NOW)), 404, 'HIGHLIGHT_NOT_FOUND');
    });

    test('the owner checked at serve time: revoked → 403 MEDIA_ACCESS_REVOKED, deleted → 404', async () => {
      const eve = await signIn(b.app, 'eve@example.com');
      const id = await b.withDb(async (db) => {
        const hid = await insertHighlight(db, { userId: eve.user.id, eventId, title: 'Eve', createdAt: new Date(NOW) });
        await markRendered(db, highlightsDir(), hid, files);
        return hid;
      });
      const { streamUrl } = await data<{ streamUrl: string }>(`/api/v1/highlights/${id}/stream-url`, eve.token);
      assert.equal((await get(streamUrl)).statusCode, 200);
      await b.withDb((db) => setUserState(db, eve.user.id, 'revoked'));
      assertError(await get(streamUrl), 403, 'MEDIA_ACCESS_REVOKED');
      assertError(await get('/api/v1/highlights', eve.token), 403, 'PERMISSION_REVOKED');
      await b.withDb((db) => setUserState(db, eve.user.id, 'deleted'));
      assertError(await get(streamUrl), 404, 'HIGHLIGHT_NOT_FOUND');
    });
  });

  describe('bad input at every editor-session and highlight route: a 4xx envelope, never a 5xx', () => {
    const NASTY = [
      '',
      ' ',
      '\u0000',
      '\ud800',
      '1e309',
      'NaN',
      '-0',
      '9'.repeat(400),
      'x'.repeat(5000),
      '__proto__',
      '//evil.example/x',
      'javascript:alert(1)',
      'http://localhost/highlights/view',
      MISSING,
      'video',
      'download',
      'poster',
    ];
    const nasty = fc.oneof(fc.constantFrom(...NASTY), fc.string({ maxLength: 30 }), fc.uuid(), fc.double().map(String));
    const leaf = fc.oneof(nasty, fc.double(), fc.integer(), fc.boolean(), fc.constant(null), fc.array(nasty, { maxLength: 25 }));
    const piece = fc.record({ clipId: fc.oneof(nasty, leaf), inSeconds: leaf, outSeconds: leaf }, { requiredKeys: [] });
    const body = (fields: string[]) =>
      fc.oneof(
        fc.constant<string | undefined>(undefined),
        fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
        fc
          .dictionary(fc.oneof(fc.constantFrom(...fields), nasty), fc.oneof(leaf, fc.array(piece, { maxLength: 25 })), {
            maxKeys: 4,
          })
          .map((v) => JSON.stringify(v)),
        fc.constantFrom('{', '[1,', '"x"', '{"clips":[{"clipId":1e309}]}', '{"title":"\\ud800"}'),
      );
    /** Percent-encodes every byte (lone surrogates become U+FFFD's bytes). */
    const enc = (x: string) =>
      [...Buffer.from(x.slice(0, 700), 'utf8')]
        .map((byte) =>
          /[A-Za-z0-9\-._~]/.test(String.fromCharCode(byte))
            ? String.fromCharCode(byte)
            : `%${byte.toString(16).padStart(2, '0')}`,
        )
        .join('');

    test('random requests', async () => {
      const ids: string[] = [MISSING];
      const credentials: string[] = ['ced.x', 'garbage'];
      const clip = await b.withDb((db) =>
        insertClip(db, { userId: alice.user.id, eventId, recordedAt: new Date(GAME), duration: 10 }),
      );
      for (let i = 0; i < 3; i += 1) {
        const session = await createSession(b.app, alice.token, { eventId, clipIds: [clip] });
        ids.push(session.id);
        if (i > 0) credentials.push(await tradeCredential(b.app, session));
      }
      const id = fc.oneof(fc.constantFrom(...ids, h.middle, h.oldest, h.bobs), nasty.map(enc));
      const routes: { method: 'GET' | 'POST'; path: fc.Arbitrary<string>; fields: string[] }[] = [
        { method: 'POST', path: fc.constant('/api/v1/editor-sessions'), fields: ['eventId', 'clipIds', 'returnUrl'] },
        { method: 'POST', path: id.map((x) => `/api/v1/editor-sessions/${x}/credential`), fields: ['token'] },
        { method: 'GET', path: id.map((x) => `/api/v1/editor-sessions/${x}`), fields: [] },
        { method: 'POST', path: id.map((x) => `/api/v1/editor-sessions/${x}/cancel`), fields: [] },
        { method: 'POST', path: id.map((x) => `/api/v1/editor-sessions/${x}/render`), fields: ['title', 'clips'] },
        {
          method: 'GET',
          path: fc.tuple(fc.constantFrom('page', 'limit', 'x'), nasty).map(([k, v]) => `/api/v1/highlights?${k}=${enc(v)}`),
          fields: [],
        },
        {
          method: 'GET',
          path: fc
            .tuple(id, fc.constantFrom('', '/stream-url', '/download-url'))
            .map(([x, tail]) => `/api/v1/highlights/${x}${tail}`),
          fields: [],
        },
        {
          method: 'GET',
          path: fc
            .tuple(id, fc.constantFrom('video', 'poster', 'download', 'x'), nasty, nasty)
            .map(([x, kind, exp, sig]) => `/media/highlights/${x}/${kind}?exp=${enc(exp)}&sig=${enc(sig)}`),
          fields: [],
        },
      ];
      for (const route of routes) {
        const property = fc.asyncProperty(
          route.path,
          body(route.fields.length ? route.fields : ['x']),
          fc.constantFrom<'none' | 'user' | 'credential' | 'garbage'>('none', 'user', 'credential', 'garbage'),
          fc.constantFrom(...credentials),
          async (url, payload, auth, credential) => {
            const headers: Record<string, string> = {};
            if (auth === 'user') headers.authorization = `Bearer ${alice.token}`;
            if (auth === 'garbage') headers.authorization = 'Bearer x.y.z';
            if (auth === 'credential') headers['x-editor-credential'] = credential;
            if (payload !== undefined && route.method === 'POST') headers['content-type'] = 'application/json';
            const res = await b.app.inject({
              method: route.method,
              url,
              headers,
              ...(payload !== undefined && route.method === 'POST' ? { payload } : {}),
            });
            const sent = `${route.method} ${url.slice(0, 200)} (auth: ${auth}) ${String(payload).slice(0, 200)}`;
            assert.ok(res.statusCode < 500, `${sent} → ${res.statusCode} ${res.body.slice(0, 300)}`);
            if (res.statusCode >= 400) {
              const j = JSON.parse(res.body) as Envelope;
              assert.ok(j.success === false && typeof j.code === 'string' && typeof j.error === 'string', `${sent}: ${res.body}`);
            }
          },
        );
        const run = await fc.check(property, { numRuns: Number(process.env.FUZZ_RUNS ?? 60) });
        if (run.failed) assert.fail(`${fc.defaultReportMessage(run)}\n${String(run.errorInstance)}`);
      }
    });
  });

  test('the whole flow: a Render appears at the top of the list as processing, with its clip count', async () => {
    const clips = await b.withDb(async (db) => [
      await insertClip(db, { userId: alice.user.id, eventId, recordedAt: new Date(GAME), duration: 10 }),
      await insertClip(db, { userId: bob.user.id, eventId, recordedAt: new Date(GAME), duration: 10 }),
    ]);
    b.clock.advance(minutes(5));
    try {
      const session = await createSession(b.app, alice.token, { eventId, clipIds: clips });
      const credential = await tradeCredential(b.app, session);
      const res = await b.app.inject({
        method: 'POST',
        url: `/api/v1/editor-sessions/${session.id}/render`,
        headers: editorHeaders(credential),
        payload: {
          title: 'Two angles',
          clips: [
            { clipId: clips[1], inSeconds: 1, outSeconds: 4 },
            { clipId: clips[0], inSeconds: 2, outSeconds: 8 },
          ],
        },
      });
      assert.equal(res.statusCode, 201, res.body);
      const { highlightId } = envelope<{ highlightId: string }>(res).data;
      const list = await data<{ highlights: HighlightView[] }>('/api/v1/highlights?limit=1', alice.token);
      const top = list.highlights[0];
      assert.equal(top?.id, highlightId);
      assert.equal(top?.title, 'Two angles');
      assert.equal(top?.clipCount, 2);
      assert.equal(top?.status, 'processing');
      assert.deepEqual(top?.render, { stage: 'queued', progress: 0, failureReason: null });
      assert.equal(top?.createdAt, new Date(NOW + minutes(5)).toISOString());
      assertError(await get(`/api/v1/highlights/${highlightId}/stream-url`, alice.token), 409, 'HIGHLIGHT_NOT_READY');
    } finally {
      b.clock.set(NOW);
    }
  });
});

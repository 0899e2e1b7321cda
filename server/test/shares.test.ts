import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { signMediaPath } from '../lib/media';
import { createRateLimiter } from '../lib/rateLimit';
import { isShareId, newShareId, redactShareIds } from '../lib/shareIds';
import { SHARE_LIST_LIMIT, type ShareLink, type SharedHighlight } from '../lib/shares';
import { type BrowseApp, insertEvent } from './browseFixtures';
import { bearer, makeClock, signIn, type SignedIn } from './helpers';
import {
  INJECT_ORIGIN,
  insertHighlight,
  makeRenderedFiles,
  markFailed,
  markRendered,
  startHighlightApp,
  TEST_SECRET,
  type RenderedFiles,
} from './highlightFixtures';
import type { Envelope } from './mediaFixtures';

/** Share links, the owner's side (docs/api.md "Share links"): create, list, revoke, expiry; ids; the rate limiter. */

const GAME = '2030-03-01T18:00:00.000Z';
const NOW = Date.parse('2030-03-01T21:00:00.000Z');
const MISSING = '00000000-0000-4000-8000-000000000000';
const SECOND = 1000;
const DAY = 24 * 3600 * SECOND;
const LIMIT_MESSAGE = 'This highlight already has 20 active links. Revoke one first.';

interface Res {
  statusCode: number;
  body: string;
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

describe('share ids', () => {
  test('24 base64url characters of 18 random bytes (144 bits), never the same twice', () => {
    const ids = new Set<string>();
    for (let i = 0; i < 2000; i += 1) {
      const id = newShareId();
      assert.match(id, /^[A-Za-z0-9_-]{24}$/);
      assert.equal(Buffer.from(id, 'base64url').length, 18);
      ids.add(id);
    }
    assert.equal(ids.size, 2000);
  });

  test('isShareId: the shape only', () => {
    assert.ok(isShareId('AbCdEfGhIjKlMnOpQrStUv-_'));
    for (const bad of [
      '',
      'abc',
      'AbCdEfGhIjKlMnOpQrStUv-',
      'AbCdEfGhIjKlMnOpQrStUv-_x',
      'AbCdEfGhIjKlMnOpQrStUv+/',
      'AbCdEfGhIjKlMnOpQrStUv=_',
      null,
      7,
    ]) {
      assert.equal(isShareId(bad), false, String(bad));
    }
  });

  test('redactShareIds keeps 4 characters of every id in a path, whatever its shape', () => {
    const id = 'AbCdEfGhIjKlMnOpQrStUv-_';
    assert.equal(redactShareIds(`/s/${id}`), '/s/AbCd…');
    assert.equal(redactShareIds(`/media/shares/${id}/video`), '/media/shares/AbCd…/video');
    assert.equal(redactShareIds(`/api/v1/shares/${id}/revoke`), '/api/v1/shares/AbCd…/revoke');
    // Malformed, mistyped, doubled slashes, another case or percent-encoded prefix: still cut.
    assert.equal(redactShareIds(`/s/${id.slice(1)}`), '/s/bCdE…');
    assert.equal(redactShareIds(`/s//${id}`), '/s//AbCd…');
    assert.equal(redactShareIds(`/S/${id}`), '/S/AbCd…');
    assert.equal(redactShareIds(`/%73/${id}`), '/%73/AbCd…');
    assert.equal(redactShareIds('/s/ab'), '/s/ab…');
    // Paths without a share id are left alone.
    for (const plain of [
      '/',
      '/s',
      '/api/v1/shares',
      `/api/v1/highlights/${MISSING}/shares`,
      '/api/v1/clips',
      '/assets/app.js',
    ]) {
      assert.equal(redactShareIds(plain), plain);
    }
  });
});

describe('rate limiter', () => {
  test('at most `limit` hits per key in a sliding minute; Retry-After says when the oldest slice leaves', () => {
    const clock = makeClock(1_000_000_000);
    const limiter = createRateLimiter({ limit: 3, windowMs: 60 * SECOND, now: clock.now });
    assert.deepEqual(limiter.hit('a'), { allowed: true });
    clock.advance(20 * SECOND);
    assert.deepEqual(limiter.hit('a'), { allowed: true });
    assert.deepEqual(limiter.hit('a'), { allowed: true });
    // The first hit (at 0 s) leaves the window at 60 s: 40 s from now.
    assert.deepEqual(limiter.hit('a'), { allowed: false, retryAfterSeconds: 40 });
    assert.deepEqual(limiter.hit('b'), { allowed: true }, 'another key has its own count');
    clock.advance(40 * SECOND);
    assert.deepEqual(limiter.hit('a'), { allowed: true }, 'the first hit left the window');
    assert.equal(limiter.hit('a').allowed, false, 'the two at 20 s are still in it');
    clock.advance(20 * SECOND);
    assert.deepEqual(limiter.hit('a'), { allowed: true });
    // Refused hits are not counted: a client that keeps knocking is not locked out for longer.
    clock.advance(60 * SECOND);
    for (let i = 0; i < 3; i += 1) assert.equal(limiter.hit('c').allowed, true);
    for (let i = 0; i < 10; i += 1) assert.equal(limiter.hit('c').allowed, false);
    clock.advance(60 * SECOND);
    assert.equal(limiter.hit('c').allowed, true);
  });

  test('holds at most maxKeys keys, forgetting the least recently seen', () => {
    const clock = makeClock(0);
    const limiter = createRateLimiter({ limit: 1, windowMs: 60 * SECOND, now: clock.now, maxKeys: 3 });
    for (const key of ['a', 'b', 'c']) limiter.hit(key);
    assert.equal(limiter.hit('a').allowed, false, 'a seen again: now the most recent');
    limiter.hit('d');
    assert.equal(limiter.size(), 3);
    assert.equal(limiter.hit('b').allowed, true, 'b was the least recently seen: forgotten');
    assert.equal(limiter.hit('a').allowed, false, 'a was kept');
    for (let i = 0; i < 1000; i += 1) limiter.hit(`k${i}`);
    assert.equal(limiter.size(), 3);
  });
});

describe('share links API', () => {
  let b: BrowseApp;
  let alice: SignedIn;
  let bob: SignedIn;
  let carol: SignedIn;
  let files: RenderedFiles;
  const h = { ready: '', other: '', noPoster: '', busy: '', failed: '', bobs: '', crowded: '' };

  const inject = (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) =>
    b.app.inject({
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    }) as unknown as Promise<Res>;
  const create = async (highlightId: string, body: unknown = {}, token = alice.token): Promise<ShareLink> => {
    const res = await inject('POST', `/api/v1/highlights/${highlightId}/shares`, token, body);
    assert.equal(res.statusCode, 201, res.body);
    return envelope<{ share: ShareLink }>(res).data.share;
  };
  const list = async (highlightId: string, token = alice.token): Promise<ShareLink[]> => {
    const res = await inject('GET', `/api/v1/highlights/${highlightId}/shares`, token);
    assert.equal(res.statusCode, 200, res.body);
    return envelope<{ shares: ShareLink[] }>(res).data.shares;
  };
  const shared = async (token = alice.token): Promise<SharedHighlight[]> => {
    const res = await inject('GET', '/api/v1/shares', token);
    assert.equal(res.statusCode, 200, res.body);
    return envelope<{ highlights: SharedHighlight[] }>(res).data.highlights;
  };
  const revoke = (shareId: string, token = alice.token) => inject('POST', `/api/v1/shares/${shareId}/revoke`, token);
  /** Runs `fn` with the clock moved on, then puts it back. */
  const later = async <T>(ms: number, fn: () => Promise<T>): Promise<T> => {
    b.clock.set(b.clock.now() + ms);
    try {
      return await fn();
    } finally {
      b.clock.set(NOW);
    }
  };

  before(async () => {
    [b, files] = await Promise.all([startHighlightApp(NOW), makeRenderedFiles()]);
    alice = await signIn(b.app, 'alice@example.com');
    bob = await signIn(b.app, 'bob@example.com');
    carol = await signIn(b.app, 'carol@example.com');
    await b.withDb(async (db) => {
      const eventId = await insertEvent(db, { name: 'Final', sport: 'basketball', start: new Date(GAME) });
      const make = (userId: string, title: string, minutes: number) =>
        insertHighlight(db, { userId, eventId, title, createdAt: new Date(Date.parse(GAME) + minutes * 60 * SECOND) });
      h.ready = await make(alice.user.id, 'Final Push', 60);
      h.other = await make(alice.user.id, 'Opening Drive', 61);
      h.noPoster = await make(alice.user.id, 'No poster', 62);
      h.busy = await make(alice.user.id, 'Still rendering', 63);
      h.failed = await make(alice.user.id, 'Broken', 64);
      h.crowded = await make(alice.user.id, 'Crowded', 65);
      h.bobs = await make(bob.user.id, 'Bob’s', 66);
      const dir = `${b.dataDir}/highlights`;
      for (const id of [h.ready, h.other, h.crowded, h.bobs]) await markRendered(db, dir, id, files, { durationSeconds: 12.5 });
      await markRendered(db, dir, h.noPoster, files, { poster: false });
      await markFailed(db, h.failed, 'Clip 2 could not be read');
      await db.query(`UPDATE highlights SET stage = 'rendering', progress = 40 WHERE id = $1`, [h.busy]);
    });
  });

  after(async () => {
    await b.close();
  });

  describe('POST /api/v1/highlights/{id}/shares', () => {
    test('201 with the link: absolute URL on the public origin, active, never expiring by default', async () => {
      const share = await create(h.other);
      assert.match(share.id, /^[A-Za-z0-9_-]{24}$/);
      assert.deepEqual(share, {
        id: share.id,
        highlightId: h.other,
        url: `${INJECT_ORIGIN}/s/${share.id}`,
        createdAt: new Date(NOW).toISOString(),
        expiresAt: null,
        revokedAt: null,
        status: 'active',
        viewCount: 0,
        lastViewedAt: null,
      });
      /** A share of h.other asked for with exactly this content type and body. */
      const post = (contentType?: string, payload?: string) =>
        b.app.inject({
          method: 'POST',
          url: `/api/v1/highlights/${h.other}/shares`,
          headers: { ...bearer(alice.token), ...(contentType ? { 'content-type': contentType } : {}) },
          ...(payload === undefined ? {} : { payload }),
        });
      // No body at all, an explicit null: the same.
      const noBody = await post();
      assert.equal(noBody.statusCode, 201, noBody.body);
      assert.equal(envelope<{ share: ShareLink }>(noBody).data.share.expiresAt, null);
      assert.equal((await create(h.other, { expiresInDays: null })).expiresAt, null);
      // An empty JSON body (the app's client sends the content type anyway).
      const empty = await post('application/json', '');
      assert.equal(empty.statusCode, 201, empty.body);
      // An empty text body (fetch's type for a string body) is no body too; text that is there is still refused.
      const emptyText = await post('text/plain;charset=UTF-8', '');
      assert.equal(emptyText.statusCode, 201, emptyText.body);
      const someText = await post('text/plain', 'never');
      assert.equal(someText.statusCode, 400, someText.body);
    });

    test('expiresInDays 7 or 30: expiresAt that many days on the server clock', async () => {
      assert.equal((await create(h.other, { expiresInDays: 7 })).expiresAt, new Date(NOW + 7 * DAY).toISOString());
      const month = await create(h.other, { expiresInDays: 30 });
      assert.equal(month.expiresAt, new Date(NOW + 30 * DAY).toISOString());
      assert.equal(month.status, 'active');
    });

    test('anything else for expiresInDays, or a body that is not an object → 400 INVALID_INPUT', async () => {
      for (const expiresInDays of ['7', 1, 0, -7, 14, 7.5, 365, true, [], {}, 'never', 'null']) {
        const body = assertError(
          await inject('POST', `/api/v1/highlights/${h.other}/shares`, alice.token, { expiresInDays }),
          400,
          'INVALID_INPUT',
        );
        assert.ok(
          body.details && 'body.expiresInDays' in body.details,
          `${JSON.stringify(expiresInDays)}: ${JSON.stringify(body.details)}`,
        );
      }
      for (const payload of ['[7]', '"x"', '7', '{', '{"expiresInDays":1e309}', '{"expiresInDays":7e0}x']) {
        const res = (await b.app.inject({
          method: 'POST',
          url: `/api/v1/highlights/${h.other}/shares`,
          headers: { ...bearer(alice.token), 'content-type': 'application/json' },
          payload,
        })) as unknown as Res;
        assertError(res, 400, 'INVALID_INPUT');
      }
    });

    test('another user’s or an unknown highlight → 404; not a UUID → 400; no bearer → 401', async () => {
      assertError(await inject('POST', `/api/v1/highlights/${h.bobs}/shares`, alice.token, {}), 404, 'HIGHLIGHT_NOT_FOUND');
      assertError(await inject('POST', `/api/v1/highlights/${h.ready}/shares`, bob.token, {}), 404, 'HIGHLIGHT_NOT_FOUND');
      assertError(await inject('POST', `/api/v1/highlights/${MISSING}/shares`, alice.token, {}), 404, 'HIGHLIGHT_NOT_FOUND');
      assertError(await inject('POST', '/api/v1/highlights/nope/shares', alice.token, {}), 400, 'INVALID_INPUT');
      assertError(await inject('POST', `/api/v1/highlights/${h.ready}/shares`, undefined, {}), 401, 'INVALID_TOKEN');
      assert.deepEqual(await list(h.bobs, bob.token), [], 'nothing was created for Bob’s highlight');
    });

    test('a highlight not rendered (yet) → 409', async () => {
      assertError(await inject('POST', `/api/v1/highlights/${h.busy}/shares`, alice.token, {}), 409, 'HIGHLIGHT_NOT_READY');
      assertError(await inject('POST', `/api/v1/highlights/${h.failed}/shares`, alice.token, {}), 409, 'HIGHLIGHT_RENDER_FAILED');
      assert.deepEqual(await list(h.busy), []);
    });

    test('at most 20 active links per highlight; revoked and expired ones do not count', async () => {
      const made: ShareLink[] = [];
      for (let i = 0; i < 19; i += 1) made.push(await create(h.crowded));
      const weekly = await create(h.crowded, { expiresInDays: 7 });
      const over = assertError(
        await inject('POST', `/api/v1/highlights/${h.crowded}/shares`, alice.token, {}),
        409,
        'SHARE_LIMIT',
      );
      assert.equal(over.error, LIMIT_MESSAGE);
      // Other highlights are not affected.
      await create(h.other);
      // Revoking one frees a place.
      assert.equal((await revoke(made[0]?.id ?? '')).statusCode, 200);
      await create(h.crowded);
      assertError(await inject('POST', `/api/v1/highlights/${h.crowded}/shares`, alice.token, {}), 409, 'SHARE_LIMIT');
      // Once the weekly link has expired, there is room for one more.
      await later(7 * DAY, async () => {
        await create(h.crowded);
        assertError(await inject('POST', `/api/v1/highlights/${h.crowded}/shares`, alice.token, {}), 409, 'SHARE_LIMIT');
      });
      const all = await list(h.crowded);
      assert.equal(all.length, 22);
      assert.equal(all.find((s) => s.id === weekly.id)?.status, 'active', 'back at NOW the weekly link is active again');
    });
  });

  describe('GET /api/v1/highlights/{id}/shares', () => {
    test('every link in every state, active ones first, then newest first, with its status on the server clock', async () => {
      const first = await create(h.noPoster, { expiresInDays: 7 });
      const second = await later(1 * DAY, () => create(h.noPoster));
      const third = await later(2 * DAY, () => create(h.noPoster, { expiresInDays: 30 }));
      await later(3 * DAY, async () => assert.equal((await revoke(second.id)).statusCode, 200));
      assert.deepEqual(
        (await list(h.noPoster)).map((s) => [s.id, s.status]),
        [
          [third.id, 'active'],
          [first.id, 'active'],
          [second.id, 'revoked'],
        ],
      );
      // 8 days on: the 7-day link has expired; the 30-day one (made on day 2) has not.
      await later(8 * DAY, async () => {
        assert.deepEqual(
          (await list(h.noPoster)).map((s) => s.status),
          ['active', 'revoked', 'expired'],
        );
      });
      // Revoked wins over expired (a fresh sign-in: the first token has lapsed by then).
      await later(2 * DAY + 31 * DAY, async () => {
        const fresh = await signIn(b.app, 'alice@example.com');
        assert.equal((await revoke(third.id, fresh.token)).statusCode, 200);
        assert.deepEqual(
          (await list(h.noPoster, fresh.token)).map((s) => s.status),
          ['revoked', 'revoked', 'expired'],
        );
      });
    });

    test('an active link stays listed (and revocable) behind more than 100 newer dead ones, in both lists', async () => {
      // A user of their own, so the other listings keep their answers. Rows written directly, for speed.
      const dave = await signIn(b.app, 'dave@example.com');
      const live = newShareId();
      const highlightId = await b.withDb(async (db) => {
        const eventId = await insertEvent(db, { name: 'Busy', start: new Date(GAME) });
        const insertShare = (id: string, highlight: string, createdMs: number, revoked: boolean, expiresMs?: number) =>
          db.query(
            `INSERT INTO highlight_shares (id, highlight_id, user_id, created_at, revoked_at, expires_at)
             VALUES ($1, $2, $3, $4, $5, $6)`,
            [
              id,
              highlight,
              dave.user.id,
              new Date(createdMs),
              revoked ? new Date(NOW) : null,
              expiresMs === undefined ? null : new Date(expiresMs),
            ],
          );
        const make = (title: string) => insertHighlight(db, { userId: dave.user.id, eventId, title, createdAt: new Date(GAME) });
        const main = await make('Kept');
        // The one live link, then 110 create + revoke cycles (and one expired link) after it.
        await insertShare(live, main, NOW - 30 * DAY, false);
        for (let i = 0; i < 110; i += 1) await insertShare(newShareId(), main, NOW - 20 * DAY + i * SECOND, true);
        await insertShare(newShareId(), main, NOW - 10 * DAY, false, NOW - DAY);
        // 100 more highlights, each with a dead link newer than any of the first one's.
        for (let i = 0; i < SHARE_LIST_LIMIT; i += 1) {
          await insertShare(newShareId(), await make(`Old ${i}`), NOW - 5 * DAY + i * SECOND, true);
        }
        return main;
      });
      const links = await list(highlightId, dave.token);
      assert.equal(links.length, SHARE_LIST_LIMIT);
      assert.deepEqual([links[0]?.id, links[0]?.status], [live, 'active'], 'the active link first');
      assert.equal(links[1]?.status, 'expired', 'then the rest, newest first');
      assert.ok(links.slice(2).every((s) => s.status === 'revoked'));
      const all = await shared(dave.token);
      assert.equal(all.length, SHARE_LIST_LIMIT);
      assert.equal(all[0]?.highlight.id, highlightId, 'the highlight with an active link first');
      assert.deepEqual(
        all[0]?.shares.slice(0, 2).map((s) => s.status),
        ['active', 'expired'],
      );
      assert.equal(all[0]?.shares[0]?.id, live);
      assert.equal((await revoke(live, dave.token)).statusCode, 200);
    });

    test('another user’s highlight → 404; not a UUID → 400', async () => {
      assertError(await inject('GET', `/api/v1/highlights/${h.noPoster}/shares`, bob.token), 404, 'HIGHLIGHT_NOT_FOUND');
      assertError(await inject('GET', `/api/v1/highlights/${MISSING}/shares`, alice.token), 404, 'HIGHLIGHT_NOT_FOUND');
      assertError(await inject('GET', '/api/v1/highlights/1/shares', alice.token), 400, 'INVALID_INPUT');
      assertError(await inject('GET', `/api/v1/highlights/${h.noPoster}/shares`), 401);
    });
  });

  describe('GET /api/v1/shares', () => {
    test('the caller’s shared highlights, those with an active link first, then the newest link first, each with its links', async () => {
      const bobs = await create(h.bobs, {}, bob.token);
      const readyOld = await later(10 * DAY, () => create(h.ready));
      const readyNew = await later(12 * DAY, () => create(h.ready, { expiresInDays: 7 }));
      const answer = await later(12 * DAY, () => shared());
      assert.deepEqual(
        answer.map((x) => x.highlight.id),
        [h.ready, h.crowded, h.other, h.noPoster],
        'newest link first (crowded’s newest was made on day 7, other’s on day 0), those with no active link last ' +
          '(noPoster’s are all revoked or expired by day 12); no link, not listed',
      );
      const ready = answer[0];
      assert.deepEqual(ready?.highlight, {
        id: h.ready,
        title: 'Final Push',
        eventName: 'Final',
        sport: 'basketball',
        createdAt: new Date(Date.parse(GAME) + 60 * 60 * SECOND).toISOString(),
        durationSeconds: 12.5,
        posterUrl: signMediaPath(TEST_SECRET, `/media/highlights/${h.ready}/poster`, NOW + 12 * DAY),
      });
      assert.deepEqual(
        ready?.shares.map((s) => s.id),
        [readyNew.id, readyOld.id],
      );
      assert.equal(ready?.shares[0]?.url, `${INJECT_ORIGIN}/s/${readyNew.id}`);
      // The poster is the owner's, signed: it opens.
      const poster = await b.app.inject({ method: 'GET', url: ready?.highlight.posterUrl ?? '' });
      assert.equal(poster.statusCode, 200);
      const noPoster = answer.find((x) => x.highlight.id === h.noPoster);
      assert.ok(noPoster && !('posterUrl' in noPoster.highlight));
      assert.equal(noPoster.shares.length, 3);
      // Bob sees his own only; Carol, nothing.
      const bobsAnswer = await shared(bob.token);
      assert.deepEqual(
        bobsAnswer.map((x) => [x.highlight.id, x.shares.map((s) => s.id)]),
        [[h.bobs, [bobs.id]]],
      );
      assert.deepEqual(await shared(carol.token), []);
      assertError(await inject('GET', '/api/v1/shares'), 401);
    });
  });

  describe('POST /api/v1/shares/{shareId}/revoke', () => {
    test('revokes; idempotent, keeping the first revocation time', async () => {
      const share = await create(h.other);
      const res = await later(5 * SECOND, () => revoke(share.id));
      assert.equal(res.statusCode, 200, res.body);
      const revoked = envelope<{ share: ShareLink }>(res).data.share;
      assert.deepEqual(revoked, { ...share, status: 'revoked', revokedAt: new Date(NOW + 5 * SECOND).toISOString() });
      const again = await later(DAY, () => revoke(share.id));
      assert.equal(again.statusCode, 200);
      assert.equal(envelope<{ share: ShareLink }>(again).data.share.revokedAt, revoked.revokedAt);
      assert.equal((await list(h.other)).find((s) => s.id === share.id)?.status, 'revoked');
    });

    test('someone else’s, unknown or malformed id → 404 SHARE_NOT_FOUND, and nothing changes', async () => {
      const share = await create(h.other);
      assertError(await revoke(share.id, bob.token), 404, 'SHARE_NOT_FOUND');
      assertError(await revoke(newShareId()), 404, 'SHARE_NOT_FOUND');
      for (const bad of [
        'abc',
        `${share.id}x`,
        share.id.slice(1),
        share.id.toLowerCase() === share.id ? 'x' : share.id.toLowerCase(),
        '%00',
        '..',
      ]) {
        const res = await revoke(bad);
        assert.ok(res.statusCode === 404 || res.statusCode === 400, `${bad}: ${res.statusCode}`);
        assert.notEqual(envelope(res).success, true);
      }
      assertError(await revoke('abc'), 404, 'SHARE_NOT_FOUND');
      assertError(await inject('POST', `/api/v1/shares/${share.id}/revoke`), 401);
      assert.equal((await list(h.other)).find((s) => s.id === share.id)?.status, 'active');
    });
  });
});

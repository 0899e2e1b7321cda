import assert from 'node:assert/strict';
import { createHash, randomUUID } from 'node:crypto';
import { after, before, beforeEach, describe, test } from 'node:test';
import { MAX_OPEN_EDITOR_SESSIONS, MAX_RENDERS_PER_USER, tooManyRendersMessage } from '../../src/app/product';
import { setFreeSpaceProbe } from '../lib/diskSpace';
import type { SessionView } from '../lib/editorSessions';
import { verifyMediaSignature } from '../lib/media';
import { type BrowseApp, insertClip, insertEvent, insertTag, setUserState } from './browseFixtures';
import { bearer, signIn, type SignedIn } from './helpers';
import {
  createSession,
  editorHeaders,
  INJECT_ORIGIN,
  RETURN_URL,
  startHighlightApp,
  TEST_SECRET,
  tradeCredential,
  type CreatedSession,
} from './highlightFixtures';
import type { Envelope } from './mediaFixtures';

/** Editor sessions (docs/product/part-2.md §3, §4 Editing flow, §5, §7, §8; docs/api.md "Editor sessions"). */

const at = (iso: string, plusSeconds = 0) => new Date(Date.parse(iso) + plusSeconds * 1000);
const GAME = '2030-03-01T18:00:00.000Z';
const NOW = Date.parse('2030-03-01T19:00:00.000Z');
const TWO_HOURS = 2 * 3600 * 1000;
const MISSING = '00000000-0000-4000-8000-000000000000';

interface Res {
  statusCode: number;
  body: string;
  headers: Record<string, unknown>;
}

function envelope<T = unknown>(res: Res): Envelope<T> {
  return JSON.parse(res.body) as Envelope<T>;
}

function assertError(res: Res, status: number, code?: string, message?: string): Envelope {
  assert.equal(res.statusCode, status, res.body);
  const body = envelope(res);
  assert.equal(body.success, false, res.body);
  if (code) assert.equal(body.code, code, res.body);
  if (message) assert.equal(body.error, message, res.body);
  return body;
}

describe('editor sessions API', () => {
  let b: BrowseApp;
  let alice: SignedIn;
  let bob: SignedIn;
  let revoked: SignedIn;
  const lines: string[] = [];
  const ev = { game: '', other: '' };
  const clips = { a1: '', a2: '', a3: '', bob: '', otherEvent: '', revokedUser: '', noDuration: '' };

  const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    b.app.inject({ method: 'POST', url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const get = (url: string, headers: Record<string, string> = {}) => b.app.inject({ method: 'GET', url, headers });
  const create = (payload: unknown, token = alice.token) => post('/api/v1/editor-sessions', payload, bearer(token));
  const validBody = (over: Record<string, unknown> = {}) => ({
    eventId: ev.game,
    clipIds: [clips.a1, clips.bob],
    returnUrl: RETURN_URL,
    ...over,
  });
  /** A fresh session and its credential. */
  const openSession = async (clipIds = [clips.a2, clips.a1, clips.bob]) => {
    const session = await createSession(b.app, alice.token, { eventId: ev.game, clipIds });
    return { session, credential: await tradeCredential(b.app, session) };
  };
  const load = (id: string, credential: string) => get(`/api/v1/editor-sessions/${id}`, editorHeaders(credential));

  before(async () => {
    b = await startHighlightApp(NOW, { logger: true, logStream: { write: (line) => void lines.push(line) } });
    alice = await signIn(b.app, 'alice@example.com');
    bob = await signIn(b.app, 'bob@example.com');
    revoked = await signIn(b.app, 'revoked@example.com');
    await b.withDb(async (db) => {
      ev.game = await insertEvent(db, { name: 'Final', sport: 'basketball', start: at(GAME), end: at(GAME, 3 * 3600) });
      ev.other = await insertEvent(db, { name: 'Cup', start: at('2030-02-01T18:00:00Z') });
      // Alice's tags: the moment at +600 s, another at +700 s; Bob's tag at +640 s (never a moment of Alice's session).
      await insertTag(db, { userId: alice.user.id, eventId: ev.game, taggedAt: at(GAME, 600), description: '  Goal  ' });
      await insertTag(db, { userId: alice.user.id, eventId: ev.game, taggedAt: at(GAME, 700) });
      await insertTag(db, { userId: bob.user.id, eventId: ev.game, taggedAt: at(GAME, 640), description: 'Bob' });
      // a1 contains the moment (42 s in); a2 starts 20 s after it (offset −20); a3 is far from both tags.
      clips.a1 = await insertClip(db, { userId: alice.user.id, eventId: ev.game, recordedAt: at(GAME, 558), duration: 60 });
      clips.a2 = await insertClip(db, { userId: alice.user.id, eventId: ev.game, recordedAt: at(GAME, 620), duration: 5 });
      clips.a3 = await insertClip(db, { userId: alice.user.id, eventId: ev.game, recordedAt: at(GAME, 2000), duration: 8 });
      // Bob's clip: 10 s after Alice's first moment and 90 s before her second → the first is nearer.
      clips.bob = await insertClip(db, {
        userId: bob.user.id,
        eventId: ev.game,
        recordedAt: at(GAME, 605),
        duration: 5,
        device: 'Pixel 9',
      });
      clips.otherEvent = await insertClip(db, { userId: alice.user.id, eventId: ev.other, recordedAt: at(GAME, 600) });
      clips.revokedUser = await insertClip(db, { userId: revoked.user.id, eventId: ev.game, recordedAt: at(GAME, 600) });
      clips.noDuration = await insertClip(db, {
        userId: alice.user.id,
        eventId: ev.game,
        recordedAt: at(GAME, 3000),
        duration: null,
      });
      await setUserState(db, revoked.user.id, 'revoked');
    });
  });

  after(async () => {
    await b.close();
  });

  describe('POST /api/v1/editor-sessions', () => {
    test('201: id, a one-time token, the editor URL and an expiry 2 h ahead; only the token hash is stored', async () => {
      const res = await create(validBody({ clipIds: [clips.bob, clips.a1] }));
      assert.equal(res.statusCode, 201, res.body);
      const data = envelope<CreatedSession>(res).data;
      assert.match(data.id, /^[0-9a-f-]{36}$/);
      assert.match(data.token, /^[A-Za-z0-9_-]{43}$/);
      assert.equal(data.editorUrl, `/editor/${data.id}?token=${data.token}`);
      assert.equal(data.expiresAt, new Date(NOW + TWO_HOURS).toISOString());
      const row = await b.withDb(
        async (db) =>
          (
            await db.query<{
              launch_token_hash: string;
              clip_ids: string[];
              return_url: string;
              status: string;
              user_id: string;
            }>('SELECT * FROM editor_sessions WHERE id = $1', [data.id])
          ).rows[0],
      );
      assert.ok(row);
      assert.equal(row.launch_token_hash, createHash('sha256').update(data.token).digest('hex'));
      assert.ok(!JSON.stringify(row).includes(data.token), 'the token itself is not stored');
      assert.deepEqual(row.clip_ids, [clips.bob, clips.a1], 'in the order chosen');
      assert.equal(row.return_url, RETURN_URL);
      assert.equal(row.status, 'open');
      assert.equal(row.user_id, alice.user.id);
    });

    test(`opening more than ${MAX_OPEN_EDITOR_SESSIONS} sessions ends the oldest; the newest stay usable`, async () => {
      const dan = await signIn(b.app, 'dan-sessions@example.com');
      const opened = [];
      for (let i = 0; i < MAX_OPEN_EDITOR_SESSIONS + 2; i += 1) {
        const session = await createSession(b.app, dan.token, { eventId: ev.game, clipIds: [clips.a1] });
        opened.push({ session, credential: await tradeCredential(b.app, session) });
      }
      for (const [i, { session, credential }] of opened.entries()) {
        const res = await load(session.id, credential);
        assert.equal(res.statusCode, i < 2 ? 410 : 200, `session ${i + 1}`);
      }
    });

    test('any user’s clips of the event may be used (the highlight screen lists all users’ clips)', async () => {
      const res = await create(validBody({ clipIds: [clips.bob] }), alice.token);
      assert.equal(res.statusCode, 201, res.body);
      const mine = await create(validBody({ clipIds: [clips.a1, clips.a2] }), bob.token);
      assert.equal(mine.statusCode, 201, mine.body);
    });

    test('missing event or clips → 400 "Event ID and at least one clip are required"', async () => {
      const message = 'Event ID and at least one clip are required';
      for (const payload of [
        { clipIds: [clips.a1], returnUrl: RETURN_URL },
        { eventId: '', clipIds: [clips.a1], returnUrl: RETURN_URL },
        { eventId: ev.game, returnUrl: RETURN_URL },
        { eventId: ev.game, clipIds: [], returnUrl: RETURN_URL },
        { eventId: null, clipIds: null, returnUrl: RETURN_URL },
      ]) {
        assertError(await create(payload), 400, 'INVALID_INPUT', message);
      }
      // No body at all, or not an object.
      assertError(await post('/api/v1/editor-sessions', undefined, bearer(alice.token)), 400, 'INVALID_INPUT', message);
      assertError(await create([ev.game]), 400, 'INVALID_INPUT', message);
    });

    test('more than 20 clips → 400 "Too many clips selected…", also for a huge array', async () => {
      const message = 'Too many clips selected. Please select 20 or fewer clips.';
      const ids = Array.from({ length: 21 }, () => randomUUID());
      assertError(await create(validBody({ clipIds: ids })), 400, 'INVALID_INPUT', message);
      const huge = Array.from({ length: 20_000 }, (_, i) => `x${i}`);
      assertError(await create(validBody({ clipIds: huge })), 400, 'INVALID_INPUT', message);
    });

    test('20 clips is the limit, not over it', async () => {
      const ids = Array.from({ length: 20 }, () => randomUUID());
      // Accepted by the count rule; refused only because these clips do not exist.
      const body = assertError(await create(validBody({ clipIds: ids })), 400, 'CLIP_NOT_USABLE');
      assert.equal((body.details?.clipIds as string[]).length, 20);
    });

    test('bad ids, repeats and wrong types → 400 INVALID_INPUT naming the field', async () => {
      const cases: [unknown, string][] = [
        [validBody({ eventId: 'not-a-uuid' }), 'body.eventId'],
        [validBody({ eventId: 42 }), 'body.eventId'],
        [validBody({ clipIds: [clips.a1, 'nope'] }), 'body.clipIds.1'],
        [validBody({ clipIds: [clips.a1, 7] }), 'body.clipIds.1'],
        [validBody({ clipIds: clips.a1 }), 'body.clipIds'],
        [validBody({ clipIds: { 0: clips.a1 } }), 'body.clipIds'],
        [validBody({ clipIds: [clips.a1, clips.a1] }), 'body.clipIds'],
        [validBody({ clipIds: [clips.a1, clips.a1.toUpperCase()] }), 'body.clipIds'],
      ];
      for (const [payload, field] of cases) {
        const body = assertError(await create(payload), 400, 'INVALID_INPUT');
        assert.ok(body.details && field in body.details, `${field} in ${JSON.stringify(body)}`);
      }
    });

    test('returnUrl must be an absolute URL on this site → else 400 "returnUrl must be on this site"', async () => {
      const message = 'returnUrl must be on this site';
      for (const returnUrl of [
        'https://evil.example/highlights/view',
        'http://localhost:8080/highlights/view',
        'https://localhost/highlights/view',
        'http://localhost.evil.example/highlights/view',
        'http://evil.example@localhost.evil.example/',
        'javascript:alert(1)',
        '//evil.example/highlights/view',
        '/\\evil.example/',
        '/highlights/view',
        'highlights/view',
        '',
        42,
        null,
        ['http://localhost/highlights/view'],
        `${INJECT_ORIGIN}/${'x'.repeat(3000)}`,
      ]) {
        const res = await create(validBody({ returnUrl }));
        assertError(res, 400, 'INVALID_INPUT', message);
      }
      const missing = await create({ eventId: ev.game, clipIds: [clips.a1] });
      assertError(missing, 400, 'INVALID_INPUT', message);
      // Same origin with a query: accepted.
      const okRes = await create(validBody({ returnUrl: `${INJECT_ORIGIN}/highlights/view?tab=mine` }));
      assert.equal(okRes.statusCode, 201, okRes.body);
    });

    test('an unknown event → 404 EVENT_NOT_FOUND', async () => {
      assertError(await create(validBody({ eventId: MISSING })), 404, 'EVENT_NOT_FOUND', 'Event not found');
    });

    test('clips of another event, unknown clips and a revoked user’s clips → 400 CLIP_NOT_USABLE naming them', async () => {
      const unknown = randomUUID();
      const res = await create(validBody({ clipIds: [clips.a1, clips.otherEvent, unknown, clips.revokedUser] }));
      const body = assertError(res, 400, 'CLIP_NOT_USABLE');
      assert.deepEqual(body.details?.clipIds, [clips.otherEvent, unknown, clips.revokedUser]);
      assert.ok(body.error?.includes(clips.otherEvent) && body.error.includes(unknown), body.error);
    });

    test('without a bearer → 401; a revoked user → 403', async () => {
      assertError(await post('/api/v1/editor-sessions', validBody()), 401);
      assertError(await create(validBody(), revoked.token), 403, 'PERMISSION_REVOKED');
    });
  });

  describe('POST /api/v1/editor-sessions/{id}/credential', () => {
    test('the launch token works once: a credential and the expiry, then 401', async () => {
      const session = await createSession(b.app, alice.token, { eventId: ev.game, clipIds: [clips.a1] });
      const res = await post(`/api/v1/editor-sessions/${session.id}/credential`, { token: session.token });
      assert.equal(res.statusCode, 200, res.body);
      const data = envelope<{ credential: string; expiresAt: string }>(res).data;
      assert.match(data.credential, /^ced\./);
      assert.ok(!data.credential.includes(session.token));
      assert.equal(data.expiresAt, session.expiresAt);
      const again = await post(`/api/v1/editor-sessions/${session.id}/credential`, { token: session.token });
      assertError(again, 401, 'INVALID_EDITOR_LINK', 'Editor link is invalid or was already used');
    });

    test('a wrong token → 401, and the right one still works afterwards', async () => {
      const session = await createSession(b.app, alice.token, { eventId: ev.game, clipIds: [clips.a1] });
      // One character changed, the first: the last of a base64url token is 'A' one time in 16, and its low bits
      // carry no data, so changing it could give the same token or the same bytes.
      const changed = `${session.token.startsWith('A') ? 'B' : 'A'}${session.token.slice(1)}`;
      const wrong = await post(`/api/v1/editor-sessions/${session.id}/credential`, { token: changed });
      assertError(wrong, 401, 'INVALID_EDITOR_LINK', 'Editor link is invalid or was already used');
      // Another session's token does not open this one.
      const other = await createSession(b.app, alice.token, { eventId: ev.game, clipIds: [clips.a1] });
      assertError(await post(`/api/v1/editor-sessions/${session.id}/credential`, { token: other.token }), 401);
      assert.match(await tradeCredential(b.app, session), /^ced\./);
    });

    test('unknown id → 404, bad id or body → 400, expired → 410', async () => {
      const session = await createSession(b.app, alice.token, { eventId: ev.game, clipIds: [clips.a1] });
      assertError(
        await post(`/api/v1/editor-sessions/${MISSING}/credential`, { token: session.token }),
        404,
        'EDITOR_SESSION_NOT_FOUND',
        'Editing session not found. It may have expired.',
      );
      assertError(await post('/api/v1/editor-sessions/nope/credential', { token: session.token }), 400, 'INVALID_INPUT');
      for (const payload of [undefined, {}, { token: 5 }, { token: '' }, { token: 'x'.repeat(500) }, [session.token]]) {
        assertError(await post(`/api/v1/editor-sessions/${session.id}/credential`, payload), 400, 'INVALID_INPUT');
      }
      b.clock.advance(TWO_HOURS);
      try {
        assertError(
          await post(`/api/v1/editor-sessions/${session.id}/credential`, { token: session.token }),
          410,
          'EDITOR_SESSION_EXPIRED',
          'Editing session has expired.',
        );
      } finally {
        b.clock.set(NOW);
      }
    });
  });

  describe('GET /api/v1/editor-sessions/{id}', () => {
    test('the session: event, and the clips in the chosen order with their moments', async () => {
      const { session, credential } = await openSession([clips.a2, clips.bob, clips.a1, clips.a3]);
      const res = await load(session.id, credential);
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.headers['cache-control'], 'no-store');
      const view = envelope<{ session: SessionView }>(res).data.session;
      assert.equal(view.id, session.id);
      assert.equal(view.status, 'open');
      assert.equal(view.expiresAt, session.expiresAt);
      assert.equal(view.returnUrl, RETURN_URL);
      assert.deepEqual(view.event, {
        id: ev.game,
        name: 'Final',
        sport: 'basketball',
        startTime: GAME,
        endTime: at(GAME, 3 * 3600).toISOString(),
        timezone: 'America/Chicago',
        location: { name: 'Wrigley Field', city: 'Chicago', state: 'IL' },
      });
      assert.deepEqual(
        view.clips.map((c) => c.id),
        [clips.a2, clips.bob, clips.a1, clips.a3],
      );
      const [a2, bobClip, a1, a3] = view.clips;
      // The moment (+600 s) is 20 s before a2 starts; the +700 s tag does not match a2 (it ended at +625).
      assert.deepEqual(a2?.moment, { offsetSeconds: -20, description: 'Goal' });
      // Bob's clip: Alice's +600 s tag is 5 s before it, the +700 s tag 90 s after its end — and Bob's own tag
      // (+640 s, inside the window) is not Alice's moment.
      assert.deepEqual(bobClip?.moment, { offsetSeconds: -5, description: 'Goal' });
      assert.deepEqual(a1?.moment, { offsetSeconds: 42, description: 'Goal' });
      assert.equal(a3?.moment, null);
      assert.deepEqual(bobClip?.user, { email: 'bob@example.com' });
      assert.equal(bobClip?.device, 'Pixel 9');
      assert.equal(bobClip?.duration, 5);
      assert.equal(bobClip?.timestamp, at(GAME, 605).toISOString());
      assert.equal(bobClip?.width, 160);
      assert.equal(bobClip?.height, 120);
      assert.equal(bobClip?.thumbnailUrl, null);
      assert.deepEqual(Object.keys(bobClip ?? {}).sort(), [
        'device',
        'duration',
        'height',
        'id',
        'moment',
        'thumbnailUrl',
        'timestamp',
        'trim',
        'user',
        'videoUrl',
        'width',
      ]);
      // No trims were sent (editor-session-trims.test.ts covers them): every clip's is null.
      assert.deepEqual(
        view.clips.map((c) => c.trim),
        [null, null, null, null],
      );
      const url = new URL(bobClip?.videoUrl ?? '', INJECT_ORIGIN);
      assert.equal(url.pathname, `/media/editor/${session.id}/clips/${clips.bob}/video`);
      assert.equal(
        verifyMediaSignature(TEST_SECRET, url.pathname, url.searchParams.get('exp'), url.searchParams.get('sig'), NOW),
        'ok',
      );
      // Signed to the session's expiry, not the hours a clip list's links live.
      assert.ok(Number(url.searchParams.get('exp')) * 1000 <= Date.parse(view.expiresAt));
    });

    test('a clip inside two moments takes the nearer; equally near (both inside) → the earliest', async () => {
      const { session, credential } = await openSession([clips.a1]);
      // a1 (+558 … +618) contains +600 only; check with a clip spanning both tags.
      const wide = await b.withDb((db) =>
        insertClip(db, { userId: alice.user.id, eventId: ev.game, recordedAt: at(GAME, 590), duration: 200 }),
      );
      const near = await b.withDb((db) =>
        insertClip(db, { userId: alice.user.id, eventId: ev.game, recordedAt: at(GAME, 710), duration: 4 }),
      );
      const second = await openSession([wide, near]);
      const view = envelope<{ session: SessionView }>(await load(second.session.id, second.credential)).data.session;
      assert.deepEqual(view.clips[0]?.moment, { offsetSeconds: 10, description: 'Goal' });
      // +700 s is 10 s before `near`; +600 s is 110 s before — out of the window anyway.
      assert.deepEqual(view.clips[1]?.moment, { offsetSeconds: -10, description: null });
      assert.equal((await load(session.id, credential)).statusCode, 200);
    });

    test('no credential, a forged one, or a user token as credential → 401; another session’s → 403', async () => {
      const { session, credential } = await openSession();
      const other = await openSession();
      assertError(await get(`/api/v1/editor-sessions/${session.id}`), 401, 'INVALID_EDITOR_CREDENTIAL');
      assertError(await get(`/api/v1/editor-sessions/${session.id}`, bearer(alice.token)), 401, 'INVALID_EDITOR_CREDENTIAL');
      assertError(await load(session.id, alice.token), 401, 'INVALID_EDITOR_CREDENTIAL');
      const forged = `${credential.slice(0, -2)}${credential.endsWith('AA') ? 'BB' : 'AA'}`;
      assertError(await load(session.id, forged), 401, 'INVALID_EDITOR_CREDENTIAL');
      // A credential re-labelled for another session keeps the first session's signature: not genuine.
      assertError(await load(other.session.id, credential.replace(session.id, other.session.id)), 401);
      assertError(await load(other.session.id, credential), 403, 'EDITOR_CREDENTIAL_SCOPE');
      assertError(await load(session.id, 'ced.x.y.z'), 401);
      assertError(await load(session.id, 'x'.repeat(5000)), 401);
    });

    test('unknown → 404, not a UUID → 400, after 2 h → 410', async () => {
      const { session, credential } = await openSession();
      assertError(
        await load(MISSING, credential),
        404,
        'EDITOR_SESSION_NOT_FOUND',
        'Editing session not found. It may have expired.',
      );
      assertError(await load('not-a-uuid', credential), 400, 'INVALID_INPUT');
      b.clock.advance(TWO_HOURS - 1);
      try {
        assert.equal((await load(session.id, credential)).statusCode, 200);
        b.clock.advance(1);
        assertError(await load(session.id, credential), 410, 'EDITOR_SESSION_EXPIRED', 'Editing session has expired.');
      } finally {
        b.clock.set(NOW);
      }
    });

    test('a clip deleted since the session started is left out; a creator revoked since → 403', async () => {
      const { session, credential } = await openSession([clips.a1, clips.a3]);
      const gone = await b.withDb(async (db) => {
        const id = await insertClip(db, { userId: bob.user.id, eventId: ev.game, recordedAt: at(GAME, 4000) });
        return id;
      });
      const withGone = await openSession([gone, clips.a1]);
      await b.withDb((db) => db.query('DELETE FROM clips WHERE id = $1', [gone]));
      const view = envelope<{ session: SessionView }>(await load(withGone.session.id, withGone.credential)).data.session;
      assert.deepEqual(
        view.clips.map((c) => c.id),
        [clips.a1],
      );
      const carol = await signIn(b.app, 'carol@example.com');
      const hers = await createSession(b.app, carol.token, { eventId: ev.game, clipIds: [clips.a1] });
      const herCredential = await tradeCredential(b.app, hers);
      await b.withDb((db) => setUserState(db, carol.user.id, 'revoked'));
      assertError(await load(hers.id, herCredential), 403, 'PERMISSION_REVOKED');
      assert.equal((await load(session.id, credential)).statusCode, 200);
    });
  });

  describe('the credential is scoped to its session’s editor routes', () => {
    test('as a Bearer on user routes → 401', async () => {
      const { credential } = await openSession();
      for (const url of ['/api/v1/clips', '/api/v1/highlights', '/api/v1/auth/me', `/api/v1/events/${ev.game}`]) {
        const res = await get(url, { authorization: `Bearer ${credential}`, 'x-frontend-client': 'true' });
        assertError(res, 401);
      }
      const createRes = await post('/api/v1/editor-sessions', validBody(), { authorization: `Bearer ${credential}` });
      assertError(createRes, 401);
    });

    test('another session’s cancel and render → 403, and nothing changes', async () => {
      const a = await openSession();
      const other = await openSession();
      assertError(await post(`/api/v1/editor-sessions/${other.session.id}/cancel`, undefined, editorHeaders(a.credential)), 403);
      const render = await post(
        `/api/v1/editor-sessions/${other.session.id}/render`,
        { title: 'Mine', clips: [{ clipId: clips.a1, inSeconds: 0, outSeconds: 5 }] },
        editorHeaders(a.credential),
      );
      assertError(render, 403);
      assert.equal((await load(other.session.id, other.credential)).statusCode, 200, 'still open');
    });
  });

  describe('POST /api/v1/editor-sessions/{id}/cancel', () => {
    test('with the credential: 200 cancelled, idempotent; the session is then gone (410)', async () => {
      const { session, credential } = await openSession();
      for (let i = 0; i < 2; i += 1) {
        const res = await post(`/api/v1/editor-sessions/${session.id}/cancel`, undefined, editorHeaders(credential));
        assert.equal(res.statusCode, 200, res.body);
        assert.deepEqual(envelope(res).data, { id: session.id, status: 'cancelled' });
      }
      assertError(await load(session.id, credential), 410, 'EDITOR_SESSION_EXPIRED');
    });

    test("the session's clip links die with it: served while open, 403 once cancelled, and never at the plain path", async () => {
      const { session, credential } = await openSession();
      const view = envelope<{ session: SessionView }>(await load(session.id, credential)).data.session;
      const link = view.clips[0]?.videoUrl ?? '';
      const open = await get(link);
      assert.notEqual(open.statusCode, 403, open.body);
      const forged = new URL(link, INJECT_ORIGIN);
      forged.pathname = forged.pathname.replace(`/media/editor/${session.id}`, '/media');
      assertError(await get(`${forged.pathname}${forged.search}`), 403, 'INVALID_SIGNATURE');
      await post(`/api/v1/editor-sessions/${session.id}/cancel`, undefined, editorHeaders(credential));
      assertError(await get(link), 403, 'MEDIA_URL_EXPIRED');
    });

    test('with the creator’s bearer (before the token was traded): the link then stops working (410)', async () => {
      const session = await createSession(b.app, alice.token, { eventId: ev.game, clipIds: [clips.a1] });
      assertError(await post(`/api/v1/editor-sessions/${session.id}/cancel`, {}, bearer(bob.token)), 404);
      assertError(await post(`/api/v1/editor-sessions/${session.id}/cancel`), 401);
      const res = await post(`/api/v1/editor-sessions/${session.id}/cancel`, {}, bearer(alice.token));
      assert.equal(res.statusCode, 200, res.body);
      assertError(await post(`/api/v1/editor-sessions/${session.id}/credential`, { token: session.token }), 410);
    });

    test('unknown → 404; bad id → 400; an expired session can still be cancelled', async () => {
      const { session, credential } = await openSession();
      assertError(await post(`/api/v1/editor-sessions/${MISSING}/cancel`, undefined, editorHeaders(credential)), 404);
      assertError(await post('/api/v1/editor-sessions/123/cancel', undefined, editorHeaders(credential)), 400);
      b.clock.advance(3 * TWO_HOURS);
      try {
        const res = await post(`/api/v1/editor-sessions/${session.id}/cancel`, undefined, editorHeaders(credential));
        assert.equal(res.statusCode, 200, res.body);
      } finally {
        b.clock.set(NOW);
      }
    });
  });

  describe('POST /api/v1/editor-sessions/{id}/render', () => {
    const render = (id: string, credential: string, payload: unknown) =>
      post(`/api/v1/editor-sessions/${id}/render`, payload, editorHeaders(credential));
    // No worker runs here: each test's renders stay queued, and a user may have only MAX_RENDERS_PER_USER of them.
    beforeEach(async () => {
      await b.withDb((db) => db.query(`UPDATE render_jobs SET state = 'done' WHERE state IN ('queued', 'active')`));
    });

    test('201: the highlight (queued) and its render job; the session is completed; returns with the flags', async () => {
      const { session, credential } = await openSession([clips.a1, clips.bob, clips.a2]);
      const edit = [
        { clipId: clips.bob, inSeconds: 0, outSeconds: 5.04 },
        { clipId: clips.a1.toUpperCase(), inSeconds: 37, outSeconds: 47.5 },
      ];
      const res = await render(session.id, credential, { title: '  Final push  ', clips: edit });
      assert.equal(res.statusCode, 201, res.body);
      const data = envelope<{ highlightId: string; returnUrl: string }>(res).data;
      assert.equal(data.returnUrl, `${RETURN_URL}?editing_session=${session.id}&editing_completed=true`);
      const stored = await b.withDb(async (db) => ({
        highlight: (
          await db.query<{
            user_id: string;
            event_id: string;
            title: string;
            clips: unknown;
            stage: string;
            editor_session_id: string;
          }>('SELECT * FROM highlights WHERE id = $1', [data.highlightId])
        ).rows[0],
        job: (
          await db.query<{ state: string; attempts: number }>('SELECT * FROM render_jobs WHERE highlight_id = $1', [
            data.highlightId,
          ])
        ).rows[0],
        session: (await db.query<{ status: string }>('SELECT status FROM editor_sessions WHERE id = $1', [session.id])).rows[0],
      }));
      assert.equal(stored.highlight?.user_id, alice.user.id);
      assert.equal(stored.highlight?.event_id, ev.game);
      assert.equal(stored.highlight?.title, 'Final push');
      assert.equal(stored.highlight?.stage, 'queued');
      assert.equal(stored.highlight?.editor_session_id, session.id);
      assert.deepEqual(stored.highlight?.clips, [
        { clipId: clips.bob, inSeconds: 0, outSeconds: 5.04 },
        { clipId: clips.a1, inSeconds: 37, outSeconds: 47.5 },
      ]);
      assert.equal(stored.job?.state, 'queued');
      assert.equal(stored.job?.attempts, 0);
      assert.equal(stored.session?.status, 'completed');
      // Completed: a repeated Render (the first answer may have been lost) gets the same answer, 200, and makes
      // nothing new; no cancel, no load.
      for (const payload of [
        { title: '  Final push  ', clips: edit },
        { title: 'Again', clips: edit },
      ]) {
        const again = await render(session.id, credential, payload);
        assert.equal(again.statusCode, 200, again.body);
        assert.deepEqual(envelope(again).data, data);
      }
      const made = await b.withDb(
        async (db) =>
          (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM highlights WHERE editor_session_id = $1', [session.id]))
            .rows[0]?.n,
      );
      assert.equal(made, 1, 'the repeated Render made no second highlight');
      assertError(await post(`/api/v1/editor-sessions/${session.id}/cancel`, undefined, editorHeaders(credential)), 409);
      assertError(await load(session.id, credential), 410);
      // The highlight is listed as processing.
      const list = await get('/api/v1/highlights', bearer(alice.token));
      const highlights = envelope<{ highlights: { id: string; status: string; clipCount: number }[] }>(list).data.highlights;
      const mine = highlights.find((h) => h.id === data.highlightId);
      assert.equal(mine?.status, 'processing');
      assert.equal(mine?.clipCount, 2);
    });

    test('returnUrl keeps its query and fragment', async () => {
      const session = await createSession(b.app, alice.token, {
        eventId: ev.game,
        clipIds: [clips.a1],
        returnUrl: `${INJECT_ORIGIN}/highlights/view?tab=mine#top`,
      });
      const credential = await tradeCredential(b.app, session);
      const res = await render(session.id, credential, {
        title: 'T',
        clips: [{ clipId: clips.a1, inSeconds: 0, outSeconds: 1 }],
      });
      assert.equal(res.statusCode, 201, res.body);
      assert.equal(
        envelope<{ returnUrl: string }>(res).data.returnUrl,
        `${INJECT_ORIGIN}/highlights/view?tab=mine&editing_session=${session.id}&editing_completed=true#top`,
      );
    });

    test('bad edits → 400 naming the field, and nothing is created', async () => {
      const { session, credential } = await openSession([clips.a1, clips.bob, clips.noDuration]);
      const piece = (clipId: string, inSeconds: unknown, outSeconds: unknown) => ({ clipId, inSeconds, outSeconds });
      const good = [piece(clips.a1, 0, 10)];
      const cases: [unknown, string][] = [
        [undefined, 'body'],
        [[], 'body'],
        [{ clips: good }, 'body.title'],
        [{ title: '   ', clips: good }, 'body.title'],
        [{ title: 'x'.repeat(101), clips: good }, 'body.title'],
        [{ title: 7, clips: good }, 'body.title'],
        [{ title: 'T' }, 'body.clips'],
        [{ title: 'T', clips: [] }, 'body.clips'],
        [{ title: 'T', clips: Array.from({ length: 21 }, () => piece(clips.a1, 0, 1)) }, 'body.clips'],
        [{ title: 'T', clips: Array.from({ length: 5000 }, () => piece(clips.a1, 0, 1)) }, 'body.clips'],
        [{ title: 'T', clips: 'all' }, 'body.clips'],
        [{ title: 'T', clips: [piece(clips.a3, 0, 1)] }, 'body.clips.0.clipId'],
        [{ title: 'T', clips: [piece('nope', 0, 1)] }, 'body.clips.0.clipId'],
        [{ title: 'T', clips: [piece(clips.a1, 0, 1), piece(clips.a1, 2, 3)] }, 'body.clips.1.clipId'],
        [{ title: 'T', clips: [piece(clips.a1, -0.1, 1)] }, 'body.clips.0'],
        [{ title: 'T', clips: [piece(clips.a1, 0, 60.06)] }, 'body.clips.0'],
        [{ title: 'T', clips: [piece(clips.a1, 5, 5)] }, 'body.clips.0'],
        [{ title: 'T', clips: [piece(clips.a1, 6, 5)] }, 'body.clips.0'],
        [{ title: 'T', clips: [piece(clips.a1, 5, 5.4)] }, 'body.clips.0'],
        [{ title: 'T', clips: [piece(clips.a1, '0', 5)] }, 'body.clips.0'],
        [{ title: 'T', clips: [piece(clips.a1, 0, null)] }, 'body.clips.0'],
        [{ title: 'T', clips: [null] }, 'body.clips.0'],
        [{ title: 'T', clips: [piece(clips.noDuration, 0, 1e9)] }, 'body.clips.0'],
      ];
      for (const [payload, field] of cases) {
        const body = assertError(await render(session.id, credential, payload), 400, 'INVALID_INPUT');
        assert.ok(
          body.details && field in body.details,
          `${field} in ${JSON.stringify(body)} for ${JSON.stringify(payload)?.slice(0, 200)}`,
        );
      }
      const count = await b.withDb(
        async (db) =>
          (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM highlights WHERE editor_session_id = $1', [session.id]))
            .rows[0]?.n,
      );
      assert.equal(count, 0);
      // The edges that are allowed: out at the duration + 0.05, exactly 0.5 s, a clip of unknown duration.
      const res = await render(session.id, credential, {
        title: 'x'.repeat(100),
        clips: [piece(clips.a1, 59.55, 60.05), piece(clips.noDuration, 0, 3)],
      });
      assert.equal(res.statusCode, 201, res.body);
    });

    test('on a cancelled or expired session → 410; without a credential → 401', async () => {
      const edit = { title: 'T', clips: [{ clipId: clips.a1, inSeconds: 0, outSeconds: 1 }] };
      // A completed session's repeated Render answers 200 only with its credential and only until it expires.
      const completed = await openSession();
      assert.equal((await render(completed.session.id, completed.credential, edit)).statusCode, 201);
      assertError(await post(`/api/v1/editor-sessions/${completed.session.id}/render`, edit), 401);
      const other = await openSession();
      assertError(await render(completed.session.id, other.credential, edit), 403);
      const cancelled = await openSession();
      await post(`/api/v1/editor-sessions/${cancelled.session.id}/cancel`, undefined, editorHeaders(cancelled.credential));
      assertError(await render(cancelled.session.id, cancelled.credential, edit), 410, 'EDITOR_SESSION_EXPIRED');
      const expiring = await openSession();
      assertError(await post(`/api/v1/editor-sessions/${expiring.session.id}/render`, edit), 401);
      assertError(await post(`/api/v1/editor-sessions/${expiring.session.id}/render`, edit, bearer(alice.token)), 401);
      b.clock.advance(TWO_HOURS);
      try {
        assertError(await render(expiring.session.id, expiring.credential, edit), 410, 'EDITOR_SESSION_EXPIRED');
        assertError(await render(completed.session.id, completed.credential, edit), 410, 'EDITOR_SESSION_EXPIRED');
      } finally {
        b.clock.set(NOW);
      }
    });

    test('a clip whose owner was deleted since → 400, not rendered', async () => {
      const dave = await signIn(b.app, 'dave@example.com');
      const daveClip = await b.withDb((db) =>
        insertClip(db, { userId: dave.user.id, eventId: ev.game, recordedAt: at(GAME, 5000), duration: 10 }),
      );
      const { session, credential } = await openSession([clips.a1, daveClip]);
      await b.withDb((db) => setUserState(db, dave.user.id, 'deleted'));
      const res = await render(session.id, credential, {
        title: 'T',
        clips: [{ clipId: daveClip, inSeconds: 0, outSeconds: 2 }],
      });
      assertError(res, 400, 'INVALID_INPUT');
    });

    test(`a user with ${MAX_RENDERS_PER_USER} highlights rendering gets a 429 for another, with the count in words`, async () => {
      const carol = await signIn(b.app, 'carol-renders@example.com');
      const edit = { title: 'Reel', clips: [{ clipId: clips.a1, inSeconds: 0, outSeconds: 2 }] };
      for (let i = 0; i < MAX_RENDERS_PER_USER; i += 1) {
        const session = await createSession(b.app, carol.token, { eventId: ev.game, clipIds: [clips.a1] });
        const res = await render(session.id, await tradeCredential(b.app, session), edit);
        assert.equal(res.statusCode, 201, res.body);
      }
      const session = await createSession(b.app, carol.token, { eventId: ev.game, clipIds: [clips.a1] });
      const credential = await tradeCredential(b.app, session);
      const refused = await render(session.id, credential, edit);
      assertError(refused, 429, 'TOO_MANY_RENDERS', tooManyRendersMessage(MAX_RENDERS_PER_USER));
      assert.equal((await load(session.id, credential)).statusCode, 200, 'the session stays open to render later');
      // Another user is not held up by carol's.
      const other = await createSession(b.app, bob.token, { eventId: ev.game, clipIds: [clips.bob] });
      const mine = await render(other.id, await tradeCredential(b.app, other), {
        title: 'Bob',
        clips: [{ clipId: clips.bob, inSeconds: 0, outSeconds: 2 }],
      });
      assert.equal(mine.statusCode, 201, mine.body);
    });

    test('a render with no room on the disk → 507, and nothing is queued', async () => {
      const { session, credential } = await openSession([clips.a1]);
      setFreeSpaceProbe(b.app, async () => 10 * 1024 * 1024);
      try {
        const res = await render(session.id, credential, {
          title: 'Full',
          clips: [{ clipId: clips.a1, inSeconds: 0, outSeconds: 2 }],
        });
        assertError(res, 507, 'INSUFFICIENT_STORAGE');
      } finally {
        setFreeSpaceProbe(b.app, null);
      }
      assert.equal((await load(session.id, credential)).statusCode, 200, 'the session is still open');
    });

    test('two Render requests at once make one highlight', async () => {
      const { session, credential } = await openSession();
      const edit = { title: 'Race', clips: [{ clipId: clips.a1, inSeconds: 0, outSeconds: 2 }] };
      const [r1, r2] = await Promise.all([render(session.id, credential, edit), render(session.id, credential, edit)]);
      assert.deepEqual([r1.statusCode, r2.statusCode].sort(), [200, 201]);
      const ids = [r1, r2].map((r) => envelope<{ highlightId: string }>(r).data.highlightId);
      assert.equal(ids[0], ids[1], 'both answer the one highlight');
      const n = await b.withDb(
        async (db) =>
          (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM highlights WHERE editor_session_id = $1', [session.id]))
            .rows[0]?.n,
      );
      assert.equal(n, 1);
    });
  });

  describe('signing out', () => {
    test('ends the user’s open editing sessions (also with an expired token): their credentials then get 410', async () => {
      const erin = await signIn(b.app, 'erin@example.com');
      const open = async () => {
        const session = await createSession(b.app, erin.token, { eventId: ev.game, clipIds: [clips.a1] });
        return { session, credential: await tradeCredential(b.app, session) };
      };
      const traded = await open();
      const untraded = await createSession(b.app, erin.token, { eventId: ev.game, clipIds: [clips.a1] });
      const rendered = await open();
      const edit = { title: 'T', clips: [{ clipId: clips.a1, inSeconds: 0, outSeconds: 1 }] };
      const done = await post(`/api/v1/editor-sessions/${rendered.session.id}/render`, edit, editorHeaders(rendered.credential));
      assert.equal(done.statusCode, 201, done.body);
      const others = await openSession(); // Alice's: untouched by Erin's sign-out.

      const out = await post('/api/v1/auth/logout', {}, bearer(erin.token));
      assert.equal(out.statusCode, 200, out.body);
      assertError(await load(traded.session.id, traded.credential), 410, 'EDITOR_SESSION_EXPIRED');
      assertError(await post(`/api/v1/editor-sessions/${untraded.id}/credential`, { token: untraded.token }), 410);
      const statuses = await b.withDb(async (db) =>
        Object.fromEntries(
          (
            await db.query<{ id: string; status: string; launch_token_hash: string | null }>(
              'SELECT id, status, launch_token_hash FROM editor_sessions WHERE id = ANY($1::uuid[])',
              [[traded.session.id, untraded.id, rendered.session.id]],
            )
          ).rows.map((r) => [r.id, [r.status, r.launch_token_hash]]),
        ),
      );
      assert.deepEqual(statuses, {
        [traded.session.id]: ['cancelled', null],
        [untraded.id]: ['cancelled', null],
        [rendered.session.id]: ['completed', null],
      });
      assert.equal((await load(others.session.id, others.credential)).statusCode, 200);

      // A sign-out with a token past its expiry (a retried logout) still ends the sessions opened since.
      // Signed in long ago: Frank's token (this app's tokens last 30 days) lapses 1 h from now, before his session.
      b.clock.set(NOW - 30 * 24 * 3600 * 1000 + 3600 * 1000);
      const frank = await signIn(b.app, 'frank@example.com');
      b.clock.set(NOW);
      const session = await createSession(b.app, frank.token, { eventId: ev.game, clipIds: [clips.a1] });
      const credential = await tradeCredential(b.app, session);
      b.clock.advance(TWO_HOURS * 0.75);
      try {
        assertError(await get('/api/v1/auth/me', bearer(frank.token)), 401);
        assert.equal((await load(session.id, credential)).statusCode, 200, 'the session outlives the token');
        const late = await post('/api/v1/auth/logout', {}, bearer(frank.token));
        assert.equal(late.statusCode, 200, late.body);
        assertError(await load(session.id, credential), 410, 'EDITOR_SESSION_EXPIRED');
      } finally {
        b.clock.set(NOW);
      }
    });
  });

  test('neither the launch token nor the credential ever reaches a log line', async () => {
    const from = lines.length;
    const session = await createSession(b.app, alice.token, { eventId: ev.game, clipIds: [clips.a1] });
    const credential = await tradeCredential(b.app, session);
    assert.equal((await load(session.id, credential)).statusCode, 200);
    // Failures are logged too: a wrong token, a forged credential, a credential as a bearer.
    await post(`/api/v1/editor-sessions/${session.id}/credential`, { token: session.token });
    await load(session.id, `${credential}x`);
    await get('/api/v1/clips', { authorization: `Bearer ${credential}` });
    await post(
      `/api/v1/editor-sessions/${session.id}/render`,
      { title: 'T', clips: [{ clipId: clips.a1, inSeconds: 0, outSeconds: 1 }] },
      editorHeaders(credential),
    );
    const logged = lines.slice(from).join('\n');
    assert.ok(logged.includes(`/api/v1/editor-sessions/${session.id}`), 'requests were logged');
    assert.ok(!logged.includes(session.token), 'launch token logged');
    assert.ok(!logged.includes(credential), 'credential logged');
    assert.ok(!logged.includes(credential.split('.')[3] ?? '-'), 'credential signature logged');
  });
});

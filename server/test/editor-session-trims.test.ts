import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { SessionView } from '../lib/editorSessions';
import { type BrowseApp, insertClip, insertEvent, setUserState } from './browseFixtures';
import { bearer, signIn, type SignedIn } from './helpers';
import { editorHeaders, RETURN_URL, startHighlightApp, tradeCredential, type CreatedSession } from './highlightFixtures';
import type { Envelope } from './mediaFixtures';

/**
 * Preset trims of an editing session ('Make my highlight': docs/api.md "Editor sessions", POST `trims`): checked
 * against the session's clips and their stored durations, stored in editor_sessions.clip_trims, and handed to the
 * editor as each clip's `trim`.
 */

const at = (iso: string, plusSeconds = 0) => new Date(Date.parse(iso) + plusSeconds * 1000);
const GAME = '2030-03-01T18:00:00.000Z';
const NOW = Date.parse('2030-03-01T19:00:00.000Z');

interface Res {
  statusCode: number;
  body: string;
}

const envelope = <T = unknown>(res: Res) => JSON.parse(res.body) as Envelope<T>;

/** 400 INVALID_INPUT 'Invalid input' whose details hold exactly `fields`. */
function assertRefused(res: Res, fields: string[], what: string): void {
  assert.equal(res.statusCode, 400, `${what}: ${res.body}`);
  const body = envelope(res);
  assert.equal(body.success, false);
  assert.equal(body.code, 'INVALID_INPUT', what);
  assert.equal(body.error, 'Invalid input', what);
  assert.deepEqual(Object.keys(body.details ?? {}).sort(), [...fields].sort(), `${what}: ${res.body}`);
}

describe('editor sessions: preset trims', () => {
  let b: BrowseApp;
  let alice: SignedIn;
  let bob: SignedIn;
  let eventId = '';
  /** long: 60 s; short: 5 s (Bob's); unknown: no stored duration; spare: of the event but never in clipIds. */
  const clips = { long: '', short: '', unknown: '', spare: '', gone: '' };

  const create = (payload: unknown, token = alice.token) =>
    b.app.inject({ method: 'POST', url: '/api/v1/editor-sessions', headers: bearer(token), payload: payload as object });
  /** A raw JSON body, for numbers JSON.parse turns into Infinity (1e400). */
  const createRaw = (json: string) =>
    b.app.inject({
      method: 'POST',
      url: '/api/v1/editor-sessions',
      headers: { ...bearer(alice.token), 'content-type': 'application/json' },
      payload: json,
    });
  const body = (trims: unknown, clipIds = [clips.long, clips.short, clips.unknown]) => ({
    eventId,
    clipIds,
    returnUrl: RETURN_URL,
    trims,
  });
  const trim = (clipId: string, inSeconds: unknown, outSeconds: unknown) => ({ clipId, inSeconds, outSeconds });
  const storedTrims = async (id: string) =>
    b.withDb(
      async (db) =>
        (await db.query<{ clip_trims: unknown }>('SELECT clip_trims FROM editor_sessions WHERE id = $1', [id])).rows[0]
          ?.clip_trims,
    );
  const sessionCount = () =>
    b.withDb(async (db) => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM editor_sessions')).rows[0]?.n);
  /** What the editor loads: the session view's clips. */
  const loadClips = async (created: CreatedSession) => {
    const credential = await tradeCredential(b.app, created);
    const res = await b.app.inject({
      method: 'GET',
      url: `/api/v1/editor-sessions/${created.id}`,
      headers: editorHeaders(credential),
    });
    assert.equal(res.statusCode, 200, res.body);
    return envelope<{ session: SessionView }>(res).data.session.clips;
  };

  before(async () => {
    b = await startHighlightApp(NOW);
    alice = await signIn(b.app, 'alice@example.com');
    bob = await signIn(b.app, 'bob@example.com');
    const gone = await signIn(b.app, 'gone@example.com');
    await b.withDb(async (db) => {
      eventId = await insertEvent(db, { name: 'Final', start: at(GAME), end: at(GAME, 3 * 3600) });
      clips.long = await insertClip(db, { userId: alice.user.id, eventId, recordedAt: at(GAME, 600), duration: 60 });
      clips.short = await insertClip(db, { userId: bob.user.id, eventId, recordedAt: at(GAME, 700), duration: 5 });
      clips.unknown = await insertClip(db, { userId: alice.user.id, eventId, recordedAt: at(GAME, 800), duration: null });
      clips.spare = await insertClip(db, { userId: alice.user.id, eventId, recordedAt: at(GAME, 900), duration: 10 });
      clips.gone = await insertClip(db, { userId: gone.user.id, eventId, recordedAt: at(GAME, 950), duration: 10 });
      await setUserState(db, gone.user.id, 'revoked');
    });
  });

  after(async () => {
    await b.close();
  });

  test('accepted: stored with lower-cased ids in the order sent, and returned per clip as `trim`', async () => {
    const res = await create(
      body([trim(clips.unknown.toUpperCase(), 3, 15.25), trim(clips.long, 34, 46)], [clips.short, clips.long, clips.unknown]),
    );
    assert.equal(res.statusCode, 201, res.body);
    const created = envelope<CreatedSession>(res).data;
    assert.deepEqual(await storedTrims(created.id), [
      { clipId: clips.unknown, inSeconds: 3, outSeconds: 15.25 },
      { clipId: clips.long, inSeconds: 34, outSeconds: 46 },
    ]);
    const view = await loadClips(created);
    assert.deepEqual(
      view.map((c) => [c.id, c.trim]),
      [
        [clips.short, null],
        [clips.long, { inSeconds: 34, outSeconds: 46 }],
        [clips.unknown, { inSeconds: 3, outSeconds: 15.25 }],
      ],
    );
  });

  test('the edges that are allowed: in 0, out at the duration + 0.05, exactly 0.5 s, up to 24 h when unknown', async () => {
    const res = await create(
      body([trim(clips.long, 0, 60.05), trim(clips.short, 4.5, 5), trim(clips.unknown, 86_399.5, 86_400)]),
    );
    assert.equal(res.statusCode, 201, res.body);
    const view = await loadClips(envelope<CreatedSession>(res).data);
    assert.deepEqual(
      view.map((c) => c.trim),
      [
        { inSeconds: 0, outSeconds: 60.05 },
        { inSeconds: 4.5, outSeconds: 5 },
        { inSeconds: 86_399.5, outSeconds: 86_400 },
      ],
    );
  });

  test('absent, null or [] → no presets: clip_trims is null and every clip’s trim is null', async () => {
    for (const trims of [undefined, null, []]) {
      const res = await create(body(trims));
      assert.equal(res.statusCode, 201, `${JSON.stringify(trims)}: ${res.body}`);
      const created = envelope<CreatedSession>(res).data;
      assert.equal(await storedTrims(created.id), null);
      assert.deepEqual(
        (await loadClips(created)).map((c) => c.trim),
        [null, null, null],
      );
    }
  });

  test('a trim of every clip (20 of 20) is not too many', async () => {
    const ids = await b.withDb(async (db) => {
      const made: string[] = [];
      for (let i = 0; i < 20; i += 1) {
        made.push(await insertClip(db, { userId: alice.user.id, eventId, recordedAt: at(GAME, 2000 + i * 20), duration: 12 }));
      }
      return made;
    });
    const res = await create(
      body(
        ids.map((id) => trim(id, 1, 11)),
        ids,
      ),
    );
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(((await storedTrims(envelope<CreatedSession>(res).data.id)) as unknown[]).length, 20);
  });

  test('every refusal → 400 "Invalid input" naming the entry, and no session is made', async () => {
    const before = await sessionCount();
    const cases: [string, unknown, string[]][] = [
      ['a string', 'all', ['body.trims']],
      ['an object', { [clips.long]: [0, 5] }, ['body.trims']],
      ['a number', 7, ['body.trims']],
      [
        'more entries than clips',
        [trim(clips.long, 0, 5), trim(clips.short, 0, 5), trim(clips.unknown, 0, 5), trim(clips.long, 0, 5)],
        ['body.trims'],
      ],
      ['a huge array', Array.from({ length: 20_000 }, () => 0), ['body.trims']],
      ['an entry that is null', [null], ['body.trims.0']],
      ['an entry that is an array', [[clips.long, 0, 5]], ['body.trims.0']],
      ['a clipId that is not a UUID', [trim('nope', 0, 5)], ['body.trims.0.clipId']],
      ['a clipId that is a number', [trim(7 as unknown as string, 0, 5)], ['body.trims.0.clipId']],
      ['no clipId', [{ inSeconds: 0, outSeconds: 5 }], ['body.trims.0.clipId']],
      ['a clip of the event not in clipIds', [trim(clips.spare, 0, 5)], ['body.trims.0.clipId']],
      ['the same clip twice', [trim(clips.long, 0, 5), trim(clips.long, 6, 9)], ['body.trims.1.clipId']],
      [
        'the same clip twice, other case',
        [trim(clips.long, 0, 5), trim(clips.long.toUpperCase(), 6, 9)],
        ['body.trims.1.clipId'],
      ],
      ['inSeconds a string', [trim(clips.long, '0', 5)], ['body.trims.0']],
      ['outSeconds null', [trim(clips.long, 0, null)], ['body.trims.0']],
      ['outSeconds missing', [{ clipId: clips.long, inSeconds: 0 }], ['body.trims.0']],
      ['in below 0', [trim(clips.long, -0.01, 5)], ['body.trims.0']],
      ['in equal to out', [trim(clips.long, 5, 5)], ['body.trims.0']],
      ['in after out', [trim(clips.long, 6, 5)], ['body.trims.0']],
      ['shorter than 0.5 s', [trim(clips.long, 5, 5.49)], ['body.trims.0']],
      ['past 24 h on a clip of unknown duration', [trim(clips.unknown, 0, 86_400.01)], ['body.trims.0']],
      ['the second entry of two (indexes as sent)', [trim(clips.long, 0, 5), trim(clips.short, 3, 2)], ['body.trims.1']],
      ['two bad entries', [trim(clips.long, 0, 0.1), trim('x', 0, 1)], ['body.trims.0', 'body.trims.1.clipId']],
    ];
    for (const [what, trims, fields] of cases) assertRefused(await create(body(trims)), fields, what);
    // Numbers that JSON.parse reads as Infinity are not finite.
    const infinite =
      `{"eventId":"${eventId}","clipIds":["${clips.long}"],"returnUrl":"${RETURN_URL}",` +
      `"trims":[{"clipId":"${clips.long}","inSeconds":0,"outSeconds":1e400}]}`;
    assertRefused(await createRaw(infinite), ['body.trims.0'], 'an infinite out point');
    assert.equal(await sessionCount(), before, 'nothing was stored');
  });

  test('against the stored durations (after the event and the clips are known): out past duration + 0.05 → 400', async () => {
    const before = await sessionCount();
    assertRefused(await create(body([trim(clips.long, 50, 60.06)])), ['body.trims.0'], 'past a 60 s clip');
    assertRefused(
      await create(body([trim(clips.unknown, 0, 500), trim(clips.short, 0, 5.1)])),
      ['body.trims.1'],
      'past a 5 s clip, after an unknown one',
    );
    assertRefused(
      await create(body([trim(clips.long, 0, 70), trim(clips.short, 1, 6)])),
      ['body.trims.0', 'body.trims.1'],
      'both past their clips',
    );
    assert.equal(await sessionCount(), before, 'nothing was stored');
  });

  test('the earlier checks come first: required, count, returnUrl, event, usable clips', async () => {
    const bad = [trim(clips.long, 0, 70)];
    const required = await create({ eventId, clipIds: [], returnUrl: RETURN_URL, trims: bad });
    assert.equal(envelope(required).error, 'Event ID and at least one clip are required');
    const returnUrl = await create({ ...body([null]), returnUrl: 'https://evil.example/' });
    assert.equal(envelope(returnUrl).error, 'returnUrl must be on this site');
    const event = await create({ ...body(bad), eventId: '00000000-0000-4000-8000-000000000000' });
    assert.equal(event.statusCode, 404, event.body);
    const usable = await create(body(bad, [clips.long, clips.gone]));
    assert.equal(usable.statusCode, 400, usable.body);
    assert.equal(envelope(usable).code, 'CLIP_NOT_USABLE');
  });

  test('any user’s clips take trims, as they take part in the session', async () => {
    const res = await create(body([trim(clips.long, 1, 2)], [clips.long]), bob.token);
    assert.equal(res.statusCode, 201, res.body);
  });
});

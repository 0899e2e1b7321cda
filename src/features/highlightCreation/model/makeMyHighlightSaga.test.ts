import { delay, http, HttpResponse } from 'msw';
import { api } from '../../../api/apiSlice';
import { API, apiServer, setupApiServer } from '../../../test/apiServer';
import { signedInStore } from '../../../test/sessionStore';
import { signedOut } from '../../session/public';
import { makeToken, TEST_USER } from '../../../test/tokens';
import { INVALID_REQUEST_DATA, SERVER_ERROR } from './editorSessionMessages';
import { highlightCreationApi } from '../api/highlightCreationApi';
import {
  answerMakeMyHighlight,
  at,
  clipsAnswer,
  EVENT_ID,
  MY_CLIP,
  OTHER_CLIP,
  rawClip,
  rawTag,
  SESSION_ID,
  tagsAnswer,
  TWO_MOMENTS,
} from '../../../test/data/makeMyHighlightTestData';
import { CLIPS_LOAD_FAILED, TAGS_LOAD_FAILED } from './makeMyHighlightMessages';
import { sessionTrims } from './makeMyHighlightSaga';
import {
  makeMyHighlightCancelled,
  makeMyHighlightConfirmed,
  makeMyHighlightOpening,
  makeMyHighlightRequested,
  selectMakeMyHighlightPending,
  selectMakeMyHighlightPhase,
  selectMakeMyHighlightProblem,
} from './makeMyHighlightSlice';

setupApiServer();

function startStore({ withSessionPolicy = true } = {}) {
  // Without the session policy a 401 reaches the saga as it came (with it, a 401 that outlives the refresh ends the session).
  const harness = signedInStore(makeToken({ userId: TEST_USER.id }), withSessionPolicy ? {} : { services: { session: null } });
  const state = () => harness.store.getState();
  return {
    ...harness,
    state,
    phase: () => selectMakeMyHighlightPhase(state()),
    problem: () => selectMakeMyHighlightProblem(state(), EVENT_ID),
    pending: () => selectMakeMyHighlightPending(state(), EVENT_ID),
    make: () => harness.store.dispatch(makeMyHighlightRequested({ eventId: EVENT_ID })),
    confirm: () => harness.store.dispatch(makeMyHighlightConfirmed()),
    cancel: () => harness.store.dispatch(makeMyHighlightCancelled()),
  };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((r) => setTimeout(r, 5));
};
const settle = () => new Promise((r) => setTimeout(r, 30));

const RETURN_URL = `${window.location.origin}/highlights/view`;

describe('makeMyHighlightSaga ("Make my highlight")', () => {
  it('loads the moments and the caller’s clips, opens the editor with the planned clips and their trims', async () => {
    const asked = answerMakeMyHighlight();
    const { make, phase, state, redirect } = startStore();
    make();
    expect(phase()).toBe('loading');
    await until(() => redirect.mock.calls.length > 0);
    expect(asked.tags).toEqual(['?page=1&limit=200&clipLimit=300']);
    expect(asked.clips).toEqual(['?page=1&limit=500']);
    expect(asked.sessions).toEqual([
      {
        eventId: EVENT_ID,
        // The caller's clip for the first moment; another parent's for the second (none of the caller's is near it).
        clipIds: [MY_CLIP.id, OTHER_CLIP.id],
        returnUrl: RETURN_URL,
        trims: [
          { clipId: MY_CLIP.id, inSeconds: 34, outSeconds: 46 },
          { clipId: OTHER_CLIP.id, inSeconds: 7, outSeconds: 19 },
        ],
      },
    ]);
    expect(redirect).toHaveBeenCalledWith(`${window.location.origin}/editor/${SESSION_ID}?token=t0k`);
    expect(phase()).toBe('redirecting');
    expect(JSON.stringify(state())).not.toContain('t0k');
  });

  it('is busy while the session is being made', async () => {
    answerMakeMyHighlight({
      session: async () => {
        await delay('infinite');
        return HttpResponse.json({});
      },
    });
    const { make, phase } = startStore();
    make();
    await until(() => phase() === 'starting');
    expect(phase()).toBe('starting');
  });

  it('sends trims only for clips whose length is known, and none at all when no length is', async () => {
    const unknown = rawClip('c-unknown', 1200, null);
    let asked = answerMakeMyHighlight({
      tags: tagsAnswer([rawTag('t1', 642, [MY_CLIP]), rawTag('t2', 1200, [unknown])]),
      mine: clipsAnswer([MY_CLIP, unknown]),
    });
    let harness = startStore();
    harness.make();
    await until(() => asked.sessions.length > 0);
    expect(asked.sessions[0]).toMatchObject({
      clipIds: [MY_CLIP.id, 'c-unknown'],
      trims: [{ clipId: MY_CLIP.id, inSeconds: 34, outSeconds: 46 }],
    });

    apiServer.resetHandlers();
    asked = answerMakeMyHighlight({ tags: tagsAnswer([rawTag('t2', 1200, [unknown])]), mine: clipsAnswer([unknown]) });
    harness = startStore();
    harness.make();
    await until(() => asked.sessions.length > 0);
    expect(asked.sessions[0]).toEqual({ eventId: EVENT_ID, clipIds: ['c-unknown'], returnUrl: RETURN_URL });
  });

  it('no moments tagged at the event: says so, makes no session', async () => {
    const asked = answerMakeMyHighlight({ tags: tagsAnswer([]) });
    const { make, phase, problem, redirect } = startStore();
    make();
    await until(() => phase() === 'idle');
    expect(problem()).toEqual({ kind: 'noTags' });
    expect(asked.sessions).toEqual([]);
    expect(redirect).not.toHaveBeenCalled();
  });

  it('moments but no clip for any of them: says so, makes no session', async () => {
    const asked = answerMakeMyHighlight({
      tags: tagsAnswer([rawTag('t1', 642), rawTag('t2', 1215, [rawClip('c-short', 1215, 0.3)])]),
      mine: clipsAnswer([]),
    });
    const { make, phase, problem } = startStore();
    make();
    await until(() => phase() === 'idle');
    expect(problem()).toEqual({ kind: 'noClips' });
    expect(asked.sessions).toEqual([]);
  });

  it.each([
    ['a 500', () => HttpResponse.json({ success: false }, { status: 500 })],
    ['a malformed answer', () => HttpResponse.json({ success: true, data: { tags: 'none' } })],
    ['no connection', () => HttpResponse.error()],
  ])('the tags fail to load (%s): "Failed to load your tags. Please try again."', async (_name, tags) => {
    const asked = answerMakeMyHighlight({ tags });
    const { make, phase, problem } = startStore();
    make();
    await until(() => phase() === 'idle');
    expect(problem()).toEqual({ kind: 'failed', message: TAGS_LOAD_FAILED });
    expect(asked.sessions).toEqual([]);
  });

  it('the caller’s clips fail to load: says so rather than take another user’s clips for the caller’s', async () => {
    const asked = answerMakeMyHighlight({ mine: () => HttpResponse.json({ success: false }, { status: 500 }) });
    const { make, phase, problem } = startStore();
    make();
    await until(() => phase() === 'idle');
    expect(problem()).toEqual({ kind: 'failed', message: CLIPS_LOAD_FAILED });
    expect(asked.sessions).toEqual([]);
  });

  it.each([
    [
      '400 with the server’s message',
      () => HttpResponse.json({ success: false, error: 'Invalid input' }, { status: 400 }),
      'Invalid input',
    ],
    ['400 without one', () => HttpResponse.json({ success: false }, { status: 400 }), INVALID_REQUEST_DATA],
    ['500', () => HttpResponse.json({ success: false, error: 'boom' }, { status: 500 }), SERVER_ERROR],
  ])('the session fails (%s): its message, back to idle, no redirect', async (_name, session, message) => {
    answerMakeMyHighlight({ session });
    const { make, phase, problem, redirect } = startStore();
    make();
    await until(() => phase() === 'idle');
    expect(problem()).toEqual({ kind: 'failed', message });
    expect(redirect).not.toHaveBeenCalled();
  });

  it('a failure can be tried again: the next press starts afresh', async () => {
    let fail = true;
    const asked = answerMakeMyHighlight({
      tags: () => (fail ? HttpResponse.json({ success: false }, { status: 500 }) : HttpResponse.json(tagsAnswer(TWO_MOMENTS))),
    });
    const { make, phase, problem, redirect } = startStore();
    make();
    await until(() => phase() === 'idle');
    expect(problem()).toEqual({ kind: 'failed', message: TAGS_LOAD_FAILED });
    fail = false;
    make();
    expect(problem()).toBeNull();
    await until(() => redirect.mock.calls.length > 0);
    expect(asked.tags).toHaveLength(2);
  });

  it('one run at a time: a second press while it runs is ignored', async () => {
    const asked = answerMakeMyHighlight();
    const { make, redirect } = startStore();
    make();
    make();
    await until(() => redirect.mock.calls.length > 0);
    await settle();
    expect(asked.tags).toHaveLength(1);
    expect(asked.sessions).toHaveLength(1);
    expect(redirect).toHaveBeenCalledTimes(1);
  });

  it('takes what Highlight creation already loaded from the cache, asking nothing again', async () => {
    const asked = answerMakeMyHighlight();
    const { make, store, redirect } = startStore();
    // The screen's subscriptions, as it holds them while shown.
    const tags = store.dispatch(highlightCreationApi.endpoints.getHighlightTags.initiate(EVENT_ID));
    const mine = store.dispatch(
      highlightCreationApi.endpoints.getHighlightClips.initiate({ eventId: EVENT_ID, allUsers: false }),
    );
    await tags;
    await mine;
    expect(asked.tags).toHaveLength(1);
    make();
    await until(() => redirect.mock.calls.length > 0);
    expect(asked.tags).toHaveLength(1);
    expect(asked.clips).toHaveLength(1);
    tags.unsubscribe();
    mine.unsubscribe();
  });

  it('asks again for what the screen holds but failed to refetch, rather than report the old failure', async () => {
    let fail = false;
    const failing = (answer: object) => () =>
      fail ? HttpResponse.json({ success: false }, { status: 500 }) : HttpResponse.json(answer);
    const asked = answerMakeMyHighlight({ tags: failing(tagsAnswer(TWO_MOMENTS)), mine: failing(clipsAnswer([MY_CLIP])) });
    const { make, store, redirect } = startStore();
    const tagsEntry = () => highlightCreationApi.endpoints.getHighlightTags.select(EVENT_ID)(store.getState());
    const mineArg = { eventId: EVENT_ID, allUsers: false };
    const mineEntry = () => highlightCreationApi.endpoints.getHighlightClips.select(mineArg)(store.getState());
    // The screen's subscriptions: loaded, then refetched after an upload to the event, which fails.
    const tags = store.dispatch(highlightCreationApi.endpoints.getHighlightTags.initiate(EVENT_ID));
    const mine = store.dispatch(highlightCreationApi.endpoints.getHighlightClips.initiate(mineArg));
    await tags;
    await mine;
    fail = true;
    store.dispatch(api.util.invalidateTags([{ type: 'Event', id: EVENT_ID }]));
    await until(() => tagsEntry().isError && mineEntry().isError);
    expect(tagsEntry().data).toBeDefined();
    expect(asked.tags).toHaveLength(2);

    fail = false;
    make();
    await until(() => redirect.mock.calls.length > 0);
    expect(redirect).toHaveBeenCalledWith(`${window.location.origin}/editor/${SESSION_ID}?token=t0k`);
    expect(asked.tags).toHaveLength(3);
    expect(asked.clips).toHaveLength(3);
    tags.unsubscribe();
    mine.unsubscribe();
  });

  it('a 401 that outlives the refresh ends the session silently: nothing is left for the next user', async () => {
    const asked = answerMakeMyHighlight({
      tags: () => HttpResponse.json({ success: false, error: 'Invalid token', code: 'INVALID_TOKEN' }, { status: 401 }),
    });
    apiServer.use(
      http.post(API('auth/verify/refresh'), () =>
        HttpResponse.json({ success: true, data: { token: makeToken({ userId: TEST_USER.id }), user: TEST_USER } }),
      ),
      http.post(API('auth/logout'), () => HttpResponse.json({ success: true, data: {} })),
    );
    const { make, state, phase, problem, redirect } = startStore();
    make();
    await until(() => state().session.status === 'signedOut');
    await settle();
    expect(problem()).toBeNull();
    expect(phase()).toBe('idle');
    expect(asked.sessions).toEqual([]);
    expect(redirect).not.toHaveBeenCalledWith(expect.stringContaining('/editor/'));
  });

  describe('Back from the editor through the back/forward cache (pageshow, persisted)', () => {
    const pageShow = (persisted: boolean) => window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted }));

    it('frees the button, which works again', async () => {
      const asked = answerMakeMyHighlight();
      const { make, phase, redirect } = startStore();
      make();
      await until(() => redirect.mock.calls.length > 0);
      expect(phase()).toBe('redirecting');
      // A press while the page is leaving does nothing.
      make();
      await settle();
      expect(asked.tags).toHaveLength(1);

      pageShow(false);
      expect(phase()).toBe('redirecting');
      pageShow(true);
      expect(phase()).toBe('idle');
      make();
      await until(() => redirect.mock.calls.length > 1);
      expect(asked.sessions).toHaveLength(2);
    });

    it('leaves a run still under way alone', () => {
      answerMakeMyHighlight({
        tags: async () => {
          await delay('infinite');
          return HttpResponse.json({});
        },
      });
      const { make, phase } = startStore();
      make();
      pageShow(true);
      expect(phase()).toBe('loading');
    });

    it('stops listening when the saga ends', async () => {
      const { store, phase } = startStore();
      // Lazily started sagas end just after the store's own (sagaInjector.ts).
      store.sagaTask?.cancel();
      await new Promise((r) => setTimeout(r, 0));
      store.dispatch(makeMyHighlightRequested({ eventId: EVENT_ID }));
      store.dispatch(makeMyHighlightOpening());
      pageShow(true);
      expect(phase()).toBe('redirecting');
    });
  });

  describe('letting go of the cache', () => {
    beforeEach(() => jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'] }));
    afterEach(() => jest.useRealTimers());

    it('its subscriptions end with the run, so the answers expire as usual (60 s unused)', async () => {
      answerMakeMyHighlight();
      const { make, state, redirect } = startStore();
      make();
      for (let i = 0; i < 50 && redirect.mock.calls.length === 0; i += 1) await jest.advanceTimersByTimeAsync(10);
      expect(redirect).toHaveBeenCalled();
      const cached = () => Object.keys(state().api.queries);
      expect(cached()).toEqual(
        expect.arrayContaining([expect.stringMatching(/^getHighlightTags/), expect.stringMatching(/^getHighlightClips/)]),
      );
      await jest.advanceTimersByTimeAsync(61_000);
      expect(cached()).toEqual([]);
    });
  });
});

describe('makeMyHighlightSaga: moments left out are named before the editor opens', () => {
  /** The caller's two clips and moments (TWO_MOMENTS' first), one moment with no clip near it, one before all. */
  const WITH_ONE_ALONE = [rawTag('t0', -300), rawTag('t1', 642, [MY_CLIP]), rawTag('t3', 3000)];
  /** 21 moments each in its own clip of the caller's (100 s apart), and one with no clip: one past the cap. */
  const capClips = Array.from({ length: 21 }, (_, i) => rawClip(`c${String(i).padStart(2, '0')}`, i * 100, 10));
  const PAST_THE_CAP = [
    ...capClips.map((clip, i) => rawTag(`t${String(i).padStart(2, '0')}`, i * 100 + 5, [clip])),
    rawTag('alone', 9000),
  ];

  it('moments with no clip near them: waits, naming them with their times and the venue’s zone; makes no session', async () => {
    const asked = answerMakeMyHighlight({ tags: tagsAnswer(WITH_ONE_ALONE), mine: clipsAnswer([MY_CLIP]) });
    const { make, phase, pending, problem, state, redirect } = startStore();
    make();
    await until(() => phase() !== 'loading');
    await settle();
    expect(phase()).toBe('confirming');
    expect(pending()).toEqual({
      clipIds: [MY_CLIP.id],
      trims: [{ clipId: MY_CLIP.id, inSeconds: 34, outSeconds: 46 }],
      timezone: 'America/New_York',
      leftOut: {
        noClip: [
          { tagId: 't0', timestamp: at(-300) },
          { tagId: 't3', timestamp: at(3000) },
        ],
        overCap: [],
      },
    });
    expect(problem()).toBeNull();
    expect(asked.sessions).toEqual([]);
    expect(redirect).not.toHaveBeenCalled();
    // Plain data in the store.
    const mmh = (state() as unknown as { makeMyHighlight: unknown }).makeMyHighlight;
    expect(JSON.parse(JSON.stringify(mmh))).toEqual(mmh);
  });

  it('going on: the session of the planned clips and trims, then the editor', async () => {
    const asked = answerMakeMyHighlight({ tags: tagsAnswer(WITH_ONE_ALONE), mine: clipsAnswer([MY_CLIP]) });
    const { make, confirm, phase, pending, redirect } = startStore();
    make();
    await until(() => phase() === 'confirming');
    confirm();
    expect(phase()).toBe('starting');
    await until(() => redirect.mock.calls.length > 0);
    expect(asked.sessions).toEqual([
      {
        eventId: EVENT_ID,
        clipIds: [MY_CLIP.id],
        returnUrl: RETURN_URL,
        trims: [{ clipId: MY_CLIP.id, inSeconds: 34, outSeconds: 46 }],
      },
    ]);
    expect(redirect).toHaveBeenCalledWith(`${window.location.origin}/editor/${SESSION_ID}?token=t0k`);
    expect(phase()).toBe('redirecting');
    expect(pending()).toBeNull();
    // A second answer does nothing more.
    confirm();
    await settle();
    expect(asked.sessions).toHaveLength(1);
  });

  it('past 20 clips: the moments whose clip would be the 21st are named apart from those with no clip', async () => {
    const asked = answerMakeMyHighlight({ tags: tagsAnswer(PAST_THE_CAP), mine: clipsAnswer(capClips) });
    const { make, confirm, phase, pending, redirect } = startStore();
    make();
    await until(() => phase() === 'confirming');
    expect(pending()?.clipIds).toEqual(capClips.slice(0, 20).map((clip) => clip.id));
    expect(pending()?.leftOut).toEqual({
      noClip: [{ tagId: 'alone', timestamp: at(9000) }],
      overCap: [{ tagId: 't20', timestamp: at(2005) }],
    });
    confirm();
    await until(() => redirect.mock.calls.length > 0);
    expect((asked.sessions[0] as { clipIds: string[] }).clipIds).toHaveLength(20);
  });

  it('cancelling: nothing is made, the button is free, a new press plans afresh', async () => {
    const asked = answerMakeMyHighlight({ tags: tagsAnswer(WITH_ONE_ALONE), mine: clipsAnswer([MY_CLIP]) });
    const { make, cancel, confirm, phase, pending, problem } = startStore();
    make();
    await until(() => phase() === 'confirming');
    // A press while it waits for the answer is ignored.
    make();
    await settle();
    expect(asked.tags).toHaveLength(1);
    cancel();
    expect(phase()).toBe('idle');
    expect(pending()).toBeNull();
    expect(problem()).toBeNull();
    confirm();
    await settle();
    expect(asked.sessions).toEqual([]);
    make();
    await until(() => phase() === 'confirming');
    expect(pending()?.leftOut.noClip).toHaveLength(2);
    expect(asked.sessions).toEqual([]);
  });

  it('the session fails after going on: its message, back to idle, nothing left waiting', async () => {
    answerMakeMyHighlight({
      tags: tagsAnswer(WITH_ONE_ALONE),
      mine: clipsAnswer([MY_CLIP]),
      session: () => HttpResponse.json({ success: false, error: 'boom' }, { status: 500 }),
    });
    const { make, confirm, phase, pending, problem, redirect } = startStore();
    make();
    await until(() => phase() === 'confirming');
    confirm();
    await until(() => phase() === 'idle');
    expect(problem()).toEqual({ kind: 'failed', message: SERVER_ERROR });
    expect(pending()).toBeNull();
    expect(redirect).not.toHaveBeenCalled();
  });

  it('a press on another event’s page while one waits replaces it', async () => {
    answerMakeMyHighlight({ tags: tagsAnswer(WITH_ONE_ALONE), mine: clipsAnswer([MY_CLIP]) });
    const { make, store, phase, pending, state } = startStore();
    make();
    await until(() => phase() === 'confirming');
    store.dispatch(makeMyHighlightRequested({ eventId: 'another-event' }));
    expect(phase()).toBe('loading');
    expect(pending()).toBeNull();
    expect(selectMakeMyHighlightPending(state(), 'another-event')).toBeNull();
  });

  it('a sign-out while it waits forgets it', async () => {
    answerMakeMyHighlight({ tags: tagsAnswer(WITH_ONE_ALONE), mine: clipsAnswer([MY_CLIP]) });
    const { make, store, phase, pending } = startStore();
    make();
    await until(() => phase() === 'confirming');
    store.dispatch(signedOut({ reason: 'user_logout' }));
    expect(phase()).toBe('idle');
    expect(pending()).toBeNull();
  });
});

describe('sessionTrims', () => {
  it('the known pieces, as the server takes them', () => {
    expect(
      sessionTrims([
        { clipId: 'a', tagIds: ['t1'], trim: { inSeconds: 1, outSeconds: 2 } },
        { clipId: 'b', tagIds: ['t2'], trim: null },
      ]),
    ).toEqual([{ clipId: 'a', inSeconds: 1, outSeconds: 2 }]);
  });
});

import { delay, http, HttpResponse } from 'msw';
import { API, apiServer, setupApiServer } from '../../../test/apiServer';
import { signedInStore } from '../../../test/sessionStore';
import { makeToken, TEST_USER } from '../../../test/tokens';
import {
  AUTHENTICATION_REQUIRED,
  CANNOT_CONNECT,
  INVALID_REQUEST_DATA,
  SERVER_ERROR,
  SESSION_CREATION_FAILED,
  START_EDITOR_FAILED,
} from './editorSessionMessages';
import { TOO_MANY_CLIPS } from '../../../app/product';
import { NO_EVENT_SELECTED, SELECT_CLIP_TO_CREATE, SELECT_CLIP_TO_EDIT } from './highlightLimits';
import {
  clipToggled,
  editingRequested,
  editorOpening,
  highlightSelectionOpened,
  selectEditingPhase,
  selectHighlightError,
  selectSelectedClipIds,
} from './highlightSelectionSlice';

setupApiServer();

const EVENT_ID = '7f1c1e5e-9c7a-4d59-a8f4-0d5f4a7c2b10';
const SESSION_ID = '0b8f2d4e-2a31-4e4f-9a55-6a1d2f9e7c01';

function startStore({
  screen = 'selection' as 'selection' | 'creation',
  clips = ['c1', 'c2'],
  eventId = EVENT_ID as string | null,
  withSessionPolicy = true,
} = {}) {
  // Without the session policy a 401 reaches the saga as it came (with it, a 401 that outlives the refresh ends the session).
  const harness = signedInStore(makeToken({ userId: TEST_USER.id }), withSessionPolicy ? {} : { services: { session: null } });
  if (eventId) harness.store.dispatch(highlightSelectionOpened({ screen, eventId }));
  for (const clipId of clips) harness.store.dispatch(clipToggled({ clipId, capped: false }));
  const state = () => harness.store.getState();
  return { ...harness, state, start: () => harness.store.dispatch(editingRequested({ screen })) };
}

function answerSessions(answer: () => Response | Promise<Response>) {
  const bodies: unknown[] = [];
  apiServer.use(
    http.post(API('editor-sessions'), async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
  return bodies;
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((r) => setTimeout(r, 5));
};

describe('startEditingSaga (docs/product/part-2.md §4 "Editing flow", §5, §8 "Editing session creation")', () => {
  it('makes the session with the event, the clips in picked order and the return address, then leaves for the editor', async () => {
    const bodies = answerSessions(() =>
      HttpResponse.json(
        { success: true, data: { id: SESSION_ID, token: 't0k', editorUrl: `/editor/${SESSION_ID}?token=t0k`, expiresAt: 'x' } },
        { status: 201 },
      ),
    );
    const { start, state, redirect } = startStore({ clips: ['c2', 'c1'] });
    start();
    expect(selectEditingPhase(state())).toBe('starting');
    await until(() => redirect.mock.calls.length > 0);
    expect(bodies).toEqual([
      { eventId: EVENT_ID, clipIds: ['c2', 'c1'], returnUrl: `${window.location.origin}/highlights/view` },
    ]);
    expect(redirect).toHaveBeenCalledWith(`${window.location.origin}/editor/${SESSION_ID}?token=t0k`);
    expect(selectEditingPhase(state())).toBe('redirecting');
    // The launch token is not kept in the store (nor in the API cache).
    expect(JSON.stringify(state())).not.toContain('t0k');
  });

  it.each([
    [
      '400 with the server’s error',
      () => HttpResponse.json({ success: false, error: 'returnUrl must be on this site' }, { status: 400 }),
      'returnUrl must be on this site',
    ],
    ['400 without a message', () => HttpResponse.json({ success: false }, { status: 400 }), INVALID_REQUEST_DATA],
    ['500', () => HttpResponse.json({ success: false, error: 'boom' }, { status: 500 }), SERVER_ERROR],
    ['connection refused', () => HttpResponse.error(), CANNOT_CONNECT],
    ['404', () => HttpResponse.json({ success: false, error: 'Event not found' }, { status: 404 }), SESSION_CREATION_FAILED],
    ['503', () => new HttpResponse('down', { status: 503 }), SESSION_CREATION_FAILED],
    [
      '201 without the editor’s address',
      () => HttpResponse.json({ success: true, data: { id: SESSION_ID } }, { status: 201 }),
      START_EDITOR_FAILED,
    ],
  ])('%s → its message, back to idle, no redirect', async (_name, answer, message) => {
    answerSessions(answer);
    const { start, state, redirect } = startStore();
    start();
    await until(() => selectEditingPhase(state()) === 'idle');
    expect(selectHighlightError(state())).toBe(message);
    expect(redirect).not.toHaveBeenCalled();
  });

  it('401 → "Authentication required. Please log in."', async () => {
    answerSessions(() => HttpResponse.json({ success: false, error: 'Invalid token', code: 'INVALID_TOKEN' }, { status: 401 }));
    const { start, state } = startStore({ withSessionPolicy: false });
    start();
    await until(() => selectEditingPhase(state()) === 'idle');
    expect(selectHighlightError(state())).toBe(AUTHENTICATION_REQUIRED);
  });

  it('a 401 that outlives the refresh ends the session silently: no message is left for the next user', async () => {
    answerSessions(() => HttpResponse.json({ success: false, error: 'Invalid token', code: 'INVALID_TOKEN' }, { status: 401 }));
    apiServer.use(
      http.post(API('auth/verify/refresh'), () =>
        HttpResponse.json({ success: true, data: { token: makeToken({ userId: TEST_USER.id }), user: TEST_USER } }),
      ),
      http.post(API('auth/logout'), () => HttpResponse.json({ success: true, data: {} })),
    );
    const { start, state, redirect } = startStore();
    start();
    await until(() => state().session.status === 'signedOut');
    await new Promise((r) => setTimeout(r, 30));
    expect(selectHighlightError(state())).toBeNull();
    expect(selectEditingPhase(state())).toBe('idle');
    expect(redirect).not.toHaveBeenCalledWith(expect.stringContaining('/editor/'));
  });

  it.each([
    ['selection', [] as string[], EVENT_ID, SELECT_CLIP_TO_EDIT],
    ['creation', [] as string[], EVENT_ID, SELECT_CLIP_TO_CREATE],
    ['selection', Array.from({ length: 21 }, (_, i) => `c${i}`), EVENT_ID, TOO_MANY_CLIPS],
    ['creation', ['c1'], null, NO_EVENT_SELECTED],
  ] as const)('refuses before any call: %s screen, %p clips, event %s → %s', async (screen, clips, eventId, message) => {
    const bodies = answerSessions(() => HttpResponse.json({}, { status: 500 }));
    const { start, state } = startStore({ screen, clips: [...clips], eventId });
    start();
    await until(() => selectEditingPhase(state()) === 'idle');
    expect(selectHighlightError(state())).toBe(message);
    expect(bodies).toEqual([]);
  });

  describe('Back from the editor through the back/forward cache (pageshow, persisted)', () => {
    const pageShow = (persisted: boolean) => window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted }));

    it('returns the button to idle, keeps the selection, and picks count again', async () => {
      answerSessions(() =>
        HttpResponse.json(
          { success: true, data: { id: SESSION_ID, token: 't', editorUrl: `/editor/${SESSION_ID}`, expiresAt: 'x' } },
          { status: 201 },
        ),
      );
      const { start, state, redirect, store } = startStore({ clips: ['c1', 'c2'] });
      start();
      await until(() => redirect.mock.calls.length > 0);
      expect(selectEditingPhase(state())).toBe('redirecting');
      // Picks are ignored while the page is leaving.
      store.dispatch(clipToggled({ clipId: 'c3', capped: false }));
      expect(selectSelectedClipIds(state())).toEqual(['c1', 'c2']);

      pageShow(true);
      expect(selectEditingPhase(state())).toBe('idle');
      expect(selectSelectedClipIds(state())).toEqual(['c1', 'c2']);
      store.dispatch(clipToggled({ clipId: 'c3', capped: false }));
      expect(selectSelectedClipIds(state())).toEqual(['c1', 'c2', 'c3']);
      // And the editor can be started again.
      start();
      expect(selectEditingPhase(state())).toBe('starting');
      await until(() => redirect.mock.calls.length > 1);
      expect(selectEditingPhase(state())).toBe('redirecting');
    });

    it('works with a plain Event carrying persisted = true', () => {
      const { state, store } = startStore();
      store.dispatch(editorOpening());
      const event = Object.assign(new Event('pageshow'), { persisted: true });
      window.dispatchEvent(event);
      expect(selectEditingPhase(state())).toBe('idle');
    });

    it('ignores a fresh page load (persisted = false)', () => {
      const { state, store } = startStore();
      store.dispatch(editorOpening());
      pageShow(false);
      expect(selectEditingPhase(state())).toBe('redirecting');
    });

    it('leaves a start still under way alone', () => {
      answerSessions(async () => {
        await delay('infinite');
        return HttpResponse.json({});
      });
      const { start, state } = startStore();
      start();
      pageShow(true);
      expect(selectEditingPhase(state())).toBe('starting');
    });

    it('stops listening when the saga ends', async () => {
      const { state, store } = startStore();
      store.dispatch(editorOpening());
      // Lazily started sagas end just after the store's own (sagaInjector.ts).
      store.sagaTask?.cancel();
      await new Promise((r) => setTimeout(r, 0));
      pageShow(true);
      expect(selectEditingPhase(state())).toBe('redirecting');
    });
  });

  describe('timeout', () => {
    beforeEach(() => jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'] }));
    afterEach(() => jest.useRealTimers());

    it('gives up after 10 s without an answer', async () => {
      answerSessions(async () => {
        await delay('infinite');
        return HttpResponse.json({});
      });
      const { start, state, redirect } = startStore();
      start();
      await jest.advanceTimersByTimeAsync(9_900);
      expect(selectEditingPhase(state())).toBe('starting');
      await jest.advanceTimersByTimeAsync(200);
      expect(selectEditingPhase(state())).toBe('idle');
      expect(selectHighlightError(state())).toBe(SESSION_CREATION_FAILED);
      expect(redirect).not.toHaveBeenCalled();
    });
  });
});

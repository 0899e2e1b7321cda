import { http, HttpResponse } from 'msw';
import { runSaga } from 'redux-saga';
import { API, apiServer, setupApiServer } from '../../../test/apiServer';
import { SESSION_POLICY_CASES, type PolicyAnswer } from '../../../test/sessionPolicyCases';
import { makeToken, TEST_USER } from '../../../test/tokens';
import { actionRecorder } from '../../../test/sessionStore';
import { fakeUploadNetwork, flush, pick, statuses, uploaded, uploadStore, video } from '../../../test/uploadHarness';
import { makeStore } from '../../../app/store';
import { initialSessionState, tokenRefreshed } from '../../session/public';
import { selectUploadFiles } from './selectors';
import { sendUpload, type SendResult } from './uploadSend';
import { PROGRESS_BOARD, progressBoard } from './uploadProgress';
import type { UploadServices } from './uploadServices';
import type { UploadOutcome } from './uploadTransfer';
import { uploadRequested } from './uploadsSlice';

setupApiServer();

beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'] });
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => jest.useRealTimers());

const asUpload = (answer: PolicyAnswer): UploadOutcome =>
  answer === 'success' ? uploaded('clip-1') : { kind: 'answered', status: answer.status, body: answer.body };

/** Lets the refresh and logout calls (MSW, real promises) and the sagas settle. */
async function settle() {
  for (let i = 0; i < 20; i += 1) await jest.advanceTimersByTimeAsync(5);
}

describe('uploads end the session exactly as every other call (the same table as the baseQuery)', () => {
  it.each(SESSION_POLICY_CASES)('$name → $reason', async (c) => {
    let refreshes = 0;
    const newToken = makeToken({});
    apiServer.use(
      http.post(API('auth/verify/refresh'), () => {
        refreshes += 1;
        return c.refresh === 'success' || c.refresh === undefined
          ? HttpResponse.json({ success: true, data: { token: newToken, user: TEST_USER } })
          : HttpResponse.json(c.refresh.body as Record<string, unknown>, { status: c.refresh.status });
      }),
      http.post(API('auth/logout'), () => HttpResponse.json({ success: true, data: { requiresRedirect: false } })),
    );
    const oldToken = makeToken({});
    const { store, net, recorder } = uploadStore({ token: oldToken });
    pick(store, video('a.mp4'));
    await flush();
    store.dispatch(uploadRequested());
    await flush();

    net.open[0]?.finish(asUpload(c.first));
    await settle();
    if (c.repeat) {
      expect(net.open).toHaveLength(2);
      net.open[1]?.finish(asUpload(c.repeat));
      await settle();
    }

    expect(refreshes).toBe(c.refresh ? 1 : 0);
    expect(net.open.map((u) => u.request.token)).toEqual(c.repeat ? [oldToken, newToken] : [oldToken]);
    if (c.reason) {
      expect(recorder.ofType('session/signedOut')).toEqual([{ type: 'session/signedOut', payload: { reason: c.reason } }]);
      expect(selectUploadFiles(store.getState())).toEqual([]); // the user's uploads went with the session
    } else {
      expect(recorder.ofType('session/logoutRequested')).toHaveLength(0);
      expect(store.getState().session.status).toBe('signedIn');
      expect(statuses(store)).toEqual([c.repeat === 'success' ? 'completed' : 'failed']);
    }
  });

  it('a 401 to an upload sent before another call refreshed the token is repeated with the new token, without a refresh', async () => {
    let refreshes = 0;
    apiServer.use(
      http.post(API('auth/verify/refresh'), () => {
        refreshes += 1;
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    const oldToken = makeToken({});
    const { store, net, recorder } = uploadStore({ token: oldToken });
    pick(store, video('a.mp4'));
    await flush();
    store.dispatch(uploadRequested());
    await flush();
    const fresh = makeToken({});
    store.dispatch(tokenRefreshed({ token: fresh, user: TEST_USER, at: Date.now(), clockOffsetMs: 0 }));
    net.open[0]?.finish({
      kind: 'answered',
      status: 401,
      body: { success: false, error: 'Invalid token', code: 'INVALID_TOKEN' },
    });
    await settle();
    expect(net.open.map((u) => u.request.token)).toEqual([oldToken, fresh]);
    net.open[1]?.finish(uploaded('clip-7'));
    await settle();
    expect(refreshes).toBe(0);
    expect(recorder.ofType('session/logoutRequested')).toHaveLength(0);
    expect(statuses(store)).toEqual(['completed']);
  });
});

/** sendUpload alone (no session timers that would act on the token first), on a real store. */
function sendAlone(token: string) {
  const net = fakeUploadNetwork();
  const recorder = actionRecorder();
  const now = Date.now();
  const store = makeStore({
    runSagas: false,
    middleware: [recorder.middleware],
    services: { navigate: jest.fn(), redirect: jest.fn() },
    preloadedState: {
      session: { ...initialSessionState, status: 'signedIn', user: TEST_USER, token, lastActivity: now, lastRefresh: now },
    },
  });
  const io: Partial<UploadServices> = { openUpload: net.openUpload };
  const task = runSaga(
    {
      dispatch: store.dispatch,
      getState: store.getState,
      context: { services: store.services, uploads: io, store, [PROGRESS_BOARD]: progressBoard(store.services.clock) },
    },
    sendUpload,
    'f-1',
    video('a.mp4'),
    null,
  );
  return { store, net, recorder, result: task.toPromise() as Promise<SendResult> };
}

describe('before sending an upload, the token is checked as for every other call', () => {
  it('a token past its grace asks for the end of the session (session_expired) without sending', async () => {
    const now = Date.now();
    const dead = makeToken({ iat: Math.floor(now / 1000) - 7200, exp: Math.floor(now / 1000) - 600 });
    const { net, recorder, result } = sendAlone(dead);
    await expect(result).resolves.toEqual({ kind: 'sessionEnded' });
    expect(net.open).toHaveLength(0);
    expect(recorder.ofType('session/logoutRequested')).toEqual([
      { type: 'session/logoutRequested', payload: { reason: 'session_expired' } },
    ]);
  });

  it('a token in its grace is refreshed first, then the upload goes with the new one', async () => {
    const now = Date.now();
    const grace = makeToken({ iat: Math.floor(now / 1000) - 3660, exp: Math.floor(now / 1000) - 60 });
    const fresh = makeToken({});
    apiServer.use(
      http.post(API('auth/verify/refresh'), () => HttpResponse.json({ success: true, data: { token: fresh, user: TEST_USER } })),
    );
    const { net, recorder, result } = sendAlone(grace);
    await settle();
    expect(net.open.map((u) => u.request.token)).toEqual([fresh]);
    net.open[0]?.finish(uploaded('clip-1'));
    await expect(result).resolves.toEqual({ kind: 'completed', clipId: 'clip-1' });
    expect(recorder.ofType('session/logoutRequested')).toHaveLength(0);
  });
});

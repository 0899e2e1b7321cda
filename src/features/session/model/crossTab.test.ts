import type * as Timers from 'node:timers';
import { http, HttpResponse } from 'msw';
import { makeStore } from '../../../app/store';
import { API, apiServer, setupApiServer } from '../../../test/apiServer';
import { actionRecorder, signedInStore } from '../../../test/sessionStore';
import { makeToken, TEST_USER } from '../../../test/tokens';
import { logoutRequested, sessionStarted } from './sessionSlice';

setupApiServer();

const MIN = 60_000;
const T0 = Date.UTC(2026, 10, 21, 12, 0, 0);
const tokenAt = (at: number) => makeToken({ iat: Math.floor(at / 1000), exp: Math.floor(at / 1000) + 3600 });
/**
 * BroadcastChannel messages arrive on Node's own event loop, not on Jest's fake clock: give the loop real
 * turns before and after moving the clock, so a message is handled at the time it was sent, however busy
 * the machine is.
 */
const { setImmediate: nextLoopTurn } = jest.requireActual<typeof Timers>('node:timers');
async function settle() {
  for (let turn = 0; turn < 10; turn += 1) {
    await new Promise((resolve) => nextLoopTurn(resolve));
    await jest.advanceTimersByTimeAsync(0);
  }
}
const tick = async (ms: number) => {
  await settle();
  await jest.advanceTimersByTimeAsync(ms);
  await settle();
};

let refreshes = 0;
beforeEach(() => {
  jest.useFakeTimers({ now: T0, doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'] });
  sessionStorage.clear();
  localStorage.clear();
  refreshes = 0;
  apiServer.use(
    http.post(API('auth/verify/refresh'), async () => {
      refreshes += 1;
      return HttpResponse.json({ success: true, data: { token: tokenAt(Date.now()), user: TEST_USER } });
    }),
    http.post(API('auth/logout'), () => HttpResponse.json({ success: true, data: { requiresRedirect: false } })),
  );
});
afterEach(() => jest.useRealTimers());

/** Two "tabs": two stores in one page, talking over the same BroadcastChannel as real tabs do. */
describe('cross-tab', () => {
  it('has a BroadcastChannel to talk over', () => expect(typeof BroadcastChannel).toBe('function'));

  it('logging out in one tab logs out the other within 1 s', async () => {
    const token = tokenAt(T0);
    const a = signedInStore(token, { now: T0 });
    const b = signedInStore(token, { now: T0 });
    a.store.dispatch(logoutRequested({ reason: 'user_logout' }));
    await tick(1_000);
    expect(a.store.getState().session.status).toBe('signedOut');
    expect(b.store.getState().session.status).toBe('signedOut');
    expect(b.navigate).toHaveBeenCalledWith('/login', { replace: true });
    a.store.sagaTask?.cancel();
    b.store.sagaTask?.cancel();
  });

  it('signing in in one tab signs in the other within 1 s', async () => {
    const b = makeStore({ services: { navigate: jest.fn(), redirect: jest.fn() } });
    await tick(500);
    expect(b.getState().session.status).toBe('signedOut');
    const a = makeStore({ services: { navigate: jest.fn(), redirect: jest.fn() } });
    await tick(500);
    a.dispatch(
      sessionStarted({
        record: {
          user: TEST_USER,
          token: tokenAt(T0),
          lastActivity: T0,
          lastRefresh: T0,
          persistAcrossRestarts: false,
          clockOffsetMs: 0,
        },
        source: 'login',
      }),
    );
    await tick(1_000);
    expect(b.getState().session).toMatchObject({ status: 'signedIn', user: TEST_USER });
    a.sagaTask?.cancel();
    b.sagaTask?.cancel();
  });

  it('a tab opened while another is signed in starts signed in', async () => {
    const token = tokenAt(T0);
    signedInStore(token, { now: T0 });
    sessionStorage.clear(); // a new tab has its own, empty tab storage
    const fresh = makeStore({ services: { navigate: jest.fn(), redirect: jest.fn() } });
    await tick(400);
    expect(fresh.getState().session).toMatchObject({ status: 'signedIn', token });
    fresh.sagaTask?.cancel();
  });

  it('one refresh for all tabs: the other tab adopts the new token', async () => {
    const token = tokenAt(T0);
    const a = signedInStore(token, { now: T0 });
    const b = signedInStore(token, { now: T0 });
    // Both tabs see the user active (events reach both stores here), both reach "5 min before expiry".
    for (let t = 0; t < 56; t += 1) {
      window.dispatchEvent(new Event('pointerdown'));
      await tick(MIN);
    }
    expect(refreshes).toBe(1);
    const refreshed = a.store.getState().session.token;
    expect(refreshed).not.toBe(token);
    expect(b.store.getState().session.token).toBe(refreshed);
  });

  it('activity in one tab keeps the other from timing out', async () => {
    const token = tokenAt(T0);
    const a = signedInStore(token, { now: T0 });
    const b = signedInStore(token, { now: T0 });
    await tick(20 * MIN);
    // Activity recorded by tab A only (as if the user worked there).
    a.store.dispatch({ type: 'session/activityRecorded', payload: { at: Date.now() } });
    await tick(15 * MIN);
    expect(b.store.getState().session.status).toBe('signedIn');
  });
});

/** Another tab's message, sent over the same channel the app uses. */
function fromOtherTab(message: unknown) {
  const channel = new BroadcastChannel('courtside.session');
  channel.postMessage(message);
  channel.close();
}

const recordWith = (token: string, overrides: object = {}) => ({
  user: TEST_USER,
  token,
  lastActivity: T0,
  lastRefresh: T0,
  persistAcrossRestarts: true,
  clockOffsetMs: 0,
  ...overrides,
});

/** Expired at T0 - 10 min: beyond the 2-minute grace. */
const expiredToken = () => makeToken({ iat: Math.floor(T0 / 1000) - 3600, exp: Math.floor(T0 / 1000) - 600 });
/** Three parts, but a payload that is not JSON: fails to decode. */
const undecodableToken = 'eyJhbGciOiJIUzI1NiJ9.bm90LWpzb24.c2ln';

describe('a session from another tab is checked like a restored one (docs/product/part-1.md §4 "Setting the auth")', () => {
  /** A signed-out tab that records its actions: a refused session never starts, not even for a moment. */
  async function signedOutTab() {
    const recorder = actionRecorder();
    const store = makeStore({ services: { navigate: jest.fn(), redirect: jest.fn() }, middleware: [recorder.middleware] });
    await tick(400);
    expect(store.getState().session.status).toBe('signedOut');
    return Object.assign(store, { started: () => recorder.ofType(sessionStarted.type) });
  }

  it.each([
    ['an expired token', expiredToken()],
    ['a token that fails to decode', undecodableToken],
    ['a token of two parts', 'abc.def'],
  ])('a signed-out tab does not start a session with %s', async (_what, token) => {
    const store = await signedOutTab();
    fromOtherTab({ type: 'session', reason: 'signedIn', record: recordWith(token) });
    await tick(1_000);
    expect(store.started()).toEqual([]);
    expect(store.getState().session.status).toBe('signedOut');
    store.sagaTask?.cancel();
  });

  it.each([
    [
      'a record whose user lacks roles',
      (live: object) => ({ type: 'session', reason: 'signedIn', record: { ...live, user: { id: 'u-1', email: 'a@b.c' } } }),
    ],
    [
      'a record whose remember-me is not a yes or no',
      (live: object) => ({ type: 'session', reason: 'signedIn', record: { ...live, persistAcrossRestarts: 'yes' } }),
    ],
    ['an unknown reason', (live: object) => ({ type: 'session', reason: 'hello', record: live })],
    ['an unknown message type', (live: object) => ({ type: 'takeover', record: live })],
  ])('a signed-out tab ignores %s, even with a live token', async (_what, message) => {
    const store = await signedOutTab();
    fromOtherTab(message(recordWith(tokenAt(T0))));
    await tick(1_000);
    expect(store.started()).toEqual([]);
    store.sagaTask?.cancel();
  });

  it('a signed-in tab ignores a logout for no known reason', async () => {
    const a = signedInStore(tokenAt(T0), { now: T0 });
    fromOtherTab({ type: 'logout', reason: 'because' });
    await tick(1_000);
    expect(a.store.getState().session.status).toBe('signedIn');
    fromOtherTab({ type: 'logout', reason: 'session_expired' });
    await tick(1_000);
    expect(a.store.getState().session).toMatchObject({ status: 'signedOut', logoutReason: 'session_expired' });
  });

  it('takes a numeric user id and a record without a clock offset (written before it existed)', async () => {
    const store = await signedOutTab();
    const { clockOffsetMs: _dropped, ...older } = recordWith(tokenAt(T0), { user: { ...TEST_USER, id: 7 } });
    fromOtherTab({ type: 'session', reason: 'signedIn', record: older });
    await tick(1_000);
    expect(store.getState().session).toMatchObject({ status: 'signedIn', user: { ...TEST_USER, id: '7' }, clockOffsetMs: 0 });
    store.sagaTask?.cancel();
  });

  it('a signed-out tab does start one with a live token (the same message, a good token)', async () => {
    const store = await signedOutTab();
    fromOtherTab({ type: 'session', reason: 'signedIn', record: recordWith(tokenAt(T0)) });
    await tick(1_000);
    expect(store.started()).toHaveLength(1);
    expect(store.getState().session).toMatchObject({ status: 'signedIn', user: TEST_USER });
    store.sagaTask?.cancel();
  });

  it('a signed-out tab does not start a session idle for 30 minutes', async () => {
    const store = await signedOutTab();
    fromOtherTab({ type: 'session', reason: 'signedIn', record: recordWith(tokenAt(T0), { lastActivity: T0 - 31 * MIN }) });
    await tick(1_000);
    expect(store.started()).toEqual([]);
    expect(store.getState().session.status).toBe('signedOut');
    store.sagaTask?.cancel();
  });

  it('a new tab refuses an expired session handed over by a stale tab, and starts signed out', async () => {
    const recorder = actionRecorder();
    const fresh = makeStore({ services: { navigate: jest.fn(), redirect: jest.fn() }, middleware: [recorder.middleware] });
    fromOtherTab({ type: 'session', reason: 'answer', record: recordWith(expiredToken()) });
    await tick(400);
    expect(recorder.ofType(sessionStarted.type)).toEqual([]);
    expect(fresh.getState().session).toMatchObject({ status: 'signedOut', logoutReason: null });
    fresh.sagaTask?.cancel();
  });

  it('a signed-out tab ignores an expired persistent copy written by another tab', async () => {
    const store = await signedOutTab();
    const key = 'courtside.auth.persistent';
    const value = JSON.stringify(recordWith(expiredToken()));
    localStorage.setItem(key, value);
    window.dispatchEvent(new StorageEvent('storage', { key, newValue: value, storageArea: localStorage }));
    await tick(1_000);
    expect(store.started()).toEqual([]);
    expect(store.getState().session.status).toBe('signedOut');
    store.sagaTask?.cancel();
  });

  it('a signed-in tab keeps its token when another tab sends one that fails to decode', async () => {
    const token = tokenAt(T0);
    const a = signedInStore(token, { now: T0 });
    fromOtherTab({ type: 'session', reason: 'refreshed', record: recordWith(undecodableToken) });
    await tick(1_000);
    expect(a.store.getState().session).toMatchObject({ status: 'signedIn', token });
  });

  it('a signed-in tab takes a newer live token from another tab', async () => {
    const token = tokenAt(T0);
    const a = signedInStore(token, { now: T0 });
    await tick(60_000);
    const newer = tokenAt(Date.now());
    fromOtherTab({ type: 'session', reason: 'refreshed', record: recordWith(newer, { lastRefresh: Date.now() }) });
    await tick(1_000);
    expect(a.store.getState().session.token).toBe(newer);
  });
});

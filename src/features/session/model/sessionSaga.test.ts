import { http, HttpResponse } from 'msw';
import { fullKey } from '../../../app/storage';
import { makeStore } from '../../../app/store';
import { API, apiServer, setupApiServer } from '../../../test/apiServer';
import { actionRecorder, signedInStore } from '../../../test/sessionStore';
import { makeToken, TEST_USER } from '../../../test/tokens';
import { selectSessionWarning } from './selectors';
import { staySignedInRequested } from './sessionSlice';

setupApiServer();

const MIN = 60_000;
const T0 = Date.UTC(2026, 10, 21, 12, 0, 0);
const secs = (ms: number) => Math.floor(ms / 1000);

/** A token issued at `at` (ms) living `ttlMin` minutes. */
const tokenAt = (at: number, ttlMin = 60) => makeToken({ iat: secs(at), exp: secs(at) + ttlMin * 60 });

const tick = (ms: number) => jest.advanceTimersByTimeAsync(ms);

interface ServerLog {
  refreshes: number;
  logouts: string[];
}

function fakeAuthServer(options: { refresh?: () => Response } = {}): ServerLog {
  const log: ServerLog = { refreshes: 0, logouts: [] };
  apiServer.use(
    http.post(API('auth/verify/refresh'), () => {
      log.refreshes += 1;
      return options.refresh?.() ?? HttpResponse.json({ success: true, data: { token: tokenAt(Date.now()), user: TEST_USER } });
    }),
    http.post(API('auth/logout'), ({ request }) => {
      log.logouts.push(request.headers.get('Authorization') ?? '');
      return HttpResponse.json({ success: true, data: { requiresRedirect: false } });
    }),
  );
  return log;
}

/** Keeps the user busy: a pointer event every `everyMs` for `totalMs`. */
async function stayActive(totalMs: number, everyMs = 60_000) {
  for (let t = 0; t < totalMs; t += everyMs) {
    window.dispatchEvent(new Event('pointerdown'));
    await tick(Math.min(everyMs, totalMs - t));
  }
}

beforeEach(() => {
  jest.useFakeTimers({ now: T0, doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'] });
  sessionStorage.clear();
  localStorage.clear();
});

afterEach(() => {
  jest.useRealTimers();
});

describe('restore at start', () => {
  it('restores from tab storage and starts the timers', async () => {
    const record = {
      user: TEST_USER,
      token: tokenAt(T0),
      lastActivity: T0,
      lastRefresh: T0,
      persistAcrossRestarts: false,
      clockOffsetMs: 0,
    };
    sessionStorage.setItem(fullKey('auth'), JSON.stringify(record));
    const store = makeStore({ services: { navigate: jest.fn(), redirect: jest.fn() } });
    await tick(0);
    expect(store.getState().session).toMatchObject({ status: 'signedIn', user: TEST_USER });
    store.sagaTask?.cancel();
  });

  it('survives corrupt JSON in every key: signed out with session_corrupted, no crash', async () => {
    for (const key of ['auth', 'auth.failedLogoutToken', 'uploads.session', 'events.recent'])
      sessionStorage.setItem(fullKey(key), '{oops');
    localStorage.setItem(fullKey('auth.persistent'), '[1,2');
    localStorage.setItem(fullKey('user'), '{');
    apiServer.use(http.post(API('auth/logout'), () => HttpResponse.json({ success: true, data: {} })));
    const store = makeStore({ services: { navigate: jest.fn(), redirect: jest.fn() } });
    await tick(1_000);
    expect(store.getState().session).toMatchObject({ status: 'signedOut', logoutReason: 'session_corrupted' });
    store.sagaTask?.cancel();
  });

  it('stays signed out on a fresh browser after asking other tabs for a moment', async () => {
    const store = makeStore({ services: { navigate: jest.fn(), redirect: jest.fn() } });
    expect(store.getState().session.status).toBe('loading');
    await tick(400);
    expect(store.getState().session).toMatchObject({ status: 'signedOut', logoutReason: null });
    store.sagaTask?.cancel();
  });
});

describe('token refresh', () => {
  it('refreshes 5 minutes before expiry, once, without the user noticing', async () => {
    const server = fakeAuthServer();
    const first = tokenAt(T0);
    const { store } = signedInStore(first, { now: T0 });
    await stayActive(55 * MIN - 1_000);
    expect(server.refreshes).toBe(0);
    await stayActive(2_000, 1_000);
    expect(server.refreshes).toBe(1);
    expect(store.getState().session.token).not.toBe(first);
    expect(store.getState().session.status).toBe('signedIn');
    expect(selectSessionWarning(store.getState())).toBeNull();
  });

  it('keeps a 60 s cooldown between refreshes', async () => {
    // 5-minute tokens: every refresh is "due" at once, but only one a minute may happen.
    const server = fakeAuthServer({
      refresh: () => HttpResponse.json({ success: true, data: { token: tokenAt(Date.now(), 5), user: TEST_USER } }),
    });
    signedInStore(tokenAt(T0, 5), { now: T0 });
    await stayActive(30_000, 10_000);
    expect(server.refreshes).toBe(0);
    await stayActive(31_000, 10_000);
    expect(server.refreshes).toBe(1);
    await stayActive(50_000, 10_000);
    expect(server.refreshes).toBe(1);
    await stayActive(20_000, 10_000);
    expect(server.refreshes).toBe(2);
  });

  it('signs out with refresh_failed when the refresh is refused', async () => {
    const server = fakeAuthServer({
      refresh: () => HttpResponse.json({ success: false, error: 'no', code: 'TOKEN_REVOKED' }, { status: 401 }),
    });
    const { store, navigate } = signedInStore(tokenAt(T0), { now: T0 });
    await stayActive(56 * MIN);
    expect(server.refreshes).toBe(1);
    expect(store.getState().session).toMatchObject({ status: 'signedOut', logoutReason: 'refresh_failed' });
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('signs out with account_deleted when the refresh says USER_NOT_FOUND', async () => {
    fakeAuthServer({
      refresh: () => HttpResponse.json({ success: false, error: 'gone', code: 'USER_NOT_FOUND' }, { status: 401 }),
    });
    const { store } = signedInStore(tokenAt(T0), { now: T0 });
    await stayActive(56 * MIN);
    expect(store.getState().session).toMatchObject({ status: 'signedOut', logoutReason: 'account_deleted' });
  });

  it('signs out with permission_revoked when the refresh says PERMISSION_REVOKED', async () => {
    fakeAuthServer({
      refresh: () => HttpResponse.json({ success: false, error: 'Access denied', code: 'PERMISSION_REVOKED' }, { status: 403 }),
    });
    const { store } = signedInStore(tokenAt(T0), { now: T0 });
    await stayActive(56 * MIN);
    expect(store.getState().session).toMatchObject({ status: 'signedOut', logoutReason: 'permission_revoked' });
  });

  it('retries an unreachable server after the cooldown, warns towards expiry + grace, then refresh_failed', async () => {
    const server = fakeAuthServer({ refresh: () => HttpResponse.error() });
    const { store } = signedInStore(tokenAt(T0), { now: T0 });
    await stayActive(55 * MIN + 1_000);
    expect(server.refreshes).toBe(1);
    expect(store.getState().session.status).toBe('signedIn');
    // Under 5 minutes to expiry + grace (62 min) and refresh cannot happen: the warning counts down to it.
    await stayActive(2 * MIN);
    expect(server.refreshes).toBeGreaterThanOrEqual(2);
    expect(selectSessionWarning(store.getState())).toMatchObject({ cause: 'expiry', severity: 'warning' });
    await stayActive(6 * MIN);
    expect(store.getState().session).toMatchObject({ status: 'signedOut', logoutReason: 'refresh_failed' });
  });
});

describe('inactivity', () => {
  it('signs out after 30 minutes without activity (session_timeout) and tells the server', async () => {
    const server = fakeAuthServer();
    const token = tokenAt(T0);
    const { store, navigate } = signedInStore(token, { now: T0 });
    await tick(30 * MIN - 1_000);
    expect(store.getState().session.status).toBe('signedIn');
    await tick(1_000);
    expect(store.getState().session).toMatchObject({ status: 'signedOut', logoutReason: 'session_timeout' });
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
    expect(server.logouts).toEqual([`Bearer ${token}`]);
    expect(sessionStorage.getItem(fullKey('auth'))).toBeNull();
  });

  it.each(['pointerdown', 'keydown', 'touchstart', 'scroll'])('counts %s as activity', async (type) => {
    fakeAuthServer();
    const { store } = signedInStore(tokenAt(T0), { now: T0 });
    await tick(20 * MIN);
    window.dispatchEvent(new Event(type));
    await tick(20 * MIN);
    expect(store.getState().session.status).toBe('signedIn');
    await tick(10 * MIN);
    expect(store.getState().session).toMatchObject({ status: 'signedOut', logoutReason: 'session_timeout' });
  });

  it('counts a tab shown again as activity', async () => {
    fakeAuthServer();
    const { store } = signedInStore(tokenAt(T0), { now: T0 });
    await tick(20 * MIN);
    document.dispatchEvent(new Event('visibilitychange'));
    await tick(20 * MIN);
    expect(store.getState().session.status).toBe('signedIn');
  });

  it('throttles activity: a flood of events records at most one every 5 s', async () => {
    fakeAuthServer();
    const { recorder } = signedInStore(tokenAt(T0), { now: T0 });
    for (let i = 0; i < 50; i += 1) {
      window.dispatchEvent(new Event('scroll'));
      await tick(100);
    }
    expect(recorder.ofType('session/activityRecorded').length).toBeLessThanOrEqual(2);
  });
});

describe('session warning', () => {
  it('appears under 5 minutes, turns critical under 2, counts seconds, and Stay signed in clears it', async () => {
    fakeAuthServer();
    const { store } = signedInStore(tokenAt(T0), { now: T0 });
    await tick(25 * MIN - 1_000);
    expect(selectSessionWarning(store.getState())).toBeNull();
    await tick(2_000);
    expect(selectSessionWarning(store.getState())).toEqual({
      severity: 'warning',
      text: 'Session expires in 5 minutes',
      cause: 'inactivity',
    });
    await tick(2 * MIN);
    expect(selectSessionWarning(store.getState())).toMatchObject({ severity: 'warning', text: 'Session expires in 3 minutes' });
    await tick(61_000);
    expect(selectSessionWarning(store.getState())).toMatchObject({ severity: 'critical', text: 'Session expires in 2 minutes' });
    await tick(90_000); // 29:32 idle
    expect(selectSessionWarning(store.getState())).toMatchObject({ severity: 'critical', text: 'Session expires in 28 seconds' });
    await tick(27_000); // 29:59 idle
    expect(selectSessionWarning(store.getState())).toMatchObject({ text: 'Session expires in 1 second' });

    store.dispatch(staySignedInRequested());
    await tick(0);
    expect(selectSessionWarning(store.getState())).toBeNull();
    expect(store.getState().session.status).toBe('signedIn');
    await tick(25 * MIN + 1_000);
    expect(selectSessionWarning(store.getState())).toMatchObject({ text: 'Session expires in 5 minutes' });
  });
});

describe('wake after sleep', () => {
  it.each(['visibilitychange', 'focus', 'online', 'pageshow'])(
    'acts on a deadline slept past as soon as %s fires',
    async (type) => {
      fakeAuthServer();
      const { store } = signedInStore(tokenAt(T0), { now: T0 });
      await tick(1_000);
      // The laptop sleeps for 2 hours: the wall clock jumps, no timer has fired.
      jest.setSystemTime(T0 + 2 * 60 * MIN);
      const target: EventTarget = type === 'visibilitychange' ? document : window;
      if (type === 'visibilitychange')
        Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
      target.dispatchEvent(new Event(type));
      await tick(0);
      expect(store.getState().session).toMatchObject({ status: 'signedOut' });
      expect(['session_timeout', 'session_expired']).toContain(store.getState().session.logoutReason);
    },
  );
});

describe('clock skew', () => {
  it('a device clock 5 minutes fast neither refreshes early nor signs out', async () => {
    const server = fakeAuthServer();
    const skew = 5 * MIN;
    // The server's clock is T0 − 5 min; its token says so. The offset is measured at receipt.
    const token = tokenAt(T0 - skew);
    const { store } = signedInStore(token, {
      now: T0,
      preloadedState: undefined,
    });
    store.dispatch({ type: 'session/tokenRefreshed', payload: { token, user: TEST_USER, at: T0, clockOffsetMs: -skew } });
    await stayActive(54 * MIN);
    expect(server.refreshes).toBe(0); // device T0+54 = server +49: not 5 min before expiry yet
    await stayActive(7 * MIN);
    expect(server.refreshes).toBe(1);
    expect(store.getState().session.status).toBe('signedIn');
  });
});

describe('logout', () => {
  it('keeps the token when the server logout fails and retries it at the next start', async () => {
    let attempts = 0;
    apiServer.use(
      http.post(API('auth/logout'), () => {
        attempts += 1;
        return attempts === 1 ? HttpResponse.error() : HttpResponse.json({ success: true, data: { requiresRedirect: false } });
      }),
    );
    const token = tokenAt(T0);
    const { store } = signedInStore(token, { now: T0 });
    store.dispatch({ type: 'session/logoutRequested', payload: { reason: 'user_logout' } });
    await tick(100);
    expect(store.getState().session.status).toBe('signedOut');
    expect(sessionStorage.getItem(fullKey('auth.failedLogoutToken'))).toBe(token);

    const recorder = actionRecorder();
    const next = makeStore({ middleware: [recorder.middleware], services: { navigate: jest.fn(), redirect: jest.fn() } });
    await tick(1_000);
    expect(attempts).toBe(2);
    expect(sessionStorage.getItem(fullKey('auth.failedLogoutToken'))).toBeNull();
    next.sagaTask?.cancel();
  });

  it('follows the identity provider when the server logout requires a redirect', async () => {
    apiServer.use(
      http.post(API('auth/logout'), () =>
        HttpResponse.json({
          success: true,
          data: { requiresRedirect: true, logoutUrl: 'http://localhost/idp/logout?returnTo=x' },
        }),
      ),
    );
    const { store, redirect } = signedInStore(tokenAt(T0), { now: T0 });
    store.dispatch({ type: 'session/logoutRequested', payload: { reason: 'user_logout' } });
    await tick(100);
    expect(redirect).toHaveBeenCalledWith('http://localhost/idp/logout?returnTo=x');
  });

  it('runs one logout however many ask at once', async () => {
    const server = fakeAuthServer();
    const { store, recorder } = signedInStore(tokenAt(T0), { now: T0 });
    for (let i = 0; i < 5; i += 1)
      store.dispatch({ type: 'session/logoutRequested', payload: { reason: 'authentication_failed' } });
    await tick(100);
    expect(recorder.ofType('session/signedOut')).toHaveLength(1);
    expect(server.logouts).toHaveLength(1);
  });
});

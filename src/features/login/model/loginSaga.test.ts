import { http, HttpResponse } from 'msw';
import { fullKey } from '../../../app/storage';
import { makeStore } from '../../../app/store';
import { API, apiServer, setupApiServer } from '../../../test/apiServer';
import { makeToken, TEST_USER } from '../../../test/tokens';
import { loginPageOpened, loginStarted } from './loginSlice';
import { PENDING_LOGIN_TTL_MS } from './pendingLogin';

setupApiServer();

const stores: Array<{ sagaTask: { cancel(): void } | null }> = [];
afterEach(() => {
  while (stores.length) stores.pop()?.sagaTask?.cancel();
});
beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

/** A tab: a real store with its sagas; `clock` moves the injected time. */
function start(clock = { now: () => Date.now() }) {
  const navigate = jest.fn();
  const redirect = jest.fn();
  const store = makeStore({ services: { navigate, redirect, clock } });
  stores.push(store);
  return { store, navigate, redirect };
}

const PENDING_KEY = fullKey('auth.loginState');
/** A sign-in this browser started (local storage: every tab sees it). */
function pendingLogin(state: string | null, keepSignedIn = false, expiresAt = Date.now() + 60_000) {
  localStorage.setItem(PENDING_KEY, JSON.stringify([{ state, keepSignedIn, expiresAt }]));
}

function fakeProvider(authUrl: string, token = makeToken({})) {
  const posted: unknown[] = [];
  apiServer.use(
    http.get(API('auth/local/login'), () => HttpResponse.json({ success: true, data: { authUrl } })),
    http.post(API('auth/local/callback'), async ({ request }) => {
      posted.push(await request.json());
      return HttpResponse.json({ success: true, data: { user: TEST_USER, token } });
    }),
  );
  return posted;
}

const settle = () => new Promise((r) => setTimeout(r, 450));

describe('login flow', () => {
  it("asks the server which provider signs people in, and goes through that provider's paths with the issuer it named", async () => {
    const posted: unknown[] = [];
    apiServer.use(
      http.get(API('auth/config'), () => HttpResponse.json({ success: true, data: { provider: 'keycloak' } })),
      http.get(API('auth/keycloak/login'), () =>
        HttpResponse.json({ success: true, data: { authUrl: 'https://sso.example/auth?state=kc-1' } }),
      ),
      http.post(API('auth/keycloak/callback'), async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({ success: true, data: { user: TEST_USER, token: makeToken({}) } });
      }),
    );
    const { store, redirect } = start();
    await settle();
    store.dispatch(loginStarted({ keepSignedIn: false }));
    await settle();
    expect(redirect).toHaveBeenCalledWith('https://sso.example/auth?state=kc-1');
    // The provider's name is kept with the pending sign-in: the callback does not ask again.
    apiServer.use(http.get(API('auth/config'), () => HttpResponse.json({ success: false }, { status: 500 })));
    store.dispatch(loginPageOpened({ search: '?code=kc-code&state=kc-1&iss=https%3A%2F%2Fsso.example' }));
    await settle();
    expect(posted).toEqual([{ code: 'kc-code', state: 'kc-1', iss: 'https://sso.example' }]);
    expect(store.getState().session).toMatchObject({ status: 'signedIn' });
  });

  it('shows the start error when the server cannot say which provider signs people in', async () => {
    apiServer.use(http.get(API('auth/config'), () => HttpResponse.error()));
    const { store, redirect } = start();
    await settle();
    store.dispatch(loginStarted({ keepSignedIn: false }));
    await settle();
    expect(redirect).not.toHaveBeenCalled();
    expect(store.getState().login.error?.message).toBe('Network error. Please check your connection.');
  });

  it('goes to the provider with a remembered state, then completes sign-in and lands on /', async () => {
    const token = makeToken({});
    const posted: unknown[] = [];
    apiServer.use(
      http.get(API('auth/local/login'), () =>
        HttpResponse.json({ success: true, data: { authUrl: 'http://localhost/idp/authorize?state=st-1' } }),
      ),
      http.post(API('auth/local/callback'), async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({ success: true, data: { user: TEST_USER, token } });
      }),
    );
    const { store, redirect, navigate } = start();
    await settle();
    store.dispatch(loginStarted({ keepSignedIn: true }));
    await settle();
    expect(redirect).toHaveBeenCalledWith('http://localhost/idp/authorize?state=st-1');
    expect(store.getState().login.phase).toBe('redirecting');

    store.dispatch(loginPageOpened({ search: '?code=c-1&state=st-1' }));
    await settle();
    expect(posted).toEqual([{ code: 'c-1', state: 'st-1' }]);
    expect(store.getState().session).toMatchObject({ status: 'signedIn', user: TEST_USER, persistAcrossRestarts: true });
    expect(navigate).toHaveBeenLastCalledWith('/', { replace: true });
    expect(localStorage.getItem(fullKey('auth.persistent'))).not.toBeNull();
    expect(localStorage.getItem(PENDING_KEY)).toBeNull();
  });

  it("refuses a callback whose state does not match: 'Invalid authentication response', nothing posted", async () => {
    pendingLogin('mine');
    const { store } = start();
    await settle();
    store.dispatch(loginPageOpened({ search: '?code=c-1&state=theirs' }));
    await settle();
    expect(store.getState().login.error).toEqual({ message: 'Invalid authentication response', hint: null });
    expect(store.getState().session.status).toBe('signedOut');
  });

  it('recovers silently from an expired code: clears auth, shows recovering, goes to / after 1 s', async () => {
    pendingLogin('s');
    apiServer.use(
      http.post(API('auth/local/callback'), () =>
        HttpResponse.json(
          { success: false, error: 'Authorization code has expired', code: 'AUTH_CODE_EXPIRED' },
          { status: 400 },
        ),
      ),
    );
    const { store, navigate } = start();
    await settle();
    store.dispatch(loginPageOpened({ search: '?code=old&state=s' }));
    await new Promise((r) => setTimeout(r, 100));
    expect(store.getState().login.phase).toBe('recovering');
    await new Promise((r) => setTimeout(r, 1_100));
    expect(navigate).toHaveBeenLastCalledWith('/', { replace: true });
    expect(store.getState().login.phase).toBe('idle');
  });

  it('shows the server error text for a 400, with the hint when it mentions expiry', async () => {
    pendingLogin('s');
    apiServer.use(
      http.post(API('auth/local/callback'), () =>
        HttpResponse.json({ success: false, error: 'Session expired at provider', code: 'OTHER' }, { status: 400 }),
      ),
    );
    const { store } = start();
    await settle();
    store.dispatch(loginPageOpened({ search: '?code=x&state=s' }));
    await settle();
    expect(store.getState().login.error).toEqual({
      message: 'Session expired at provider',
      hint: 'This can happen if you take too long to complete the login process. Please try again.',
    });
  });

  it("says 'Failed to initiate authentication' when the login URL cannot be had", async () => {
    apiServer.use(http.get(API('auth/local/login'), () => HttpResponse.json({ success: false, error: 'nope' }, { status: 404 })));
    const { store, redirect } = start();
    await settle();
    store.dispatch(loginStarted({ keepSignedIn: false }));
    await settle();
    expect(redirect).not.toHaveBeenCalled();
    expect(store.getState().login.error?.message).toBe('Failed to initiate authentication');
  });

  it("says 'Invalid response from authentication service' for a malformed answer", async () => {
    apiServer.use(http.get(API('auth/local/login'), () => HttpResponse.json({ success: true, data: { url: 'x' } })));
    const { store } = start();
    await settle();
    store.dispatch(loginStarted({ keepSignedIn: false }));
    await settle();
    expect(store.getState().login.error?.message).toBe('Invalid response from authentication service');
  });
});

describe('a malformed address on /login', () => {
  it.each([
    '?next=%E0%A4%A',
    '?next=%',
    '?%E0%A4%A',
    '?code=%E0%A4%A&state=st-1',
    '?code=c-1&state=%E0%A4%A',
    '?code=c-1&code=c-2&state=st-1',
    '?logout=%E0%A4%A',
    '?error=%E0%A4%A',
  ])('%s: the login flow keeps working and Sign in goes to the provider', async (search) => {
    const failed = jest.spyOn(console, 'error');
    fakeProvider('http://localhost/idp/authorize?state=st-1');
    const { store, redirect } = start();
    await settle();
    store.dispatch(loginPageOpened({ search }));
    await settle();
    store.dispatch(loginStarted({ keepSignedIn: false }));
    await settle();
    expect(redirect).toHaveBeenCalledWith('http://localhost/idp/authorize?state=st-1');
    expect(store.getState().login).toEqual({ phase: 'redirecting', error: null });
    // Nothing threw: the saga was not restarted behind the scenes.
    expect(failed).not.toHaveBeenCalled();
  });

  it("a code or state with malformed escapes is refused: 'Invalid authentication response', nothing posted", async () => {
    pendingLogin('st-1');
    const posted = fakeProvider('http://localhost/idp/authorize?state=st-1');
    const { store, navigate } = start();
    await settle();
    store.dispatch(loginPageOpened({ search: '?code=%E0%A4%A&state=st-1' }));
    await settle();
    expect(posted).toEqual([]);
    expect(store.getState().login.error).toEqual({ message: 'Invalid authentication response', hint: null });
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('a malformed `next` does not stand in the way of completing a sign-in', async () => {
    pendingLogin('st-1');
    const posted = fakeProvider('http://localhost/idp/authorize?state=st-1');
    const { store, navigate } = start();
    await settle();
    store.dispatch(loginPageOpened({ search: '?next=%E0%A4%A&code=c-1&state=st-1' }));
    await settle();
    expect(posted).toEqual([{ code: 'c-1', state: 'st-1' }]);
    expect(store.getState().session.status).toBe('signedIn');
    expect(navigate).toHaveBeenLastCalledWith('/', { replace: true });
  });
});

describe('the state check', () => {
  it('signs in without a state when the authUrl carries none', async () => {
    const posted = fakeProvider('http://localhost/idp/authorize?client=app');
    const { store, redirect } = start();
    await settle();
    store.dispatch(loginStarted({ keepSignedIn: true }));
    await settle();
    expect(redirect).toHaveBeenCalledWith('http://localhost/idp/authorize?client=app');
    expect(store.getState().login.error).toBeNull();

    store.dispatch(loginPageOpened({ search: '?code=c-1' }));
    await settle();
    expect(posted).toEqual([{ code: 'c-1' }]);
    expect(store.getState().session).toMatchObject({ status: 'signedIn', persistAcrossRestarts: true });
    expect(localStorage.getItem(PENDING_KEY)).toBeNull();
  });

  it('refuses a callback whose state was stripped when the sign-in had one', async () => {
    const posted = fakeProvider('http://localhost/idp/authorize?state=st-1');
    const { store } = start();
    await settle();
    store.dispatch(loginStarted({ keepSignedIn: false }));
    await settle();
    store.dispatch(loginPageOpened({ search: '?code=c-1' }));
    await settle();
    expect(posted).toEqual([]);
    expect(store.getState().login.error?.message).toBe('Invalid authentication response');
    expect(store.getState().session.status).toBe('signedOut');
  });

  it('refuses a callback without a state when no sign-in was started in this browser', async () => {
    const posted = fakeProvider('http://localhost/idp/authorize');
    const { store } = start();
    await settle();
    store.dispatch(loginPageOpened({ search: '?code=attackers-code' }));
    await settle();
    expect(posted).toEqual([]);
    expect(store.getState().login.error?.message).toBe('Invalid authentication response');
  });

  it('refuses a callback with a state when the sign-in had none', async () => {
    pendingLogin(null);
    const posted = fakeProvider('http://localhost/idp/authorize');
    const { store } = start();
    await settle();
    store.dispatch(loginPageOpened({ search: '?code=c-1&state=made-up' }));
    await settle();
    expect(posted).toEqual([]);
    expect(store.getState().login.error?.message).toBe('Invalid authentication response');
  });

  it('completes in another tab: the provider page opened in a new tab, or the callback URL pasted there', async () => {
    const posted = fakeProvider('http://localhost/idp/authorize?state=st-9');
    const first = start();
    await settle();
    first.store.dispatch(loginStarted({ keepSignedIn: true }));
    await settle();
    expect(first.redirect).toHaveBeenCalled();
    sessionStorage.clear(); // the other tab has its own, empty tab storage

    const other = start();
    await settle();
    other.store.dispatch(loginPageOpened({ search: '?code=c-9&state=st-9' }));
    await settle();
    expect(posted).toEqual([{ code: 'c-9', state: 'st-9' }]);
    expect(other.store.getState().session).toMatchObject({ status: 'signedIn', persistAcrossRestarts: true });
    expect(other.navigate).toHaveBeenLastCalledWith('/', { replace: true });
    expect(localStorage.getItem(PENDING_KEY)).toBeNull();
  });

  it('keeps two sign-ins started in two tabs apart: each state completes once', async () => {
    localStorage.setItem(
      PENDING_KEY,
      JSON.stringify([
        { state: 'tab-a', keepSignedIn: false, expiresAt: Date.now() + 60_000 },
        { state: 'tab-b', keepSignedIn: true, expiresAt: Date.now() + 60_000 },
      ]),
    );
    const posted = fakeProvider('http://localhost/idp/authorize?state=x');
    const { store } = start();
    await settle();
    store.dispatch(loginPageOpened({ search: '?code=c-b&state=tab-b' }));
    await settle();
    expect(posted).toEqual([{ code: 'c-b', state: 'tab-b' }]);
    expect(store.getState().session.persistAcrossRestarts).toBe(true);
    expect(JSON.parse(localStorage.getItem(PENDING_KEY) ?? '[]')).toEqual([expect.objectContaining({ state: 'tab-a' })]);
  });

  it('refuses a state whose sign-in was started more than 10 minutes ago', async () => {
    let now = Date.now();
    const clock = { now: () => now };
    const posted = fakeProvider('http://localhost/idp/authorize?state=st-old');
    const { store } = start(clock);
    await settle();
    store.dispatch(loginStarted({ keepSignedIn: false }));
    await settle();
    now += PENDING_LOGIN_TTL_MS + 1;
    store.dispatch(loginPageOpened({ search: '?code=c-1&state=st-old' }));
    await settle();
    expect(posted).toEqual([]);
    expect(store.getState().login.error?.message).toBe('Invalid authentication response');
  });

  it('survives a corrupt pending entry: refused, and the next sign-in works', async () => {
    localStorage.setItem(PENDING_KEY, '{not json');
    const posted = fakeProvider('http://localhost/idp/authorize?state=st-2');
    const { store } = start();
    await settle();
    store.dispatch(loginPageOpened({ search: '?code=c-1&state=st-2' }));
    await settle();
    expect(store.getState().login.error?.message).toBe('Invalid authentication response');
    store.dispatch(loginStarted({ keepSignedIn: false }));
    await settle();
    store.dispatch(loginPageOpened({ search: '?code=c-2&state=st-2' }));
    await settle();
    expect(posted).toEqual([{ code: 'c-2', state: 'st-2' }]);
    expect(store.getState().session.status).toBe('signedIn');
  });
});

describe('the session a callback answer starts', () => {
  it('is measured against the server clock: a device 10 minutes slow keeps the offset', async () => {
    pendingLogin('s');
    const serverNow = Date.now() + 10 * 60_000;
    fakeProvider('http://localhost/idp/authorize?state=s', makeToken({}, serverNow));
    const { store } = start();
    await settle();
    store.dispatch(loginPageOpened({ search: '?code=c&state=s' }));
    await settle();
    expect(store.getState().session.status).toBe('signedIn');
    expect(store.getState().session.clockOffsetMs).toBeGreaterThan(9 * 60_000);
  });

  it("is refused with the check's words when the token is expired", async () => {
    pendingLogin('s');
    // Issued now (so no clock offset) but already 10 minutes past its expiry: beyond the 2-minute grace.
    const now = Math.floor(Date.now() / 1000);
    fakeProvider('http://localhost/idp/authorize?state=s', makeToken({ iat: now, exp: now - 600 }));
    const { store, navigate } = start();
    await settle();
    store.dispatch(loginPageOpened({ search: '?code=c&state=s' }));
    await settle();
    expect(store.getState().login.error).toEqual({ message: 'Session expired', hint: null });
    expect(store.getState().session.status).toBe('signedOut');
    expect(navigate).toHaveBeenLastCalledWith('/login', { replace: true });
    expect(sessionStorage.getItem(fullKey('auth'))).toBeNull();
  });

  it('keeps the other pending sign-ins when one stored entry is unreadable', async () => {
    localStorage.setItem(
      PENDING_KEY,
      JSON.stringify([
        { state: 'broken', keepSignedIn: 'yes', expiresAt: Date.now() + 60_000 },
        { state: 'good', keepSignedIn: true, expiresAt: Date.now() + 60_000 },
      ]),
    );
    const posted = fakeProvider('http://localhost/idp/authorize?state=x');
    const { store } = start();
    await settle();
    store.dispatch(loginPageOpened({ search: '?code=c-b&state=broken' }));
    await settle();
    expect(posted).toEqual([]);
    store.dispatch(loginPageOpened({ search: '?code=c-g&state=good' }));
    await settle();
    expect(posted).toEqual([{ code: 'c-g', state: 'good' }]);
    expect(store.getState().session).toMatchObject({ status: 'signedIn', persistAcrossRestarts: true });
  });
});

describe("a malformed callback answer: 'Invalid authentication response' (docs/product/part-1.md §8)", () => {
  it.each([
    ['no token', { success: true, data: { user: TEST_USER } }],
    ['no user', { success: true, data: { token: makeToken({}) } }],
    ['a user without roles', { success: true, data: { user: { id: 'u-1', email: 'a@b.c' }, token: makeToken({}) } }],
    ['no data', { success: true }],
    ['data of the wrong type', { success: true, data: 'signed-in' }],
    ['a token of the wrong type', { success: true, data: { user: TEST_USER, token: 42 } }],
  ])('%s', async (_what, body) => {
    pendingLogin('s');
    let posted = 0;
    apiServer.use(
      http.post(API('auth/local/callback'), () => {
        posted += 1;
        return HttpResponse.json(body);
      }),
    );
    const { store, navigate } = start();
    await settle();
    store.dispatch(loginPageOpened({ search: '?code=c&state=s' }));
    await settle();
    expect(posted).toBe(1);
    expect(store.getState().login.error).toEqual({ message: 'Invalid authentication response', hint: null });
    expect(store.getState().session.status).toBe('signedOut');
    expect(navigate).toHaveBeenLastCalledWith('/login', { replace: true });
  });
});

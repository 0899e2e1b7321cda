import { http, HttpResponse } from 'msw';
import { fullKey } from '../../app/storage';
import { makeStore } from '../../app/store';
import { API, apiServer, setupApiServer } from '../../test/apiServer';
import { makeToken, TEST_USER } from '../../test/tokens';
import { loginPageOpened, loginStarted } from './loginSlice';

setupApiServer();

const stores: Array<{ sagaTask: { cancel(): void } | null }> = [];
afterEach(() => {
  while (stores.length) stores.pop()?.sagaTask?.cancel();
});
beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

function start() {
  const navigate = jest.fn();
  const redirect = jest.fn();
  const store = makeStore({ services: { navigate, redirect } });
  stores.push(store);
  return { store, navigate, redirect };
}

const settle = () => new Promise((r) => setTimeout(r, 450));

describe('login flow', () => {
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
    expect(posted).toEqual([{ code: 'c-1' }]);
    expect(store.getState().session).toMatchObject({ status: 'signedIn', user: TEST_USER, persistAcrossRestarts: true });
    expect(navigate).toHaveBeenLastCalledWith('/', { replace: true });
    expect(localStorage.getItem(fullKey('auth.persistent'))).not.toBeNull();
    expect(sessionStorage.getItem(fullKey('auth.loginState'))).toBeNull();
  });

  it("refuses a callback whose state does not match: 'Invalid authentication response', nothing posted", async () => {
    sessionStorage.setItem(fullKey('auth.loginState'), JSON.stringify({ state: 'mine', keepSignedIn: false }));
    const { store } = start();
    await settle();
    store.dispatch(loginPageOpened({ search: '?code=c-1&state=theirs' }));
    await settle();
    expect(store.getState().login.error).toEqual({ message: 'Invalid authentication response', hint: null });
    expect(store.getState().session.status).toBe('signedOut');
  });

  it('recovers silently from an expired code: clears auth, shows recovering, goes to / after 1 s', async () => {
    sessionStorage.setItem(fullKey('auth.loginState'), JSON.stringify({ state: 's', keepSignedIn: false }));
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
    sessionStorage.setItem(fullKey('auth.loginState'), JSON.stringify({ state: 's', keepSignedIn: false }));
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

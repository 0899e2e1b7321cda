import { http, HttpResponse } from 'msw';
import { api } from './apiSlice';
import { API, apiServer, setupApiServer } from '../test/apiServer';
import { signedInStore } from '../test/sessionStore';
import { makeToken, TEST_USER } from '../test/tokens';
import { SESSION_POLICY_CASES, type PolicyAnswer } from '../test/sessionPolicyCases';

setupApiServer();

const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<{ n: number }, number>({ query: (n) => `probe/${n}` }),
    send: build.mutation<null, { body: unknown }>({
      query: ({ body }) => ({ url: 'send', method: 'POST', body }),
      transformResponse: () => null,
    }),
  }),
});

const bearer = (request: Request) => request.headers.get('Authorization')?.replace('Bearer ', '') ?? null;

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

/** Counts requests per probe number, answers 401 unless the token is `goodToken`. */
function probeHandler(isGood: (token: string | null) => boolean, calls: Map<string, number>) {
  return http.get(API('probe/:n'), ({ request, params }) => {
    const n = String(params.n);
    calls.set(n, (calls.get(n) ?? 0) + 1);
    if (!isGood(bearer(request)))
      return HttpResponse.json({ success: false, error: 'Invalid token', code: 'INVALID_TOKEN' }, { status: 401 });
    return HttpResponse.json({ n: Number(n) });
  });
}

const logoutHandler = (count: { n: number }) =>
  http.post(API('auth/logout'), () => {
    count.n += 1;
    return HttpResponse.json({ success: true, data: { requiresRedirect: false } });
  });

describe('baseQuery: a storm of 401s', () => {
  it('20 concurrent requests answered 401 → exactly one refresh and 20 successful retries', async () => {
    const oldToken = makeToken({});
    const newToken = makeToken({});
    const calls = new Map<string, number>();
    let refreshes = 0;
    apiServer.use(
      probeHandler((t) => t === newToken, calls),
      http.post(API('auth/verify/refresh'), async ({ request }) => {
        refreshes += 1;
        expect(bearer(request)).toBe(oldToken);
        await new Promise((r) => setTimeout(r, 20));
        return HttpResponse.json({ success: true, data: { token: newToken, user: TEST_USER } });
      }),
    );
    const { store } = signedInStore(oldToken);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => store.dispatch(probeApi.endpoints.probe.initiate(i, { subscribe: false }))),
    );
    expect(refreshes).toBe(1);
    expect(results.every((r) => r.isSuccess)).toBe(true);
    expect([...calls.values()].every((c) => c === 2)).toBe(true);
    expect(calls.size).toBe(20);
    expect(store.getState().session.token).toBe(newToken);
  });

  it('a failed refresh fails every waiting request and signs out once', async () => {
    const logouts = { n: 0 };
    const calls = new Map<string, number>();
    let refreshes = 0;
    apiServer.use(
      probeHandler(() => false, calls),
      http.post(API('auth/verify/refresh'), () => {
        refreshes += 1;
        return HttpResponse.json({ success: false, error: 'nope', code: 'TOKEN_EXPIRED' }, { status: 401 });
      }),
      logoutHandler(logouts),
    );
    const { store, recorder, navigate } = signedInStore(makeToken({}));
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => store.dispatch(probeApi.endpoints.probe.initiate(i, { subscribe: false }))),
    );
    await new Promise((r) => setTimeout(r, 50));
    // Every request failed (its own answer: the cache entries went with the session).
    expect(recorder.ofType('api/executeQuery/rejected')).toHaveLength(20);
    expect(recorder.ofType('api/executeQuery/fulfilled')).toHaveLength(0);
    expect(store.getState().api.queries).toEqual({});
    expect(refreshes).toBe(1);
    expect([...calls.values()].every((c) => c === 1)).toBe(true);
    expect(recorder.ofType('session/signedOut')).toHaveLength(1);
    expect(recorder.ofType('session/signedOut')[0]).toMatchObject({ payload: { reason: 'authentication_failed' } });
    expect(store.getState().session.status).toBe('signedOut');
    expect(logouts.n).toBe(1);
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('never repeats a request twice', async () => {
    const calls = new Map<string, number>();
    apiServer.use(
      probeHandler(() => false, calls),
      http.post(API('auth/verify/refresh'), () =>
        HttpResponse.json({ success: true, data: { token: makeToken({}), user: TEST_USER } }),
      ),
      logoutHandler({ n: 0 }),
    );
    const { store, recorder } = signedInStore(makeToken({}));
    await store.dispatch(probeApi.endpoints.probe.initiate(1, { subscribe: false }));
    expect(recorder.ofType('api/executeQuery/rejected')).toHaveLength(1);
    expect(calls.get('1')).toBe(2);
    expect(recorder.ofType('session/signedOut')[0]).toMatchObject({ payload: { reason: 'authentication_failed' } });
  });
});

describe('baseQuery: reasons', () => {
  it('401 USER_NOT_FOUND → account_deleted, without a refresh', async () => {
    let refreshes = 0;
    apiServer.use(
      http.get(API('probe/:n'), () =>
        HttpResponse.json({ success: false, error: 'User not found', code: 'USER_NOT_FOUND' }, { status: 401 }),
      ),
      http.post(API('auth/verify/refresh'), () => {
        refreshes += 1;
        return HttpResponse.json({});
      }),
      logoutHandler({ n: 0 }),
    );
    const { store } = signedInStore(makeToken({}));
    await store.dispatch(probeApi.endpoints.probe.initiate(1, { subscribe: false }));
    expect(refreshes).toBe(0);
    expect(store.getState().session).toMatchObject({ status: 'signedOut', logoutReason: 'account_deleted' });
  });

  it('403 PERMISSION_REVOKED → permission_revoked', async () => {
    apiServer.use(
      http.get(API('probe/:n'), () =>
        HttpResponse.json({ success: false, error: 'Access denied', code: 'PERMISSION_REVOKED' }, { status: 403 }),
      ),
      logoutHandler({ n: 0 }),
    );
    const { store } = signedInStore(makeToken({}));
    await store.dispatch(probeApi.endpoints.probe.initiate(1, { subscribe: false }));
    expect(store.getState().session).toMatchObject({ status: 'signedOut', logoutReason: 'permission_revoked' });
  });

  it('429 on refresh is a failed refresh (rate limited) → signed out', async () => {
    apiServer.use(
      probeHandler(() => false, new Map()),
      http.post(API('auth/verify/refresh'), () =>
        HttpResponse.json({ success: false, error: 'Slow down', code: 'RATE_LIMITED' }, { status: 429 }),
      ),
      logoutHandler({ n: 0 }),
    );
    const { store } = signedInStore(makeToken({}));
    await store.dispatch(probeApi.endpoints.probe.initiate(1, { subscribe: false }));
    expect(store.getState().session).toMatchObject({ status: 'signedOut', logoutReason: 'authentication_failed' });
  });
});

describe('baseQuery: the shared session policy (the same table as the uploads)', () => {
  const reply = (answer: PolicyAnswer | undefined, success: Record<string, unknown>) =>
    answer === 'success' || answer === undefined
      ? HttpResponse.json(success)
      : HttpResponse.json(answer.body as Record<string, unknown>, { status: answer.status });

  it.each(SESSION_POLICY_CASES)('$name → $reason', async (c) => {
    const sent: Array<string | null> = [];
    let refreshes = 0;
    const newToken = makeToken({});
    apiServer.use(
      http.get(API('probe/:n'), ({ request }) => {
        sent.push(bearer(request));
        return reply(sent.length === 1 ? c.first : c.repeat, { n: 1 });
      }),
      http.post(API('auth/verify/refresh'), () => {
        refreshes += 1;
        return reply(c.refresh, { success: true, data: { token: newToken, user: TEST_USER } });
      }),
      logoutHandler({ n: 0 }),
    );
    const oldToken = makeToken({});
    const { store, recorder } = signedInStore(oldToken);
    await store.dispatch(probeApi.endpoints.probe.initiate(1, { subscribe: false }));
    await new Promise((r) => setTimeout(r, 20));

    expect(refreshes).toBe(c.refresh ? 1 : 0);
    expect(sent).toEqual(c.repeat ? [oldToken, newToken] : [oldToken]);
    if (c.reason) {
      expect(recorder.ofType('session/signedOut')).toEqual([{ type: 'session/signedOut', payload: { reason: c.reason } }]);
    } else {
      expect(recorder.ofType('session/logoutRequested')).toHaveLength(0);
      expect(store.getState().session.status).toBe('signedIn');
    }
  });
});

describe('baseQuery: before sending', () => {
  it('refreshes a token in grace first, then sends with the new one', async () => {
    const now = Date.now();
    const graceToken = makeToken({ iat: Math.floor(now / 1000) - 3660, exp: Math.floor(now / 1000) - 60 });
    const fresh = makeToken({});
    const seen: Array<string | null> = [];
    apiServer.use(
      http.get(API('probe/:n'), ({ request }) => {
        seen.push(bearer(request));
        return HttpResponse.json({ n: 1 });
      }),
      http.post(API('auth/verify/refresh'), () => HttpResponse.json({ success: true, data: { token: fresh, user: TEST_USER } })),
    );
    const { store } = signedInStore(graceToken);
    const result = await store.dispatch(probeApi.endpoints.probe.initiate(1, { subscribe: false }));
    expect(result.isSuccess).toBe(true);
    expect(seen).toEqual([fresh]);
  });

  it('signs out without sending when the token is past grace', async () => {
    const now = Date.now();
    const dead = makeToken({ iat: Math.floor(now / 1000) - 7200, exp: Math.floor(now / 1000) - 600 });
    let sent = 0;
    apiServer.use(
      http.get(API('probe/:n'), () => {
        sent += 1;
        return HttpResponse.json({ n: 1 });
      }),
      logoutHandler({ n: 0 }),
    );
    // Sagas off: the timer saga would sign out first; here the baseQuery alone must refuse.
    const { store, recorder } = signedInStore(dead, { runSagas: false });
    const result = await store.dispatch(probeApi.endpoints.probe.initiate(1, { subscribe: false }));
    expect(result.isError).toBe(true);
    expect(sent).toBe(0);
    expect(recorder.ofType('session/logoutRequested')).toEqual([
      { type: 'session/logoutRequested', payload: { reason: 'session_expired' } },
    ]);
  });

  it('adds the bearer and X-Frontend-Client headers, JSON for objects and not for FormData', async () => {
    const token = makeToken({});
    const seen: Array<{ auth: string | null; client: string | null; type: string | null }> = [];
    apiServer.use(
      http.post(API('send'), ({ request }) => {
        seen.push({
          auth: request.headers.get('Authorization'),
          client: request.headers.get('X-Frontend-Client'),
          type: request.headers.get('Content-Type'),
        });
        return HttpResponse.json({ success: true, data: null });
      }),
    );
    const { store } = signedInStore(token);
    await store.dispatch(probeApi.endpoints.send.initiate({ body: { a: 1 } }));
    const form = new FormData();
    form.append('x', 'y');
    await store.dispatch(probeApi.endpoints.send.initiate({ body: form }));
    expect(seen[0]).toEqual({ auth: `Bearer ${token}`, client: 'true', type: 'application/json' });
    expect(seen[1]?.auth).toBe(`Bearer ${token}`);
    expect(seen[1]?.type).toMatch(/^multipart\/form-data/);
  });
});

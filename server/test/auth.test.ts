import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { authorize, bearer, signIn, startApp, TEST_ADMIN_EMAIL, type SignedIn, type TestApp } from './helpers';

interface Envelope<T = Record<string, unknown>> {
  success: boolean;
  data: T;
  error?: string;
  code?: string;
  details?: Record<string, unknown> | null;
}

describe('auth', () => {
  let t: TestApp;
  before(async () => {
    t = await startApp();
  });
  after(async () => {
    await t.close();
  });

  test('login answers an authUrl to the stand-in IdP on the same origin', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/local/login', headers: { host: 'localhost' } });
    assert.equal(res.statusCode, 200);
    const body = res.json() as Envelope<{ authUrl: string }>;
    assert.equal(body.success, true);
    const url = new URL(body.data.authUrl);
    assert.equal(url.origin, 'http://localhost');
    assert.equal(url.pathname, '/idp/authorize');
    assert.ok((url.searchParams.get('state') ?? '').length >= 16);
    assert.equal(url.searchParams.get('redirect_uri'), 'http://localhost/login');
  });

  test('unknown provider → 404 UNKNOWN_PROVIDER', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/okta/login' });
    assert.equal(res.statusCode, 404);
    assert.equal((res.json() as Envelope).code, 'UNKNOWN_PROVIDER');
    const cb = await t.app.inject({ method: 'POST', url: '/api/v1/auth/okta/callback', payload: { code: 'x' } });
    assert.equal((cb.json() as Envelope).code, 'UNKNOWN_PROVIDER');
  });

  test('IdP page is an accessible form without inline script or style', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/idp/authorize?state=abc&redirect_uri=' + encodeURIComponent('http://localhost/login'),
      headers: { host: 'localhost' },
    });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /text\/html/);
    const html = res.body;
    assert.match(html, /<html lang="en">/);
    assert.match(html, /<title>[^<]+<\/title>/);
    assert.match(html, /<main/);
    assert.match(html, /<h1>/);
    assert.match(html, /<label for="provider-google">Google<\/label>/);
    assert.match(html, /<label for="provider-apple">Apple<\/label>/);
    assert.match(html, /<label for="email">Email<\/label>/);
    assert.match(html, /type="email" id="email" name="email" required/);
    assert.doesNotMatch(html, /name="admin"|type="checkbox"/);
    assert.match(html, /<button type="submit">Continue<\/button>/);
    assert.match(html, /href="\/idp\/style.css"/);
    assert.doesNotMatch(html, /<script|style=|<style/);
    assert.match(String(res.headers['content-security-policy']), /script-src 'self'/);
    const css = await t.app.inject({ method: 'GET', url: '/idp/style.css' });
    assert.equal(css.statusCode, 200);
    assert.match(String(css.headers['content-type']), /text\/css/);
  });

  test('full flow: form → redirect with code+state → callback → user and token; reuse → AUTH_CODE_EXPIRED', async () => {
    const { code, state, location } = await authorize(t.app, 'Player.One@Example.com', { state: 's-123' });
    assert.ok(location.startsWith('http://localhost/login?'));
    assert.equal(state, 's-123');
    assert.ok(code.length > 20);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/local/callback', payload: { code } });
    assert.equal(res.statusCode, 200);
    const body = res.json() as Envelope<{ token: string; user: { id: string; email: string; roles: string[] } }>;
    assert.equal(body.success, true);
    assert.equal(body.data.user.email, 'player.one@example.com');
    assert.deepEqual(body.data.user.roles, ['USER']);
    assert.equal(body.data.token.split('.').length, 3);
    const claims = JSON.parse(Buffer.from(body.data.token.split('.')[1] ?? '', 'base64url').toString()) as Record<
      string,
      unknown
    >;
    assert.equal(claims.userId, body.data.user.id);
    for (const k of ['iat', 'exp', 'jti', 'sid']) assert.ok(k in claims, k);
    assert.equal(Number(claims.exp) - Number(claims.iat), 3600);

    const again = await t.app.inject({ method: 'POST', url: '/api/v1/auth/local/callback', payload: { code } });
    assert.equal(again.statusCode, 400);
    const e = again.json() as Envelope;
    assert.equal(e.code, 'AUTH_CODE_EXPIRED');
    assert.equal(e.error, 'Authorization code has expired');
    assert.equal(e.details?.reason, 'already_used');
  });

  test('code older than 60 s → AUTH_CODE_EXPIRED', async () => {
    const { code } = await authorize(t.app, 'slow@example.com');
    t.clock.advance(61_000);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/local/callback', payload: { code } });
    assert.equal(res.statusCode, 400);
    const e = res.json() as Envelope;
    assert.equal(e.code, 'AUTH_CODE_EXPIRED');
    assert.equal(e.details?.reason, 'expired');
  });

  test('callback input validation and unknown code', async () => {
    for (const payload of [{}, { code: '' }, { code: 42 }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/local/callback', payload });
      assert.equal(res.statusCode, 400);
      assert.equal((res.json() as Envelope).code, 'INVALID_INPUT');
    }
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/local/callback', payload: { code: 'nope' } });
    assert.equal(res.statusCode, 400);
    const e = res.json() as Envelope;
    assert.equal(e.code, 'INVALID_AUTH_CODE');
    assert.equal(e.error, 'Invalid authorization code');
  });

  test('no form field grants a role: admin=1 is ignored; a promoted admin stays one at every later sign-in', async () => {
    const { code } = await authorize(t.app, 'coach@example.com', {}, { admin: '1', roles: 'ADMIN' });
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/local/callback', payload: { code } });
    assert.deepEqual((res.json() as { data: SignedIn }).data.user.roles, ['USER']);
    const admin = await signIn(t.app, 'coach@example.com', true);
    assert.deepEqual(admin.user.roles, ['USER', 'ADMIN']);
    const plain = await signIn(t.app, 'coach@example.com');
    assert.deepEqual(plain.user.roles, ['USER', 'ADMIN']);
    assert.equal(plain.user.id, admin.user.id);
  });

  test('ADMIN_EMAILS: the listed address is an admin from its first sign-in, any case; others are not', async () => {
    const root = await signIn(t.app, TEST_ADMIN_EMAIL.toUpperCase());
    assert.deepEqual(root.user.roles, ['USER', 'ADMIN']);
    const other = await signIn(t.app, 'not-listed@example.com');
    assert.deepEqual(other.user.roles, ['USER']);
  });

  test('open redirects and missing state are rejected; bad e-mail re-renders the form', async () => {
    const evil = await t.app.inject({
      method: 'GET',
      url: '/idp/authorize?state=x&redirect_uri=' + encodeURIComponent('https://evil.example/login'),
      headers: { host: 'localhost' },
    });
    assert.equal(evil.statusCode, 400);
    for (const redirect of ['https://evil.example/login', '//evil.example/login', 'javascript:alert(1)']) {
      const form = new URLSearchParams({ state: 'x', redirect_uri: redirect, email: 'a@example.com' });
      const res = await t.app.inject({
        method: 'POST',
        url: '/idp/authorize',
        headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'localhost' },
        payload: form.toString(),
      });
      assert.equal(res.statusCode, 400, redirect);
      assert.equal(res.headers.location, undefined);
    }
    const noState = new URLSearchParams({ redirect_uri: '/login', email: 'a@example.com' });
    const r1 = await t.app.inject({
      method: 'POST',
      url: '/idp/authorize',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: noState.toString(),
    });
    assert.equal(r1.statusCode, 400);
    assert.match(r1.body, /role="alert"/);
    const badEmail = new URLSearchParams({ state: 's', redirect_uri: '/login', email: 'not-an-email' });
    const r2 = await t.app.inject({
      method: 'POST',
      url: '/idp/authorize',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: badEmail.toString(),
    });
    assert.equal(r2.statusCode, 400);
    assert.match(r2.body, /valid e-mail/);
    assert.match(r2.body, /value="not-an-email"/);
  });

  test('token checks: missing, bad signature, expired, revoked after logout', async () => {
    const s = await signIn(t.app, 'tokens@example.com');
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(s.token) });
    assert.equal(me.statusCode, 200);

    const none = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me' });
    assert.equal(none.statusCode, 401);
    assert.equal((none.json() as Envelope).code, 'INVALID_TOKEN');

    const [h, p] = s.token.split('.');
    const forged = `${h}.${p}.${createHmac('sha256', 'wrong').update(`${h}.${p}`).digest('base64url')}`;
    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(forged) });
    assert.equal(bad.statusCode, 401);
    assert.equal((bad.json() as Envelope).code, 'INVALID_TOKEN');

    t.clock.advance(3601_000);
    const expired = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(s.token) });
    assert.equal(expired.statusCode, 401);
    assert.equal((expired.json() as Envelope).code, 'TOKEN_EXPIRED');

    const fresh = await signIn(t.app, 'tokens@example.com');
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: bearer(fresh.token),
      payload: { returnTo: 'http://localhost/login' },
    });
    assert.equal(out.statusCode, 200);
    assert.deepEqual((out.json() as Envelope).data, { requiresRedirect: false });
    const revoked = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(fresh.token) });
    assert.equal(revoked.statusCode, 401);
    assert.equal((revoked.json() as Envelope).code, 'TOKEN_REVOKED');
    // Logging out again (failed-logout retry) is fine.
    const twice = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer(fresh.token), payload: {} });
    assert.equal(twice.statusCode, 200);
    // An expired token can still be logged out; a forged one cannot.
    const old = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer(s.token), payload: {} });
    assert.equal(old.statusCode, 200);
    const forgedOut = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer(forged), payload: {} });
    assert.equal(forgedOut.statusCode, 401);
  });

  test('refresh: new token, grace accepted, beyond grace refused, 429 after 10', async () => {
    const s = await signIn(t.app, 'refresh@example.com');
    // The app sends a JSON content type even without a body.
    const r1 = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify/refresh',
      headers: { ...bearer(s.token), 'content-type': 'application/json' },
    });
    assert.equal(r1.statusCode, 200);
    const b1 = r1.json() as Envelope<{ token: string; user: { id: string } }>;
    assert.notEqual(b1.data.token, s.token);
    assert.equal(b1.data.user.id, s.user.id);

    t.clock.advance(3600_000 + 60_000); // 1 min past expiry: inside the 2-min grace
    const graced = await t.app.inject({ method: 'POST', url: '/api/v1/auth/verify/refresh', headers: bearer(b1.data.token) });
    assert.equal(graced.statusCode, 200);
    const b2 = graced.json() as Envelope<{ token: string }>;
    const claims = JSON.parse(Buffer.from(b2.data.token.split('.')[1] ?? '', 'base64url').toString()) as { exp: number };
    assert.equal(claims.exp, Math.floor(t.clock.now() / 1000) + 3600);

    t.clock.advance(3600_000 + 121_000);
    const late = await t.app.inject({ method: 'POST', url: '/api/v1/auth/verify/refresh', headers: bearer(b2.data.token) });
    assert.equal(late.statusCode, 401);
    assert.equal((late.json() as Envelope).code, 'TOKEN_EXPIRED');

    const s2 = await signIn(t.app, 'refresh-many@example.com');
    let token = s2.token;
    for (let i = 0; i < 10; i++) {
      const r = await t.app.inject({ method: 'POST', url: '/api/v1/auth/verify/refresh', headers: bearer(token) });
      assert.equal(r.statusCode, 200, `refresh ${i + 1}`);
      token = (r.json() as Envelope<{ token: string }>).data.token;
    }
    const limited = await t.app.inject({ method: 'POST', url: '/api/v1/auth/verify/refresh', headers: bearer(token) });
    assert.equal(limited.statusCode, 429);
    assert.equal((limited.json() as Envelope).code, 'RATE_LIMITED');
    t.clock.advance(61_000);
    const okAgain = await t.app.inject({ method: 'POST', url: '/api/v1/auth/verify/refresh', headers: bearer(token) });
    assert.equal(okAgain.statusCode, 200);
  });

  test('admin endpoints: non-admin 403 FORBIDDEN; revoke → 403 PERMISSION_REVOKED; restore; delete → 401 USER_NOT_FOUND', async () => {
    const admin = await signIn(t.app, 'boss@example.com', true);
    const user = await signIn(t.app, 'player@example.com');
    const forbidden = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/users/revoke',
      headers: bearer(user.token),
      payload: { email: 'boss@example.com' },
    });
    assert.equal(forbidden.statusCode, 403);
    assert.equal((forbidden.json() as Envelope).code, 'FORBIDDEN');

    const revoke = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/users/revoke',
      headers: bearer(admin.token),
      payload: { email: 'player@example.com' },
    });
    assert.equal(revoke.statusCode, 200);
    const denied = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(user.token) });
    assert.equal(denied.statusCode, 403);
    assert.equal((denied.json() as Envelope).code, 'PERMISSION_REVOKED');
    const refreshDenied = await t.app.inject({ method: 'POST', url: '/api/v1/auth/verify/refresh', headers: bearer(user.token) });
    assert.equal((refreshDenied.json() as Envelope).code, 'PERMISSION_REVOKED');
    const { code } = await authorize(t.app, 'player@example.com');
    const cbDenied = await t.app.inject({ method: 'POST', url: '/api/v1/auth/local/callback', payload: { code } });
    assert.equal(cbDenied.statusCode, 403);
    assert.equal((cbDenied.json() as Envelope).code, 'PERMISSION_REVOKED');

    await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/users/restore',
      headers: bearer(admin.token),
      payload: { email: 'player@example.com' },
    });
    // Restoring the account does not reopen the sign-in the revoke ended: the user signs in again.
    const back = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(user.token) });
    assert.equal(back.statusCode, 401);
    assert.equal((back.json() as Envelope).code, 'TOKEN_REVOKED');
    const again1 = await signIn(t.app, 'player@example.com');
    const backIn = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(again1.token) });
    assert.equal(backIn.statusCode, 200);

    await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/users/delete',
      headers: bearer(admin.token),
      payload: { email: 'player@example.com' },
    });
    const gone = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(again1.token) });
    assert.equal(gone.statusCode, 401);
    assert.equal((gone.json() as Envelope).code, 'USER_NOT_FOUND');
    const again = await authorize(t.app, 'player@example.com');
    const cbGone = await t.app.inject({ method: 'POST', url: '/api/v1/auth/local/callback', payload: { code: again.code } });
    assert.equal(cbGone.statusCode, 401);
    assert.equal((cbGone.json() as Envelope).code, 'USER_NOT_FOUND');

    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/users/revoke',
      headers: bearer(admin.token),
      payload: { email: 'nobody@example.com' },
    });
    assert.equal(unknown.statusCode, 404);
  });

  test('envelope for Fastify errors: bad JSON, unknown route, payload too large', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/local/callback',
      headers: { 'content-type': 'application/json' },
      payload: '{oops',
    });
    assert.equal(bad.statusCode, 400);
    assert.deepEqual(bad.json(), { success: false, error: 'Malformed JSON body', code: 'INVALID_INPUT', details: null });
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    assert.equal(missing.statusCode, 404);
    assert.equal((missing.json() as Envelope).code, 'NOT_FOUND');
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/local/callback',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ code: 'x'.repeat(1024 * 1024 + 10) }),
    });
    assert.equal(big.statusCode, 413);
    assert.equal((big.json() as Envelope).code, 'PAYLOAD_TOO_LARGE');
  });
});

describe('logout with identity-provider redirect', () => {
  let t: TestApp;
  before(async () => {
    t = await startApp({ logoutRedirect: true });
  });
  after(async () => {
    await t.close();
  });

  test('logout answers a logoutUrl; /idp/logout appends logout=success and rejects other origins', async () => {
    const s = await signIn(t.app, 'bye@example.com');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { ...bearer(s.token), host: 'localhost' },
      payload: { returnTo: 'http://localhost/login' },
    });
    const body = res.json() as Envelope<{ requiresRedirect: boolean; logoutUrl: string }>;
    assert.equal(body.data.requiresRedirect, true);
    const logoutUrl = new URL(body.data.logoutUrl);
    assert.equal(logoutUrl.pathname, '/idp/logout');
    assert.equal(logoutUrl.searchParams.get('returnTo'), 'http://localhost/login');
    const idp = await t.app.inject({
      method: 'GET',
      url: logoutUrl.pathname + logoutUrl.search,
      headers: { host: 'localhost' },
    });
    assert.equal(idp.statusCode, 302);
    assert.equal(idp.headers.location, 'http://localhost/login?logout=success');
    const evil = await t.app.inject({
      method: 'GET',
      url: '/idp/logout?returnTo=' + encodeURIComponent('https://evil.example/'),
      headers: { host: 'localhost' },
    });
    assert.equal(evil.statusCode, 400);
  });
});

test('logs carry method and path only: no tokens, codes or Authorization headers', async () => {
  const lines: string[] = [];
  const t = await startApp({ logger: true, logStream: { write: (line) => void lines.push(line) } });
  try {
    const s = await signIn(t.app, 'quiet@example.com');
    const { code } = await authorize(t.app, 'quiet@example.com');
    await t.app.inject({
      method: 'GET',
      url: `/login?code=${code}&token=${s.token}`,
      headers: { ...bearer(s.token), accept: 'text/html' },
    });
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/local/callback', payload: { code } });
    await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer('garbage.token.value') });
    const log = lines.join('');
    assert.match(log, /"path":"\/login"/);
    assert.match(log, /"method":"POST"/);
    assert.doesNotMatch(log, new RegExp(code));
    assert.doesNotMatch(log, new RegExp(s.token.split('.')[2] ?? 'x'));
    assert.doesNotMatch(log, /garbage|authorization|Bearer/i);
  } finally {
    await t.close();
  }
});

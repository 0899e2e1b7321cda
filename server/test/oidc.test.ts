/**
 * Sign-in through a hosted OpenID Connect provider: a real one (oidc-provider, server/dev/oidcProvider.ts) on a
 * free port, the server as its registered client. Every refusal is a 400 with the envelope and no token.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { buildApp } from '../app';
import { signInAtProvider, startOidcProvider, type RunningOidcProvider } from '../dev/oidcProvider';
import { IdentityConfigError, parseIdentityEnv, parseIdpName } from '../lib/identity/config';
import { bearer, freshDataDir, signIn, spawnServer, startApp, tempDir, type TestApp } from './helpers';
import type { BuildAppOptions } from '../app';

const APP_ORIGIN = 'http://localhost';
const CLIENT = {
  client_id: 'courtside',
  client_secret: 'courtside-secret',
  redirect_uris: [`${APP_ORIGIN}/login`],
  post_logout_redirect_uris: [`${APP_ORIGIN}/login?logout=success`],
};
const OTHER_CLIENT = { client_id: 'other-app', client_secret: 'other-secret', redirect_uris: [`${APP_ORIGIN}/login`] };
const BOSS = 'boss@club.example';

interface Envelope {
  success: boolean;
  data?: { authUrl?: string; token?: string; user?: { id: string; email: string; roles: string[] }; provider?: string };
  code?: string;
  error?: string;
  details?: { reason?: string };
}

let idp: RunningOidcProvider;

function oidcOptions(overrides: Partial<BuildAppOptions> = {}): Partial<BuildAppOptions> {
  return {
    identity: { kind: 'oidc', issuer: idp.issuer, clientId: CLIENT.client_id, clientSecret: CLIENT.client_secret },
    idpName: 'keycloak',
    adminEmails: [BOSS],
    ...overrides,
  };
}

async function startLogin(t: TestApp): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/keycloak/login' });
  assert.equal(res.statusCode, 200, res.body);
  const authUrl = (res.json() as Envelope).data?.authUrl;
  assert.ok(authUrl);
  return authUrl;
}

async function callback(t: TestApp, back: URL | Record<string, string>): Promise<{ status: number; body: Envelope }> {
  const payload = back instanceof URL ? Object.fromEntries(back.searchParams) : back;
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/keycloak/callback', payload });
  return { status: res.statusCode, body: res.json() as Envelope };
}

/** The whole flow as the app and a person make it: start, the provider's pages, the callback. */
async function signInVia(t: TestApp, login: string): Promise<{ status: number; body: Envelope }> {
  return callback(t, await signInAtProvider(await startLogin(t), login));
}

function assertRefused(res: { status: number; body: Envelope }, code: string): void {
  assert.equal(res.status, 400, JSON.stringify(res.body));
  assert.equal(res.body.success, false);
  assert.equal(res.body.code, code, JSON.stringify(res.body));
  assert.equal(res.body.data, undefined, 'no session is made');
  assert.ok(res.body.error && res.body.error.length > 10, 'a message the login screen shows');
}

before(async () => {
  idp = await startOidcProvider({
    clients: [CLIENT, OTHER_CLIENT],
    accounts: {
      impostor: { email: BOSS, emailVerified: false },
      'sneaky-coach': { email: 'coach@club.example', emailVerified: false },
      'coach-again': { email: 'coach@club.example', emailVerified: true },
      'no-email': { email: '' },
    },
  });
});

after(async () => {
  await idp.close();
});

describe('OpenID Connect sign-in against a real provider', () => {
  let t: TestApp;
  before(async () => {
    t = await startApp(oidcOptions());
  });
  after(async () => {
    await t.close();
  });

  test('the app learns the provider at run time; the stand-in and other provider names are not there', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/v1/auth/config' });
    assert.equal((config.json() as Envelope).data?.provider, 'keycloak');
    const other = await t.app.inject({ method: 'GET', url: '/api/v1/auth/local/login' });
    assert.equal(other.statusCode, 404);
    for (const url of ['/idp/authorize?state=x&redirect_uri=/login', '/idp/logout', '/idp/style.css']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      assert.equal(res.statusCode, 404, url);
    }
    const post = await t.app.inject({
      method: 'POST',
      url: '/idp/authorize',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'state=x&redirect_uri=%2Flogin&email=evil%40example.com&admin=1',
    });
    assert.equal(post.statusCode, 404);
  });

  test("the authorization URL: code flow with PKCE (S256), state, nonce, the scopes and the app's /login", async () => {
    const url = new URL(await startLogin(t));
    assert.equal(url.origin, idp.issuer);
    const q = url.searchParams;
    assert.equal(q.get('response_type'), 'code');
    assert.equal(q.get('client_id'), CLIENT.client_id);
    assert.equal(q.get('scope'), 'openid email profile');
    assert.equal(q.get('redirect_uri'), `${APP_ORIGIN}/login`);
    assert.equal(q.get('code_challenge_method'), 'S256');
    assert.match(q.get('code_challenge') ?? '', /^[\w-]{43}$/);
    assert.match(q.get('state') ?? '', /^[\w-]{20,}$/);
    assert.match(q.get('nonce') ?? '', /^[\w-]{20,}$/);
    const second = new URL(await startLogin(t)).searchParams;
    assert.notEqual(second.get('state'), q.get('state'));
    assert.notEqual(second.get('nonce'), q.get('nonce'));
  });

  test('a person signs in: the provider’s e-mail, the USER role, a token that works; the same subject is the same user', async () => {
    const first = await signInVia(t, 'parent@club.example');
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.equal(first.body.data?.user?.email, 'parent@club.example');
    assert.deepEqual(first.body.data?.user?.roles, ['USER']);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(first.body.data?.token ?? '') });
    assert.equal(me.statusCode, 200);
    const again = await signInVia(t, 'parent@club.example');
    assert.equal(again.body.data?.user?.id, first.body.data?.user?.id);
  });

  test('ADMIN_EMAILS: the verified address is an admin; the same address unverified is another, plain account', async () => {
    const boss = await signInVia(t, BOSS);
    assert.deepEqual(boss.body.data?.user?.roles, ['USER', 'ADMIN']);
    const impostor = await signInVia(t, 'impostor');
    assert.equal(impostor.status, 200, JSON.stringify(impostor.body));
    assert.deepEqual(impostor.body.data?.user?.roles, ['USER']);
    assert.notEqual(impostor.body.data?.user?.id, boss.body.data?.user?.id);
    const revoke = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/users/revoke',
      headers: bearer(impostor.body.data?.token ?? ''),
      payload: { email: BOSS },
    });
    assert.equal(revoke.statusCode, 403, 'an unverified address is no admin');
  });

  test('an unverified e-mail never joins an existing account; a verified one from another subject does', async () => {
    const coach = await signInVia(t, 'coach@club.example');
    const sneaky = await signInVia(t, 'sneaky-coach');
    assert.equal(sneaky.status, 200);
    assert.notEqual(sneaky.body.data?.user?.id, coach.body.data?.user?.id);
    const again = await signInVia(t, 'coach-again');
    assert.equal(again.body.data?.user?.id, coach.body.data?.user?.id);
  });

  test('signing in never removes a role', async () => {
    const boss = await signInVia(t, BOSS);
    const promoted = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/users/promote',
      headers: bearer(boss.body.data?.token ?? ''),
      payload: { email: 'parent@club.example' },
    });
    assert.equal(promoted.statusCode, 200, promoted.body);
    const parent = await signInVia(t, 'parent@club.example');
    assert.deepEqual(parent.body.data?.user?.roles, ['USER', 'ADMIN']);
  });

  test('a provider that shares no e-mail: refused with a message', async () => {
    assertRefused(await signInVia(t, 'no-email'), 'EMAIL_REQUIRED');
  });

  test('refused: an unknown state, and a callback without one', async () => {
    const back = await signInAtProvider(await startLogin(t), 'parent@club.example');
    assertRefused(
      await callback(t, { code: back.searchParams.get('code') ?? '', state: 'not-a-state-of-ours' }),
      'INVALID_STATE',
    );
    assertRefused(await callback(t, { code: back.searchParams.get('code') ?? '' }), 'INVALID_STATE');
  });

  test('refused: the same state twice (a reload: the silent recovery), and a code replayed under a new state', async () => {
    const back = await signInAtProvider(await startLogin(t), 'parent@club.example');
    assert.equal((await callback(t, back)).status, 200);
    const reload = await callback(t, back);
    assertRefused(reload, 'AUTH_CODE_EXPIRED');
    const fresh = new URL(await startLogin(t)).searchParams.get('state') ?? '';
    const replay = await callback(t, { code: back.searchParams.get('code') ?? '', state: fresh, iss: idp.issuer });
    assertRefused(replay, 'INVALID_AUTH_CODE');
  });

  test('refused: an ID token with another nonce than the sign-in’s', async () => {
    const authUrl = new URL(await startLogin(t));
    authUrl.searchParams.set('nonce', 'a-nonce-the-server-never-made');
    const res = await callback(t, await signInAtProvider(authUrl.toString(), 'parent@club.example'));
    assertRefused(res, 'INVALID_ID_TOKEN');
    assert.match(res.body.details?.reason ?? '', /nonce/);
  });

  test('refused: a code the provider issued to another client (another audience)', async () => {
    const authUrl = new URL(await startLogin(t));
    authUrl.searchParams.set('client_id', OTHER_CLIENT.client_id);
    assertRefused(await callback(t, await signInAtProvider(authUrl.toString(), 'parent@club.example')), 'INVALID_AUTH_CODE');
  });

  test('refused: a redirect that names another issuer', async () => {
    const back = await signInAtProvider(await startLogin(t), 'parent@club.example');
    back.searchParams.set('iss', 'https://evil.example');
    const res = await callback(t, back);
    assertRefused(res, 'INVALID_ID_TOKEN');
  });

  test('refused: a sign-in older than 10 minutes', async () => {
    const authUrl = await startLogin(t);
    const back = await signInAtProvider(authUrl, 'parent@club.example');
    t.clock.advance(10 * 60_000 + 1_000);
    const res = await callback(t, back);
    assertRefused(res, 'LOGIN_EXPIRED');
    assert.match(res.body.error ?? '', /expired/);
  });

  test('two sign-ins at once: both succeed; one subject twice at once is still one user', async () => {
    const [a, b, c] = await Promise.all([
      signInVia(t, 'twin-a@club.example'),
      signInVia(t, 'twin-b@club.example'),
      signInVia(t, 'twin-a@club.example'),
    ]);
    for (const res of [a, b, c]) assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.notEqual(a.body.data?.user?.id, b.body.data?.user?.id);
    assert.equal(a.body.data?.user?.id, c.body.data?.user?.id);
    assert.notEqual(a.body.data?.token, c.body.data?.token);
  });

  test("logout ends the provider's session too: its end_session_endpoint, back to /login?logout=success", async () => {
    const signedIn = await signInVia(t, 'parent@club.example');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: bearer(signedIn.body.data?.token ?? ''),
      payload: { returnTo: `${APP_ORIGIN}/login` },
    });
    const data = (res.json() as { data: { requiresRedirect: boolean; logoutUrl: string } }).data;
    assert.equal(data.requiresRedirect, true);
    const url = new URL(data.logoutUrl);
    assert.equal(url.origin, idp.issuer);
    assert.equal(url.searchParams.get('post_logout_redirect_uri'), `${APP_ORIGIN}/login?logout=success`);
    assert.equal(url.searchParams.get('client_id'), CLIENT.client_id);
    const page = await fetch(url);
    assert.equal(page.status, 200, 'the provider accepts the registered return address');
  });
});

describe('OpenID Connect: provider trouble', () => {
  test('refused: an ID token past its expiry (by the server’s clock)', async () => {
    const t = await startApp(oidcOptions());
    t.clock.advance(2 * 3600_000); // discovery is made on this clock; the provider's tokens live an hour
    try {
      const res = await signInVia(t, 'parent@club.example');
      assertRefused(res, 'INVALID_ID_TOKEN');
      assert.match(res.body.error ?? '', /expired/);
    } finally {
      await t.close();
    }
  });

  test('the provider unreachable: 400 with the envelope and a message', async () => {
    const down = await startOidcProvider({ clients: [CLIENT] });
    const issuer = down.issuer;
    await down.close();
    const t = await startApp(oidcOptions({ identity: { kind: 'oidc', issuer, clientId: 'courtside', clientSecret: 'x' } }));
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/keycloak/login' });
      assert.equal(res.statusCode, 400);
      assert.equal((res.json() as Envelope).code, 'PROVIDER_UNREACHABLE');
    } finally {
      await t.close();
    }
  });

  test('an issuer that is not the one configured: refused as misconfigured', async () => {
    const issuer = idp.issuer.replace('127.0.0.1', 'localhost');
    const t = await startApp(oidcOptions({ identity: { kind: 'oidc', issuer, clientId: 'courtside', clientSecret: 'x' } }));
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/keycloak/login' });
      assert.equal(res.statusCode, 400, res.body);
      assert.equal((res.json() as Envelope).code, 'PROVIDER_MISCONFIGURED');
    } finally {
      await t.close();
    }
  });
});

describe('moving from the stand-in to a provider', () => {
  test("a stand-in user's verified e-mail signs in to the same account, with its data", async () => {
    const dataDir = await freshDataDir();
    const local = await startApp({ dataDir });
    const before = await signIn(local.app, 'parent@club.example');
    const event = await local.app.inject({
      method: 'POST',
      url: '/api/v1/locations',
      headers: bearer(before.token),
      payload: { name: 'Home pitch', latitude: 41.9, longitude: -87.6 },
    });
    assert.ok(event.statusCode < 500);
    await local.app.close();
    const hosted = await startApp(oidcOptions({ dataDir }));
    try {
      const res = await signInVia(hosted, 'parent@club.example');
      assert.equal(res.body.data?.user?.id, before.user.id);
    } finally {
      await hosted.close();
    }
  });
});

describe('which provider a server may use', () => {
  test('settings: OIDC_ISSUER makes a provider; none makes the stand-in; bad values are refused', () => {
    assert.deepEqual(parseIdentityEnv({}), { kind: 'standin', explicit: false });
    assert.deepEqual(parseIdentityEnv({ STANDIN_IDP: '1' }), { kind: 'standin', explicit: true });
    assert.deepEqual(
      parseIdentityEnv({
        OIDC_ISSUER: 'https://accounts.google.com',
        OIDC_CLIENT_ID: 'id',
        OIDC_CLIENT_SECRET: 's',
        STANDIN_IDP: '1',
      }),
      { kind: 'oidc', issuer: 'https://accounts.google.com', clientId: 'id', clientSecret: 's' },
    );
    assert.throws(() => parseIdentityEnv({ OIDC_ISSUER: 'https://accounts.google.com' }), IdentityConfigError);
    assert.throws(() => parseIdentityEnv({ OIDC_ISSUER: 'http://idp.example', OIDC_CLIENT_ID: 'x' }), IdentityConfigError);
    assert.throws(() => parseIdentityEnv({ OIDC_CLIENT_ID: 'x' }), IdentityConfigError);
    assert.equal(parseIdpName(undefined, { kind: 'standin', explicit: false }), 'local');
    assert.equal(parseIdpName('', { kind: 'oidc', issuer: 'https://x', clientId: 'x', clientSecret: null }), 'oidc');
    assert.throws(() => parseIdpName('../x', { kind: 'standin', explicit: false }), IdentityConfigError);
  });

  test('a public origin without a provider does not start; with STANDIN_IDP=1 it starts and warns', async () => {
    const dataDir = await tempDir();
    await assert.rejects(buildApp({ dataDir, publicOrigin: 'https://courtside.example' }), (err: Error) => {
      assert.ok(err instanceof IdentityConfigError);
      assert.match(err.message, /OIDC_ISSUER/);
      return true;
    });
    const refused = await spawnServer(dataDir, { PUBLIC_ORIGIN: 'https://courtside.example' }).then(
      (server) => {
        server.child.kill('SIGKILL');
        return null;
      },
      (err: Error) => err.message,
    );
    assert.ok(refused, 'the server must not start');
    assert.match(refused, /could not start: .*OIDC_ISSUER/);
    const loud = await spawnServer(dataDir, { STANDIN_IDP: '1', PUBLIC_ORIGIN: 'https://courtside.example' }).catch(
      (err: Error) => assert.fail(err.message),
    );
    try {
      assert.match(loud.output(), /WARNING: STANDIN_IDP=1/);
    } finally {
      loud.child.kill('SIGKILL');
    }
  });
});

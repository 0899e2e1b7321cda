/**
 * Sign-in: no request field grants a role; with a hosted provider configured the stand-in is gone; a public
 * origin without a provider does not start (the last is in refusalChecks, checks-keys.ts).
 */
import path from 'node:path';
import { startOidcProvider } from '../../server/dev/oidcProvider';
import { Client } from './client';
import type { Probe } from './context';
import { describe } from './http';
import { expect, skipChecks, runChecks, type Check, type Tally } from './runner';
import { freePort, launch, sleep, stop, type Proc } from './server';

/** waitUp for a server on a public origin: asked with its Host, as the proxy in front of it would. */
async function waitUpAt(proc: Proc, health: () => Promise<{ status: number | null }>, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.exitCode() !== undefined) return 'exited';
    if ((await health().catch(() => ({ status: null }))).status === 200) return 'up';
    await sleep(150);
  }
  return 'timeout';
}

export function roleChecks(probe: Probe): Check[] {
  const c = (): Client => probe.client;
  return [
    {
      name: 'no request field grants a role: admin=1, roles=ADMIN on the stand-in form → USER; admin calls → 403',
      run: async () => {
        const s = await c().signIn('probe-wannabe@example.com', { admin: '1', roles: 'ADMIN', role: 'ADMIN' });
        const me = await c().call('GET', '/api/v1/auth/me', s.token);
        const roles = (me.json as { data?: { user?: { roles?: string[] } } } | undefined)?.data?.user?.roles;
        expect(JSON.stringify(roles) === '["USER"]', `roles ${JSON.stringify(roles)}`);
        const revoke = await c().call('POST', '/api/v1/admin/users/revoke', s.token, { email: probe.admin.email });
        expect(revoke.status === 403, `POST /api/v1/admin/users/revoke as the new user got ${describe(revoke)}`);
        const again = await c().signIn(probe.admin.email, { admin: '0' });
        const adminMe = await c().call('GET', '/api/v1/auth/me', again.token);
        const adminRoles = (adminMe.json as { data?: { user?: { roles?: string[] } } } | undefined)?.data?.user?.roles;
        expect(adminRoles?.includes('ADMIN'), `a sign-in with admin=0 took the admin's role: ${JSON.stringify(adminRoles)}`);
      },
    },
  ];
}

/**
 * A server with a hosted provider (a real one on this machine, server/dev/oidcProvider.ts), STANDIN_IDP=1 too, on a
 * public https origin.
 */
export async function providerServer(tally: Tally, work: string, distDir: string, procs: Proc[]): Promise<void> {
  const port = await freePort();
  // A public https origin, as a deployment behind a TLS proxy has it (the probe speaks plain HTTP to the server).
  const host = 'courtside.example';
  const origin = `https://${host}`;
  const idp = await startOidcProvider({
    clients: [{ client_id: 'probe', client_secret: 'probe-secret', redirect_uris: [`${origin}/login`] }],
  });
  const proc = launch({
    port,
    dataDir: path.join(work, 'oidc'),
    distDir,
    env: {
      PUBLIC_ORIGIN: origin,
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: 'probe',
      OIDC_CLIENT_SECRET: 'probe-secret',
      IDP_NAME: 'probe',
      STANDIN_IDP: '1',
    },
  });
  procs.push(proc);
  const client = new Client(port);
  const send = (req: Parameters<Client['send']>[0]) => client.send({ ...req, host });
  const getJson = (p: string) => send({ method: 'GET', path: p });
  const checks: Check[] = [
    {
      name: 'with OIDC_ISSUER (and STANDIN_IDP=1): /idp/* answers 404, the stand-in callback too; the provider signs in',
      run: async () => {
        const form = 'state=x&redirect_uri=%2Flogin&provider=google&email=evil%40example.com&admin=1';
        const tries = [
          await send({
            method: 'GET',
            path: '/idp/authorize?state=x&redirect_uri=%2Flogin',
            headers: { accept: 'text/html' },
          }),
          await send({
            method: 'POST',
            path: '/idp/authorize',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: form,
          }),
          await send({ method: 'GET', path: '/idp/logout' }),
          await send({
            method: 'POST',
            path: '/api/v1/auth/local/callback',
            headers: { 'content-type': 'application/json' },
            body: '{"code":"x"}',
          }),
        ];
        for (const res of tries) expect(res.status === 404, `a stand-in path answered ${describe(res)}`);
        const config = await getJson('/api/v1/auth/config');
        const provider = (config.json as { data?: { provider?: string } } | undefined)?.data?.provider;
        expect(provider === 'probe', `GET /api/v1/auth/config got ${describe(config)}`);
        const login = await getJson('/api/v1/auth/probe/login');
        const authUrl = (login.json as { data?: { authUrl?: string } } | undefined)?.data?.authUrl ?? '';
        expect(authUrl.startsWith(`${idp.issuer}/`), `GET /api/v1/auth/probe/login got ${describe(login)}`);
      },
    },
    {
      name: 'an https PUBLIC_ORIGIN: every answer carries Strict-Transport-Security',
      run: async () => {
        for (const p of ['/api/v1/health', '/api/v1/auth/config', '/login', '/no-such-page']) {
          const res = await getJson(p);
          const hsts = String(res.headers['strict-transport-security'] ?? '');
          expect(/^max-age=\d{7,}/.test(hsts), `GET ${p}: Strict-Transport-Security '${hsts}' (${describe(res)})`);
        }
      },
    },
  ];
  try {
    if ((await waitUpAt(proc, () => getJson('/api/v1/health'), 60_000)) !== 'up') {
      skipChecks(tally, checks, `the server with a provider did not start: ${proc.output().slice(-300)}`);
      return;
    }
    await runChecks(tally, checks);
  } finally {
    await stop(proc);
    await idp.close();
  }
}

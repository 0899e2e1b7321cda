/**
 * A real OpenID Provider on this machine (panva's certified `oidc-provider`), for the tests and for trying a hosted
 * sign-in on a laptop (`npm run dev:oidc`). Its built-in development pages ask for any login name and any password,
 * then for consent. The login name is the account: its `sub`, and its e-mail unless `accounts` says otherwise
 * (an address with `+unverified` before the @ is reported unverified).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type AccountClaims, type ClientMetadata } from 'oidc-provider';

export interface TestAccount {
  email?: string;
  emailVerified?: boolean;
  name?: string;
}

export interface OidcProviderOptions {
  clients: ClientMetadata[];
  /** Accounts with claims of their own, by login name. */
  accounts?: Record<string, TestAccount>;
  port?: number;
  /** ID tokens' lifetime, seconds (default one hour, as most providers). */
  idTokenTtlSeconds?: number;
}

export interface RunningOidcProvider {
  issuer: string;
  provider: Provider;
  close(): Promise<void>;
}

function claimsOf(login: string, accounts: Record<string, TestAccount>): AccountClaims {
  const own = accounts[login] ?? {};
  const email = own.email ?? (login.includes('@') ? login : undefined);
  return {
    sub: login,
    ...(email ? { email, email_verified: own.emailVerified ?? !/\+unverified@/.test(email) } : {}),
    name: own.name ?? login.split('@')[0],
  };
}

export async function startOidcProvider(opts: OidcProviderOptions): Promise<RunningOidcProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const accounts = opts.accounts ?? {};
  const provider = new Provider(issuer, {
    clients: opts.clients,
    findAccount: (_ctx, id) => ({ accountId: id, claims: () => claimsOf(id, accounts) }),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['courtside-dev-oidc-provider'] },
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    ttl: { IdToken: opts.idTokenTtlSeconds ?? 3600 },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    provider,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * What a person does at the provider, over HTTP: follows `authUrl`, signs in on the login page as `login` (any
 * password), consents, and is sent back. Answers the URL the provider sent the browser back to (the app's
 * `/login?code&state&iss`). For server tests and probes; the browser tests use the pages themselves.
 */
export async function signInAtProvider(authUrl: string, login: string): Promise<URL> {
  const jar = new Map<string, string>();
  const origin = new URL(authUrl).origin;
  const send = async (url: string, form?: Record<string, string>): Promise<Response> => {
    const res = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      if (at > 0) jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    return res;
  };
  let url = authUrl;
  for (let step = 0; step < 12; step += 1) {
    const res = await send(url);
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.origin !== origin) return next;
      url = next.toString();
      continue;
    }
    const html = await res.text();
    if (res.status !== 200) throw new Error(`the provider answered ${res.status}: ${html.slice(0, 300)}`);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no form on the provider's page: ${html.slice(0, 300)}`);
    const form: Record<string, string> = /name="login"/.test(html)
      ? { prompt: 'login', login, password: 'any' }
      : { prompt: 'consent' };
    const posted = await send(new URL(action, url).toString(), form);
    const after = posted.headers.get('location');
    if (!after) throw new Error(`the provider's ${form.prompt} page answered ${posted.status}`);
    url = new URL(after, url).toString();
  }
  throw new Error('the provider did not send the browser back');
}

/**
 * Signing in. `signIn` goes the way a user does: the app's Sign in button, the local API's stand-in identity
 * provider page (server/routes/idp.ts: radio "Google"/"Apple", "Email", "Continue"), and back to the app on '/'.
 * `signInOverHttp` and `signInAs` skip the screens, for tests whose subject is not the sign-in (docs/decisions.md
 * "Browser tests sign in through the screens only where the sign-in is the subject"). An admin is made as on a
 * real server: the server's ADMIN_EMAILS admin (E2E_ADMIN_EMAIL) promotes the user.
 */
import { expect, request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN_EMAIL } from './server';
import { waitForScreen } from './shell';

/** Where the app keeps the session: tab storage, and a persistent copy with "Keep me signed in" or on mobile. */
export const AUTH_KEY = 'courtside.auth';
export const PERSISTENT_AUTH_KEY = 'courtside.auth.persistent';

export interface SignInOptions {
  email: string;
  admin?: boolean;
  keepSignedIn?: boolean;
  provider?: 'Google' | 'Apple';
}

/** On the app's login screen: tick "Keep me signed in" if asked, press Sign in, fill the IdP form. */
export async function signInFromLoginPage(page: Page, opts: SignInOptions): Promise<void> {
  if (opts.admin) await makeAdmin(page.request, opts.email);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  if (opts.keepSignedIn) await page.getByLabel('Keep me signed in').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await fillProviderForm(page, opts);
}

/** The stand-in provider's page (/idp/authorize). */
export async function fillProviderForm(page: Page, opts: SignInOptions): Promise<void> {
  await page.waitForURL(/\/idp\/authorize/);
  await expect(page.getByRole('heading', { name: /Sign in to/ })).toBeVisible();
  await page.getByRole('radio', { name: opts.provider ?? 'Google' }).check();
  await page.getByLabel('Email').fill(opts.email);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** The full user path from a signed-out browser: '/' → guard → /login → provider → '/'. */
export async function signIn(page: Page, opts: SignInOptions): Promise<void> {
  if (opts.admin) await makeAdmin(page.request, opts.email);
  await page.goto('/');
  await page.waitForURL('**/login');
  await signInFromLoginPage(page, opts);
  await page.waitForURL((url) => url.pathname === '/' && url.search === '');
}

export interface SignedInOverHttp {
  token: string;
  user: { id: string; email: string; roles: string[] };
}

/**
 * Signs in without a browser: the stand-in provider's form, then the code exchange the login page makes.
 * `api` is a page's or the test's request context, or a base URL to make one for.
 */
export async function signInOverHttp(
  api: APIRequestContext | string,
  email: string,
  opts: { admin?: boolean } = {},
): Promise<SignedInOverHttp> {
  const http = typeof api === 'string' ? await playwrightRequest.newContext({ baseURL: api }) : api;
  try {
    if (opts.admin) await makeAdmin(http, email);
    const form: Record<string, string> = { state: 'e2e', redirect_uri: '/login', provider: 'google', email };
    const authorize = await http.post('/idp/authorize', { form, maxRedirects: 0 });
    expect(authorize.status(), `the provider's form for ${email}: ${await authorize.text()}`).toBe(302);
    const code = new URL(authorize.headers()['location'] ?? '', 'http://app.invalid').searchParams.get('code');
    expect(code, 'the provider redirects back with a code').toBeTruthy();
    const callback = await http.post('/api/v1/auth/local/callback', {
      headers: { 'x-frontend-client': 'true' },
      data: { code },
    });
    expect(callback.status(), `the code exchange for ${email}: ${await callback.text()}`).toBe(200);
    const { data } = (await callback.json()) as { data: SignedInOverHttp };
    if (opts.admin) expect(data.user.roles, `${email} signed in as an administrator`).toContain('ADMIN');
    return data;
  } finally {
    if (typeof api === 'string') await http.dispose();
  }
}

/** The stand-in's sign-in over HTTP, as it is (no role asked for). */
async function plainSignIn(http: APIRequestContext, email: string): Promise<SignedInOverHttp> {
  return signInOverHttp(http, email);
}

/**
 * Makes `email` an admin the way a server's admin does: the user is signed in once (so it exists), then
 * E2E_ADMIN_EMAIL, which the test servers' ADMIN_EMAILS names, promotes it. Its next sign-in carries ADMIN.
 */
export async function makeAdmin(http: APIRequestContext, email: string): Promise<void> {
  if (email.toLowerCase() === E2E_ADMIN_EMAIL) return;
  await plainSignIn(http, email);
  const root = await plainSignIn(http, E2E_ADMIN_EMAIL);
  const res = await http.post('/api/v1/admin/users/promote', {
    headers: { authorization: `Bearer ${root.token}`, 'x-frontend-client': 'true' },
    data: { email },
  });
  expect(res.status(), `promoting ${email}: ${await res.text()}`).toBe(200);
}

/**
 * A signed-in user on `path` (default '/'), as a returning user is: signed in over HTTP, the session handed
 * to the page the way the app keeps it (tab storage; a persistent copy with keepSignedIn, docs/product/part-1.md
 * §9), then the app opened once, waiting for the screen (waitForScreen). For tests whose subject is a signed-in
 * screen, not the sign-in: auth.spec.ts, session.spec.ts and the tests of what a sign-in does (user data, the
 * tag outbox) walk signIn instead. It spares each test two loads of the app and one of the provider's page.
 */
export async function signInAs(page: Page, opts: SignInOptions & { path?: string }): Promise<SignedInOverHttp> {
  const signedIn = await signInOverHttp(page.request, opts.email, { admin: opts.admin });
  // A document of the app's origin without the app, to write its storage before the app first reads it.
  await page.goto('/favicon.svg');
  await page.evaluate(
    ({ signedIn, keep, keys }) => {
      const now = Date.now();
      const record = JSON.stringify({
        ...signedIn,
        lastActivity: now,
        lastRefresh: now,
        persistAcrossRestarts: keep,
        clockOffsetMs: 0,
      });
      window.sessionStorage.setItem(keys.tab, record);
      if (keep) window.localStorage.setItem(keys.persistent, record);
    },
    { signedIn, keep: opts.keepSignedIn ?? false, keys: { tab: AUTH_KEY, persistent: PERSISTENT_AUTH_KEY } },
  );
  await page.goto(opts.path ?? '/');
  // The app's first load in this tab is a cold one: give it the time the screens' sign-in used to absorb.
  await waitForScreen(page);
  return signedIn;
}

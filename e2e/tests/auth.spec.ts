/**
 * Sign-in in a real browser, where only a browser proves it: the route guard's history entry, the sign-in through
 * the screens with a reload and a log out, what tab storage and local storage keep when tabs close, tabs that share a
 * session, and a reload in the middle of a sign-in. What the login saga and the server decide about codes, states
 * and malformed addresses is proven by their own tests (src/features/login/loginSaga.test.ts, server/test/auth.test.ts).
 */
import { expect, test, JWT_PATTERN, uniqueEmail } from '../support/fixtures';
import { signIn, signInFromLoginPage } from '../support/auth';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { logOut } from '../support/shell';

const atPath = (path: string) => (url: URL) => url.pathname === path;

test.describe('Sign-in and the route guard', () => {
  test('a signed-out visit to a protected page is sent to /login in place of it; a callback with a wrong state is refused there', async ({
    page,
  }) => {
    await test.step('the guard replaces the protected page in the history', async () => {
      await page.goto('/clips/upload');
      await page.waitForURL(atPath('/login'));
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
      await expect(page).toHaveTitle(/Courtside/);
      // Back leaves the app instead of bouncing off the guard again.
      const entries = await page.evaluate(() => window.history.length);
      await page.goBack();
      expect(page.url()).not.toContain('/clips/upload');
      expect(entries).toBeLessThanOrEqual(2); // about:blank + /login
    });

    await test.step('a hand-made callback address: the error box, accessible, and the address cleaned', async () => {
      await page.goto('/login?code=made-up-code&state=wrong');
      await expect(page.getByRole('alert').filter({ hasText: 'Invalid authentication response' })).toBeVisible();
      await expect(page).toHaveURL((url) => url.pathname === '/login' && url.search === '');
      await expectNoSeriousA11yViolations(page);
    });
  });

  test('sign in, stay signed in over a reload, log out, and the old token is refused; no token ever reaches the console @phone', async ({
    page,
  }) => {
    const consoleLines: string[] = [];
    page.on('console', (msg) => consoleLines.push(`[${msg.type()}] ${msg.text()}`));
    page.on('pageerror', (err) => consoleLines.push(`[pageerror] ${err.message}\n${err.stack ?? ''}`));
    let token: string | null = null;
    page.on('request', (req) => {
      const auth = req.headers()['authorization'];
      if (auth?.startsWith('Bearer ')) token = auth.slice('Bearer '.length);
    });

    await test.step('the login screen and the provider page, accessible', async () => {
      await page.goto('/');
      await page.waitForURL(atPath('/login'));
      // The prerendered page goes live once hydrated (docs/performance.md): checked when Sign in has its own colours,
      // not while they still fade in from the disabled ones.
      const signInButton = page.getByRole('button', { name: 'Sign in' });
      await expect(signInButton).toBeEnabled();
      await expect(signInButton).toHaveCSS('background-color', 'rgb(140, 198, 65)');
      await expectNoSeriousA11yViolations(page);
      await signInButton.click();
      await page.waitForURL(/\/idp\/authorize/);
      await expect(page.getByRole('heading', { name: /Sign in to/ })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });

    await test.step('signed in, and still after a reload', async () => {
      await page.getByRole('radio', { name: 'Google' }).check();
      await page.getByLabel('Email').fill(uniqueEmail('casey'));
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL((url) => url.pathname === '/' && url.search === '');
      // The callback's code and state do not stay in the address bar.
      expect(page.url()).not.toContain('code=');
      await expect(page.getByRole('img', { name: /stadium/i })).toBeVisible();

      await page.reload();
      await expect(page).toHaveURL(atPath('/'));
      await expect(page.getByRole('img', { name: /stadium/i })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    });

    await test.step('log out: the server is told with the token, which it refuses from then on', async () => {
      const logoutRequest = page.waitForRequest((r) => r.url().endsWith('/api/v1/auth/logout') && r.method() === 'POST');
      await logOut(page);
      const sent = await logoutRequest;
      token ??= sent.headers()['authorization']?.replace(/^Bearer /, '') ?? null;
      expect(token, 'the logout call carries the bearer token').toMatch(JWT_PATTERN);
      expect(sent.postDataJSON()).toEqual({ returnTo: expect.stringMatching(/\/login$/) });
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
      const res = await page.request.get('/api/v1/auth/me', {
        headers: { authorization: `Bearer ${token}`, 'x-frontend-client': 'true' },
      });
      expect(res.status()).toBe(401);
      expect((await res.json()).code).toBe('TOKEN_REVOKED');
    });

    await test.step('signed out everywhere', async () => {
      await page.goto('/');
      await page.waitForURL(atPath('/login'));
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
      await page.goto('/event/upcoming');
      await page.waitForURL(atPath('/login'));
    });

    const leaks = consoleLines.filter((line) => JWT_PATTERN.test(line) || /Bearer\s+\S/.test(line));
    expect(leaks, `console output carried a token:\n${leaks.join('\n')}`).toEqual([]);
  });

  test('"Keep me signed in", the sign-in finished in another tab: the session outlives every tab, and logging out in one tab logs out the other', async ({
    context,
  }) => {
    const first = await context.newPage();
    let callbackUrl = '';

    await test.step('the provider sends the browser back in another tab, and the sign-in completes there', async () => {
      // In the first tab the provider's redirect back is caught; the user opens it in a second tab.
      await first.route('**/idp/authorize', async (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        const response = await route.fetch({ maxRedirects: 0 });
        callbackUrl = response.headers()['location'] ?? '';
        await route.fulfill({ status: 200, contentType: 'text/html', body: '<p>Continue in the other tab</p>' });
      });
      await first.goto('/login');
      await signInFromLoginPage(first, { email: uniqueEmail('othertab'), keepSignedIn: true });
      await expect(first.getByText('Continue in the other tab')).toBeVisible();
      expect(callbackUrl).toMatch(/\/login\?.*code=.*state=/);

      const second = await context.newPage(); // its own, empty tab storage
      await second.goto(callbackUrl);
      await second.waitForURL((url) => url.pathname === '/' && url.search === '');
      await expect(second.getByRole('button', { name: 'Account menu' })).toBeVisible();
      // The pending sign-in is used up.
      expect(await second.evaluate(() => localStorage.getItem('courtside.auth.loginState'))).toBeNull();
      await second.close();
      await first.close();
    });

    const later = await context.newPage();
    await test.step('every tab closed: a tab opened later is still signed in', async () => {
      await later.goto('/event/recent');
      await expect(later.getByRole('button', { name: 'Account menu' })).toBeVisible();
      await expect(later).toHaveURL(atPath('/event/recent'));
    });

    await test.step('logging out in another tab sends this one to /login within a second', async () => {
      const other = await context.newPage();
      await other.goto('/clips/list');
      await expect(other.getByRole('button', { name: 'Account menu' })).toBeVisible();
      await logOut(other);
      await expect(later).toHaveURL(atPath('/login'), { timeout: 1_500 });
      await expect(later.getByRole('button', { name: 'Sign in' })).toBeVisible();
    });
  });

  test('without "Keep me signed in" a second tab joins the open session, but after every tab is closed one must sign in again', async ({
    context,
  }) => {
    const first = await context.newPage();
    await signIn(first, { email: uniqueEmail('tabonly') });
    const second = await context.newPage();
    await second.goto('/event/recent');
    // Tabs share the session in memory (BroadcastChannel), never through local storage.
    await expect(second.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await expect(second).toHaveURL(atPath('/event/recent'));
    expect(JSON.stringify(await second.evaluate(() => ({ ...localStorage })))).not.toMatch(JWT_PATTERN);

    await second.close();
    await first.close();
    const later = await context.newPage();
    await later.goto('/event/recent');
    await later.waitForURL(atPath('/login'));
    await expect(later.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });
});

test.describe('Sign-in failures', () => {
  // APP BUG (reported): completeLogin (src/features/login/model/loginSaga.ts) removed the pending login state from tab
  // storage before posting the code, so a reload of the callback URL failed the state check and showed 'Invalid
  // authentication response' instead of the silent recovery of docs/product/part-1.md §4 (fixed; kept as a
  // regression test)
  test('reloading the page while "Completing sign-in..." is shown recovers silently', async ({ page }) => {
    // The first callback reaches the server (the code is used up) but its answer never arrives;
    // the user reloads the callback URL, as the silent-recovery rule of docs/product/part-1.md §4 expects.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    await page.route('**/api/v1/auth/*/callback', async (route) => {
      calls += 1;
      if (calls > 1) return route.continue();
      await route.fetch();
      await held;
      await route.abort().catch(() => undefined);
    });
    await page.goto('/login');
    await signInFromLoginPage(page, { email: uniqueEmail('reloader') });
    await expect(page.getByText('Completing sign-in...')).toBeVisible();
    const callbackUrl = page.url();
    expect(callbackUrl).toContain('code=');

    const recovering = page.getByText('Recovering your session...');
    await page.reload();
    release();
    await expect(recovering).toBeVisible();
    await page.waitForURL((url) => url.pathname === '/login' && url.search === '', { timeout: 10_000 });
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByText('Invalid authentication response')).toHaveCount(0);
  });
});

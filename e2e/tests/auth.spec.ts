import { expect, test, JWT_PATTERN, uniqueEmail } from '../support/fixtures';
import { fillProviderForm, signIn, signInFromLoginPage } from '../support/auth';
import { logOut } from '../support/shell';

const atPath = (path: string) => (url: URL) => url.pathname === path;

test.describe('Sign-in and the route guard', () => {
  test('a signed-out visit to a protected page is sent to /login, replacing the history entry', async ({ page }) => {
    await page.goto('/clips/upload');
    await page.waitForURL(atPath('/login'));
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    // The guard replaced /clips/upload: Back leaves the app instead of bouncing off the guard again.
    const entries = await page.evaluate(() => window.history.length);
    await page.goBack();
    expect(page.url()).not.toContain('/clips/upload');
    expect(entries).toBeLessThanOrEqual(2); // about:blank + /login
  });

  test('the login screen shows the welcome, the hint, Sign in and Keep me signed in', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: /Welcome to Courtside/ })).toBeVisible();
    await expect(page.getByText('Sign in with your Google or Apple account', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    const keep = page.getByRole('checkbox', { name: 'Keep me signed in' });
    await expect(keep).toBeVisible();
    await expect(keep).not.toBeChecked();
    await expect(page).toHaveTitle(/Courtside/);
  });

  test('sign in, stay signed in over a reload, log out; no token ever reaches the console @phone', async ({ page }) => {
    const consoleLines: string[] = [];
    page.on('console', (msg) => consoleLines.push(`[${msg.type()}] ${msg.text()}`));
    page.on('pageerror', (err) => consoleLines.push(`[pageerror] ${err.message}\n${err.stack ?? ''}`));

    const email = uniqueEmail('casey');
    await page.goto('/');
    await page.waitForURL(atPath('/login'));
    await signInFromLoginPage(page, { email });
    await page.waitForURL((url) => url.pathname === '/' && url.search === '');
    // The callback's code and state do not stay in the address bar.
    expect(page.url()).not.toContain('code=');
    await expect(page.getByRole('img', { name: /stadium/i })).toBeVisible();

    await page.reload();
    await expect(page).toHaveURL(atPath('/'));
    await expect(page.getByRole('img', { name: /stadium/i })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

    await logOut(page);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

    await page.goto('/');
    await page.waitForURL(atPath('/login'));
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    // Back does not bring the signed-in screen back either.
    await page.goto('/event/upcoming');
    await page.waitForURL(atPath('/login'));

    const leaks = consoleLines.filter((line) => JWT_PATTERN.test(line) || /Bearer\s+\S/.test(line));
    expect(leaks, `console output carried a token:\n${leaks.join('\n')}`).toEqual([]);
  });

  test('after log out the old token is refused by the server', async ({ page }) => {
    let token: string | null = null;
    page.on('request', (req) => {
      const auth = req.headers()['authorization'];
      if (auth?.startsWith('Bearer ')) token = auth.slice('Bearer '.length);
    });
    await signIn(page, { email: uniqueEmail('revoked') });
    const logoutRequest = page.waitForRequest((r) => r.url().endsWith('/api/v1/auth/logout') && r.method() === 'POST');
    await logOut(page);
    const sent = await logoutRequest;
    token ??= sent.headers()['authorization']?.replace(/^Bearer /, '') ?? null;
    expect(token, 'the logout call carries the bearer token').toMatch(JWT_PATTERN);
    expect(sent.postDataJSON()).toEqual({ returnTo: expect.stringMatching(/\/login$/) });

    const res = await page.request.get('/api/v1/auth/me', {
      headers: { authorization: `Bearer ${token}`, 'x-frontend-client': 'true' },
    });
    expect(res.status()).toBe(401);
    expect((await res.json()).code).toBe('TOKEN_REVOKED');
  });

  test('"Keep me signed in" keeps the session after every tab is closed', async ({ context }) => {
    const first = await context.newPage();
    await signIn(first, { email: uniqueEmail('keeper'), keepSignedIn: true });
    await first.close();
    const later = await context.newPage();
    await later.goto('/event/recent');
    await expect(later.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await expect(later).toHaveURL(atPath('/event/recent'));
  });

  test('without "Keep me signed in" a second tab joins the open session, but after every tab is closed one must sign in again', async ({
    context,
    isMobile,
  }) => {
    test.skip(isMobile, 'On phones the app keeps a persistent copy of the session (saved when the page is hidden), by design.');
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

  test('a tab whose hand-off arrives late still ends on the page it opened, not home', async ({ context, isMobile }) => {
    test.skip(isMobile, 'On phones the session is also saved when the page is hidden, so no hand-off is needed.');
    const first = await context.newPage();
    await signIn(first, { email: uniqueEmail('latetab') });
    // The open tab answers a second after it is asked (a busy tab), well past the new tab's wait.
    await first.evaluate(() => {
      const post = BroadcastChannel.prototype.postMessage;
      BroadcastChannel.prototype.postMessage = function (this: BroadcastChannel, message: unknown) {
        setTimeout(() => post.call(this, message), 1000);
      };
    });
    const second = await context.newPage();
    await second.goto('/clips/list');
    await second.waitForURL(atPath('/login'));
    await expect(second.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await expect(second).toHaveURL(atPath('/clips/list'));
  });

  test('logging out in one tab logs out the other', async ({ context }) => {
    const first = await context.newPage();
    await signIn(first, { email: uniqueEmail('twotabs'), keepSignedIn: true });
    const second = await context.newPage();
    await second.goto('/clips/list');
    await expect(second.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await logOut(second);
    await first.waitForURL(atPath('/login'));
    await expect(first.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });
});

test.describe('Sign-in from any address and any tab', () => {
  for (const search of ['?next=%E0%A4%A', '?code=%E0%A4%A&state=%', '?logout=%E0%A4%A']) {
    test(`/login${search}: Sign in still reaches the provider page`, async ({ page }) => {
      // A saga that throws is logged as 'Background task "login" failed', then restarted.
      const failures: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error' && /Background task|URIError/.test(msg.text())) failures.push(msg.text());
      });
      page.on('pageerror', (err) => failures.push(err.message));
      await page.goto(`/login${search}`);
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(/\/idp\/authorize\?/);
      await expect(page.getByRole('heading', { name: /Sign in to/ })).toBeVisible();
      // Nothing in the login flow threw.
      expect(failures).toEqual([]);
    });
  }

  test('the provider sends the browser back in another tab: the sign-in completes there', async ({ context }) => {
    const first = await context.newPage();
    // In the first tab the provider's redirect back is caught; the user opens it in a second tab.
    let callbackUrl = '';
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
  });
});

test.describe('Sign-in failures', () => {
  test('a code already used elsewhere is silently recovered: "Recovering your session..." then the guard sends to /login', async ({
    page,
  }) => {
    // The code is redeemed once behind the app's back (as a double submit or a second tab would);
    // the app's own attempt then gets 400 AUTH_CODE_EXPIRED.
    let redeemedBehindTheBack = false;
    await page.route('**/api/v1/auth/*/callback', async (route) => {
      if (!redeemedBehindTheBack) {
        redeemedBehindTheBack = true;
        const first = await route.fetch();
        expect(first.status()).toBe(200);
      }
      await route.continue();
    });
    const callbackAnswer = page.waitForResponse((r) => /\/api\/v1\/auth\/[^/]+\/callback$/.test(r.url()));

    await page.goto('/login');
    await signInFromLoginPage(page, { email: uniqueEmail('replay') });
    // The notice shows for 1 s only: watch for it from here on, not from after reading the answer, which on a
    // busy machine can take the runner longer than that second.
    const recovering = expect(page.getByText('Recovering your session...')).toBeVisible({ timeout: 20_000 });
    const answer = await callbackAnswer;
    expect(answer.status()).toBe(400);
    expect((await answer.json()).code).toBe('AUTH_CODE_EXPIRED');

    await recovering;
    // After 1 s: the URL is cleared, '/' is requested, and the guard sends the signed-out user to /login.
    await page.waitForURL((url) => url.pathname === '/login' && url.search === '', { timeout: 10_000 });
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByText('Recovering your session...')).toHaveCount(0);
    const stored = await page.evaluate(() => ({ ...sessionStorage, ...localStorage }));
    expect(JSON.stringify(stored)).not.toMatch(JWT_PATTERN);
  });

  // APP BUG (reported): completeLogin (src/features/login/model/loginSaga.ts) removes the pending login
  // state from tab storage *before* posting the code, so a reload of the callback URL fails the state
  // check and shows 'Invalid authentication response' instead of the silent recovery of docs/product/part-1.md §4
  // (fixed; kept as a regression test)
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

  test('replaying a used sign-in URL does not sign anyone in', async ({ page, context }) => {
    let callbackUrl = '';
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && /\/login\?.*code=/.test(frame.url())) callbackUrl = frame.url();
    });
    await signIn(page, { email: uniqueEmail('replayurl') });
    expect(callbackUrl).toContain('state=');
    await logOut(page);

    // The same URL again (from history or a copied link), in this tab: the code is used up.
    await page.goto(callbackUrl);
    await page.waitForURL((url) => url.pathname === '/login' && url.search === '', { timeout: 10_000 });
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await page.goto('/');
    await page.waitForURL(atPath('/login'));

    // And in a fresh tab with no sign-in under way.
    const other = await context.newPage();
    await other.goto(callbackUrl);
    await other.waitForURL((url) => url.pathname === '/login' && url.search === '');
    await other.goto('/');
    await other.waitForURL(atPath('/login'));
    await other.close();
  });

  test('a tampered state on the way back shows "Invalid authentication response", and the box can be dismissed', async ({
    page,
  }) => {
    // Rewrite the provider's redirect back to the app so that `state` no longer matches.
    await page.route('**/idp/authorize', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      const response = await route.fetch({ maxRedirects: 0 });
      const location = response.headers()['location'];
      expect(location, 'the provider redirects back with a code').toBeTruthy();
      const target = new URL(location!);
      expect(target.searchParams.get('code')).toBeTruthy();
      target.searchParams.set('state', 'tampered-state');
      await route.fulfill({ status: 302, headers: { location: target.toString(), 'cache-control': 'no-store' } });
    });
    let callbackCalls = 0;
    page.on('request', (r) => {
      if (/\/api\/v1\/auth\/[^/]+\/callback$/.test(r.url())) callbackCalls += 1;
    });

    await page.goto('/login');
    await signInFromLoginPage(page, { email: uniqueEmail('csrf') });
    const alert = page.getByRole('alert').filter({ hasText: 'Invalid authentication response' });
    await expect(alert).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/login' && !url.search.includes('code='));
    expect(callbackCalls, 'a code with a wrong state is never redeemed').toBe(0);

    await alert.getByRole('button', { name: /close/i }).click();
    await expect(page.getByText('Invalid authentication response')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

    // Still signed out.
    await page.goto('/');
    await page.waitForURL(atPath('/login'));
  });

  test('a hand-made callback URL with a wrong state is refused the same way', async ({ page }) => {
    await page.goto('/login?code=made-up-code&state=wrong');
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid authentication response' })).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/login' && url.search === '');
  });

  test('the provider page rejects a bad e-mail and the user can correct it', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/idp\/authorize\?/);
    // Bypass the browser's own type=email check to reach the server's.
    await page.getByLabel('Email').evaluate((el) => el.setAttribute('type', 'text'));
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert')).toContainText('valid e-mail');
    await fillProviderForm(page, { email: uniqueEmail('fixed') });
    await page.waitForURL((url) => url.pathname === '/' && url.search === '');
  });
});

/**
 * The session engine in a real browser against the real API (docs/session.md, docs/product/part-1.md §4 and §8):
 * the quiet refresh, the inactivity sign-out and its warning, tabs, corrupt storage, forced
 * sign-outs from the server, and no token in the console or an address.
 *
 * Time: the page clock is faked from the real current time (installed before the first navigation)
 * and moved with fastForward. The server's clock is real; the app measures its offset from each
 * token's iat, so a page clock that runs ahead of the server stays consistent.
 */
import type { Page } from '@playwright/test';
import { expect, test, JWT_PATTERN, uniqueEmail } from '../support/fixtures';
import { signIn } from '../support/auth';
import { goViaMenu, logOut } from '../support/shell';
import {
  AUTH_KEY,
  MINUTE,
  PERSISTENT_AUTH_KEY,
  adminAction,
  adminToken,
  advanceTo,
  collectRequests,
  isLogout,
  isRefresh,
  pageNow,
  readStoredAuth,
  storedToken,
} from '../support/session';

const atPath = (path: string) => (url: URL) => url.pathname === path;

const TIMEOUT_TEXT = 'You were signed out after 30 minutes without activity.';
const CORRUPT_TEXT = 'Failed to load saved session';
const REVOKED_TEXT = 'Your access permissions have been revoked';
const DELETED_TEXT = 'Your account no longer exists';
const FALLBACK_TITLE = 'Something went wrong';

/** Signed in: the shell's account menu is there and the login screen is not. */
async function expectSignedIn(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in' })).toHaveCount(0);
}

/**
 * Signed in and nothing left loading. Needed before a fastForward: webpack gives a lazy chunk
 * 120 s (a setTimeout, faked too), so a jump while a screen's code is in flight fails its load.
 */
async function settled(page: Page): Promise<void> {
  await expectSignedIn(page);
  await page.waitForLoadState('networkidle');
}

/** On /login with the given explanation in an alert. */
async function expectLoginWith(page: Page, text: string): Promise<void> {
  await page.waitForURL(atPath('/login'));
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: text })).toBeVisible();
  await expect(page.getByText(FALLBACK_TITLE)).toHaveCount(0);
}

const sessionWarning = (page: Page) => page.getByRole('alert').filter({ hasText: /Session expire/ });

test.describe('Session timers', () => {
  test('the token is refreshed once, 5 minutes before expiry, without the user noticing @phone', async ({ page, isMobile }) => {
    await page.clock.install({ time: Date.now() });
    const refreshes = collectRequests(page, isRefresh);
    await signIn(page, { email: uniqueEmail('refresh') });
    const signedInAt = await pageNow(page);
    await goViaMenu(page, isMobile, 'Recent Events', '/event/recent');
    await settled(page);
    const url = page.url();
    const firstToken = await storedToken(page);

    // Working, a key press every 3 minutes: nothing happens up to 54 minutes.
    await advanceTo(page, signedInAt + 54 * MINUTE, { activeIn: [page] });
    expect(refreshes).toHaveLength(0);

    // At 55 minutes (5 before the 60-minute token's expiry) the one refresh goes out.
    await advanceTo(page, signedInAt + 56 * MINUTE, { activeIn: [page] });
    await expect.poll(() => refreshes.length).toBe(1);
    await expect.poll(async () => (await readStoredAuth(page))?.token).not.toBe(firstToken);
    const newToken = await storedToken(page);
    expect(newToken).toMatch(JWT_PATTERN);

    // A few more minutes: no second refresh, nothing shown, same place.
    await advanceTo(page, signedInAt + 59 * MINUTE, { activeIn: [page] });
    expect(refreshes).toHaveLength(1);
    expect(page.url()).toBe(url);
    await expectSignedIn(page);
    await expect(sessionWarning(page)).toHaveCount(0);

    // The new token works: the server accepts it, and a reload keeps the session.
    const me = await page.request.get('/api/v1/auth/me', { headers: { authorization: `Bearer ${newToken}` } });
    expect(me.status()).toBe(200);
    await page.reload();
    await expect(page).toHaveURL(url);
    await expectSignedIn(page);
  });

  test('30 minutes without activity signs the user out with an explanation', async ({ page }) => {
    await page.clock.install({ time: Date.now() });
    await signIn(page, { email: uniqueEmail('idle') });
    await settled(page);
    const logoutCall = page.waitForRequest(isLogout);

    await page.clock.fastForward(30 * MINUTE + 5_000);

    await expectLoginWith(page, TIMEOUT_TEXT);
    await logoutCall;
    expect(await readStoredAuth(page)).toBeNull();
  });

  test('the warning counts down from 5 minutes, turns critical under 2, and "Stay signed in" keeps the session @phone', async ({
    page,
  }) => {
    await page.clock.install({ time: Date.now() });
    await signIn(page, { email: uniqueEmail('warned') });
    await settled(page);
    const signedInAt = (await readStoredAuth(page))!.lastActivity;
    await expect(sessionWarning(page)).toHaveCount(0);

    await advanceTo(page, signedInAt + 25 * MINUTE + 10_000);
    const warning = sessionWarning(page);
    await expect(warning).toHaveText(/Session expires in 5 minutes/);
    await expect(warning).toHaveClass(/MuiAlert-colorWarning/);

    await advanceTo(page, signedInAt + 28.5 * MINUTE);
    await expect(warning).toHaveText(/Session expires in 2 minutes/);
    await expect(warning).toHaveClass(/MuiAlert-colorError/);

    // A real press, without Playwright's hit-target check: the press's own pointerdown is activity
    // and already removes the banner, before the click lands (see the note at the end of this file).
    const box = (await warning.getByRole('button', { name: 'Stay signed in' }).boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect(sessionWarning(page)).toHaveCount(0);

    // Past the original 30-minute deadline, still signed in and no warning.
    await advanceTo(page, signedInAt + 33 * MINUTE);
    await expect(page).toHaveURL(atPath('/'));
    await expectSignedIn(page);
    await expect(sessionWarning(page)).toHaveCount(0);
  });
});

test.describe('Tabs', () => {
  test('a second tab joins the live session, and logging out in the first sends it to /login within a second', async ({
    page,
    context,
  }) => {
    await signIn(page, { email: uniqueEmail('tabs') });
    const other = await context.newPage();
    await other.goto('/');
    await expect(other).toHaveURL(atPath('/'));
    await expectSignedIn(other);

    await logOut(page);
    await expect(other).toHaveURL(atPath('/login'), { timeout: 1_500 });
    await expect(other.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });

  test('one tab refreshes and the other adopts its token: one request in all', async ({ page, context }) => {
    await page.clock.install({ time: Date.now() }); // the context's clock: every page of it
    const refreshes = collectRequests(context, isRefresh);
    await signIn(page, { email: uniqueEmail('adopt') });
    const signedInAt = await pageNow(page);
    const other = await context.newPage();
    await other.goto('/');
    await settled(other);
    await settled(page);
    const firstToken = await storedToken(page);
    expect(await storedToken(other)).toBe(firstToken);

    await advanceTo(page, signedInAt + 56 * MINUTE, { activeIn: [page, other] });
    await expect.poll(() => refreshes.length).toBe(1);
    await expect
      .poll(async () =>
        [(await readStoredAuth(page))?.token, (await readStoredAuth(other))?.token].every((t) => t !== firstToken),
      )
      .toBe(true);
    const [a, b] = [await storedToken(page), await storedToken(other)];
    expect(a).toBe(b);
    expect(a).not.toBe(firstToken);

    await advanceTo(page, signedInAt + 58 * MINUTE, { activeIn: [page, other] });
    expect(refreshes).toHaveLength(1);
    await expectSignedIn(page);
    await expectSignedIn(other);
  });

  // 6. "Reload keeps the session" is covered in auth.spec.ts ('sign in, stay signed in over a reload, log out; …').
});

test.describe('Stored session', () => {
  /** Leaves the app for a same-origin page (the app saves on the way out), runs `spoil` there, and opens the app again. */
  async function spoilStorageAndReopen(page: Page, spoil: (keys: { tab: string; persistent: string }) => void) {
    await page.goto('/api/v1/health');
    await page.evaluate(spoil, { tab: AUTH_KEY, persistent: PERSISTENT_AUTH_KEY });
    await page.goto('/');
  }

  test('corrupt JSON in both stores: the login screen explains, nothing crashes', async ({ page }) => {
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await signIn(page, { email: uniqueEmail('corrupt') });
    await expectSignedIn(page);

    await spoilStorageAndReopen(page, (keys) => {
      window.sessionStorage.setItem(keys.tab, '{not json');
      window.localStorage.setItem(keys.persistent, '[');
    });

    await expectLoginWith(page, CORRUPT_TEXT);
    expect(
      await page.evaluate((k) => [sessionStorage.getItem(k.tab), localStorage.getItem(k.persistent)], {
        tab: AUTH_KEY,
        persistent: PERSISTENT_AUTH_KEY,
      }),
    ).toEqual([null, null]);
    expect(pageErrors).toEqual([]);
  });

  test('a stored user without roles: the login screen explains, nothing crashes', async ({ page }) => {
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await signIn(page, { email: uniqueEmail('noroles') });
    await expectSignedIn(page);

    await spoilStorageAndReopen(page, (keys) => {
      const record = JSON.parse(window.sessionStorage.getItem(keys.tab) ?? 'null');
      delete record.user.roles;
      window.sessionStorage.setItem(keys.tab, JSON.stringify(record));
      window.localStorage.setItem(keys.persistent, JSON.stringify(record));
    });

    await expectLoginWith(page, CORRUPT_TEXT);
    expect(pageErrors).toEqual([]);
  });
});

test.describe('Forced sign-out by the server', () => {
  for (const [action, text] of [
    ['revoke', REVOKED_TEXT],
    ['delete', DELETED_TEXT],
  ] as const) {
    test(`an administrator's ${action} ends the user's session at the next call: "${text}"`, async ({ page, baseURL }) => {
      const email = uniqueEmail(action);
      await page.clock.install({ time: Date.now() });
      await signIn(page, { email });
      const signedInAt = await pageNow(page);
      await settled(page);

      const admin = await adminToken(baseURL!, uniqueEmail('admin'));
      await adminAction(page, admin, action, email);

      // The app calls the server on its own only to refresh: drive time there, the user working.
      const refresh = page.waitForResponse((r) => isRefresh(r.request()));
      await advanceTo(page, signedInAt + 56 * MINUTE, { activeIn: [page] });
      expect((await refresh).status()).toBe(action === 'revoke' ? 403 : 401);
      await expectLoginWith(page, text);
      // docs/product/part-1.md §8: a revoked permission reads 'Access denied' above its message.
      if (action === 'revoke') await expect(page.getByRole('alert').filter({ hasText: text })).toContainText('Access denied');
      expect(await readStoredAuth(page)).toBeNull();
    });
  }
});

test.describe('Security', () => {
  test('across sign-in, refresh and logout no token reaches the console or an address', async ({ page }) => {
    const consoleLines: string[] = [];
    page.on('console', (msg) => consoleLines.push(`[${msg.type()}] ${msg.text()}`));
    page.on('pageerror', (err) => consoleLines.push(`[pageerror] ${err.message}\n${err.stack ?? ''}`));
    const urls: string[] = [];
    page.on('framenavigated', (frame) => urls.push(frame.url()));
    page.on('request', (req) => urls.push(req.url()));
    const tokens = new Set<string>();
    page.on('request', (req) => {
      const auth = req.headers()['authorization'];
      if (auth?.startsWith('Bearer ')) tokens.add(auth.slice('Bearer '.length));
    });
    const refreshes = collectRequests(page, isRefresh);

    await page.clock.install({ time: Date.now() });
    await signIn(page, { email: uniqueEmail('secret') });
    await settled(page);
    const signedInAt = await pageNow(page);
    tokens.add(await storedToken(page));

    await advanceTo(page, signedInAt + 56 * MINUTE, { activeIn: [page] });
    await expect.poll(() => refreshes.length).toBe(1);
    await expect.poll(async () => tokens.has((await readStoredAuth(page))?.token ?? '')).toBe(false);
    tokens.add(await storedToken(page));

    const logoutCall = page.waitForRequest(isLogout);
    await logOut(page);
    await logoutCall;
    urls.push(page.url());

    expect(tokens.size).toBeGreaterThanOrEqual(2);
    const leaks = consoleLines.filter((line) => JWT_PATTERN.test(line) || [...tokens].some((t) => line.includes(t)));
    expect(leaks, `console output carried a token:\n${leaks.join('\n')}`).toEqual([]);
    const badUrls = urls.filter((u) => JWT_PATTERN.test(u) || [...tokens].some((t) => u.includes(t)));
    expect(badUrls, `addresses carried a token:\n${badUrls.join('\n')}`).toEqual([]);
  });
});

/*
 * Note on 'Stay signed in' with a pointer: the press's pointerdown is counted as activity, which
 * moves the inactivity deadline and removes the banner before the click arrives, so the button's
 * own handler does not run. The user sees the intended result (banner gone, session kept).
 */

/**
 * The session engine in a real browser against the real API (docs/session.md, docs/product/part-1.md §4 and §8): one
 * working session through the idle warning, the quiet refresh shared by two tabs, a reload and the log out, with no
 * token in the console or an address. The engine's rules one by one (corrupt storage, forced sign-outs, the
 * inactivity sign-out, the refresh's cooldown and retries) are proven by src/features/session/*.test.ts; the
 * inactivity sign-out in a browser by user-data.spec.ts.
 *
 * Time: the page clock is faked from the real current time (installed before the first navigation)
 * and moved with fastForward. The server's clock is real; the app measures its offset from each
 * token's iat, so a page clock that runs ahead of the server stays consistent.
 */
import type { Page } from '@playwright/test';
import { expect, test, JWT_PATTERN, uniqueEmail } from '../support/fixtures';
import { signIn } from '../support/auth';
import { logOut } from '../support/shell';
import { MINUTE, advanceTo, collectRequests, isLogout, isRefresh, readStoredAuth, storedToken } from '../support/session';

const atPath = (path: string) => (url: URL) => url.pathname === path;

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

const sessionWarning = (page: Page) => page.getByRole('alert').filter({ hasText: /Session expire/ });

test('a working session: the idle warning and Stay signed in, one quiet refresh for two tabs, a reload, log out; no token in the console or an address @phone', async ({
  page,
  context,
}) => {
  const consoleLines: string[] = [];
  context.on('console', (msg) => consoleLines.push(`[${msg.type()}] ${msg.text()}`));
  context.on('weberror', (err) => consoleLines.push(`[pageerror] ${err.error().message}\n${err.error().stack ?? ''}`));
  const urls: string[] = [];
  const tokens = new Set<string>();
  context.on('request', (req) => {
    urls.push(req.url());
    const auth = req.headers()['authorization'];
    if (auth?.startsWith('Bearer ')) tokens.add(auth.slice('Bearer '.length));
  });
  page.on('framenavigated', (frame) => urls.push(frame.url()));
  await page.clock.install({ time: Date.now() }); // the context's clock: every page of it
  const refreshes = collectRequests(context, isRefresh);
  await signIn(page, { email: uniqueEmail('session') });
  await settled(page);
  const signedInAt = (await readStoredAuth(page))!.lastActivity;
  const firstToken = await storedToken(page);
  tokens.add(firstToken);

  await test.step('idle: the warning counts down from 5 minutes, turns critical under 2, and Stay signed in keeps the session', async () => {
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

  const other = await context.newPage();
  await test.step('working in two tabs: one refresh 5 minutes before expiry, adopted by the other tab', async () => {
    await other.goto('/');
    await settled(other);
    await settled(page);
    expect(await storedToken(other)).toBe(firstToken);

    // A key press every 3 minutes: nothing happens up to 54 minutes.
    await advanceTo(page, signedInAt + 54 * MINUTE, { activeIn: [page, other] });
    expect(refreshes).toHaveLength(0);

    // At 55 minutes (5 before the 60-minute token's expiry) the one refresh goes out, for both tabs.
    await advanceTo(page, signedInAt + 56 * MINUTE, { activeIn: [page, other] });
    await expect.poll(() => refreshes.length).toBe(1);
    await expect
      .poll(async () =>
        [(await readStoredAuth(page))?.token, (await readStoredAuth(other))?.token].every((t) => t !== firstToken),
      )
      .toBe(true);
    const [a, b] = [await storedToken(page), await storedToken(other)];
    expect(a).toBe(b);
    expect(a).toMatch(JWT_PATTERN);
    tokens.add(a);

    // A few more minutes: no second refresh, nothing shown, same place.
    await advanceTo(page, signedInAt + 59 * MINUTE, { activeIn: [page, other] });
    expect(refreshes).toHaveLength(1);
    await expectSignedIn(page);
    await expectSignedIn(other);
    await expect(sessionWarning(page)).toHaveCount(0);
  });

  await test.step('the new token works: the server accepts it, and a reload keeps the session', async () => {
    const newToken = await storedToken(page);
    const me = await page.request.get('/api/v1/auth/me', { headers: { authorization: `Bearer ${newToken}` } });
    expect(me.status()).toBe(200);
    await page.reload();
    await expect(page).toHaveURL(atPath('/'));
    await expectSignedIn(page);
  });

  await test.step('log out, in both tabs', async () => {
    const logoutCall = page.waitForRequest(isLogout);
    await logOut(page);
    await logoutCall;
    await expect(other).toHaveURL(atPath('/login'));
    urls.push(page.url(), other.url());
  });

  expect(tokens.size).toBeGreaterThanOrEqual(2);
  const leaks = consoleLines.filter((line) => JWT_PATTERN.test(line) || [...tokens].some((t) => line.includes(t)));
  expect(leaks, `console output carried a token:\n${leaks.join('\n')}`).toEqual([]);
  const badUrls = urls.filter((u) => JWT_PATTERN.test(u) || [...tokens].some((t) => u.includes(t)));
  expect(badUrls, `addresses carried a token:\n${badUrls.join('\n')}`).toEqual([]);
});

/*
 * Note on 'Stay signed in' with a pointer: the press's pointerdown is counted as activity, which
 * moves the inactivity deadline and removes the banner before the click arrives, so the button's
 * own handler does not run. The user sees the intended result (banner gone, session kept).
 */

/**
 * The login page painted by HTML alone (docs/performance.md): the build prerenders /login with its
 * critical CSS, the server sends it with the CSP nonce on its styles, and the app hydrates it instead of
 * rendering it again.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { SCRIPTS_FALLBACK_MS } from '../../src/prerender/scriptsAfterPaint';
import { fillProviderForm } from '../support/auth';

/** When the page asked for each of its JS files (ms since navigation). */
const scriptStarts = (page: Page): Promise<number[]> =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => entry.startTime),
  );

test.describe('the prerendered login page', () => {
  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('shows the whole login screen, styled, before any script runs', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Courtside' })).toBeVisible();
      await expect(page.getByText('Sign in with your Google or Apple account', { exact: true })).toBeVisible();
      // The controls wait for the app: a tap before it has started would otherwise be lost.
      const signIn = page.getByRole('button', { name: 'Sign in' });
      await expect(signIn).toBeVisible();
      await expect(signIn).toBeDisabled();
      await expect(page.getByRole('checkbox', { name: 'Keep me signed in' })).toBeDisabled();
      // The critical CSS applied under the CSP: the card on the dark gradient.
      await expect(page.getByRole('main')).toHaveCSS('background-image', /linear-gradient/);
      const card = page.getByRole('main').locator('> div');
      await expect(card).toHaveCSS('background-color', 'rgb(255, 255, 255)');
      await expect(card).toHaveCSS('box-shadow', /rgba/);
    });
  });

  test('hydrates it: the markup stays, nothing is blocked or reported, and Sign in works', async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`[${msg.type()}] ${msg.text()}`);
    });
    page.on('pageerror', (err) => problems.push(`[pageerror] ${err.message}`));
    // Counts elements taken out of #root: hydrating keeps the prerendered ones, rendering afresh replaces them.
    await page.addInitScript(() => {
      const w = window as unknown as { removedFromRoot: number };
      w.removedFromRoot = 0;
      new MutationObserver((records) => {
        for (const r of records) {
          const inRoot = r.target instanceof Element && r.target.closest('#root') !== null;
          if (inRoot) w.removedFromRoot += [...r.removedNodes].filter((n) => n.nodeType === 1).length;
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/login');
    const heading = page.getByRole('heading', { level: 1, name: 'Welcome to Courtside' });
    await expect(heading).toBeVisible();

    // Hydrated: the controls are enabled on the very elements the HTML brought.
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(await page.evaluate(() => (window as unknown as { removedFromRoot: number }).removedFromRoot)).toBe(0);
    expect(problems).toEqual([]);

    // Interactive: the checkbox ticks and Sign in goes to the provider.
    const keep = page.getByRole('checkbox', { name: 'Keep me signed in' });
    await keep.check();
    await expect(keep).toBeChecked();

    await page.getByRole('button', { name: 'Sign in' }).click();
    await fillProviderForm(page, { email: `prerender-${Date.now()}@example.com` });
    await page.waitForURL((url) => url.pathname === '/' && url.search === '');
  });

  test('asks for its scripts once it has painted, and starts as well in a tab opened out of sight', async ({
    page,
    browser,
    baseURL,
  }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    // Every script of the app was asked for after the first contentful paint (src/prerender/scriptsAfterPaint.ts).
    const paint = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null);
    const scripts = await scriptStarts(page);
    expect(paint).not.toBeNull();
    expect(scripts.length).toBeGreaterThanOrEqual(3);
    for (const start of scripts) expect(start).toBeGreaterThanOrEqual(paint!);

    // A page out of sight does not paint: it asks for them at once, not after the loader's 2 s fallback. (Here
    // the page says it is hidden and its paint is never reported, so only that path can start it in time.)
    const context = await browser.newContext({ baseURL });
    try {
      const hidden = await context.newPage();
      await hidden.addInitScript(() => {
        Object.defineProperty(document, 'visibilityState', { get: () => 'hidden' });
        class SilentObserver {
          static supportedEntryTypes = ['paint'];
          observe() {}
          disconnect() {}
        }
        Object.defineProperty(window, 'PerformanceObserver', { value: SilentObserver });
      });
      await hidden.goto('/login');
      await expect(hidden.getByRole('button', { name: 'Sign in' })).toBeEnabled();
      expect(Math.min(...(await scriptStarts(hidden)))).toBeLessThan(SCRIPTS_FALLBACK_MS);
    } finally {
      await context.close();
    }
  });

  test('a sign-in callback to /login gets the plain page, and the app renders it there', async ({ page }) => {
    await page.goto('/login?error=access_denied');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Courtside' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });
});

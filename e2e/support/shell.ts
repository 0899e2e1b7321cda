/** Reaching the shell's menus the way each kind of user does. */
import { expect, type Page } from '@playwright/test';

/** The main menu: the sidebar on desktop; on mobile, opened from the bottom bar's More first. */
export async function openMainMenu(page: Page, isMobile: boolean) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  if (isMobile) {
    await page.getByRole('navigation', { name: 'Shortcuts' }).getByRole('button', { name: 'More' }).click();
  }
  await expect(nav).toBeVisible();
  return nav;
}

/** Follows a main-menu item (opening the mobile panel first), and waits for the address. */
export async function goViaMenu(page: Page, isMobile: boolean, item: string, path: string): Promise<void> {
  const nav = await openMainMenu(page, isMobile);
  await nav.getByRole('link', { name: item, exact: true }).click();
  await page.waitForURL((url) => url.pathname === path);
}

export async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
}

export async function logOut(page: Page): Promise<void> {
  const menu = await openAccountMenu(page);
  await menu.getByRole('menuitem', { name: 'Log out' }).click();
  await page.waitForURL((url) => url.pathname === '/login');
}

/**
 * Waits until the shell shows the screen at the page's address: the shell is up and the screen's code has
 * arrived (the Suspense fallback, the main area's own "Loading..." status, is gone). A tab's first load fetches
 * and compiles every file cold, which on a busy machine can take longer than an expectation's default wait
 * (docs/performance.md "The machine's pace"): this allows 30 s.
 */
export async function waitForScreen(page: Page): Promise<void> {
  const main = page.getByRole('main');
  await expect(main).toBeVisible({ timeout: 30_000 });
  await expect(main.locator(':scope > [role="status"][aria-label="Loading..."]')).toHaveCount(0, { timeout: 30_000 });
}

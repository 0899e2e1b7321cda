/**
 * The shell in a real browser: the desktop sidebar's width and its cookie across reloads, every menu entry's screen
 * loading its own code from the build, and at 390 px the bottom bar, the slide-out panel and the short breadcrumbs,
 * with axe on the landing page, the menus and the not-found page. Which entries each role sees, the user menu's
 * entries, the breadcrumbs' labels, the old links and the ADMIN-only notice are the shell's and the router's own tests'
 * (src/features/shell/*.test.tsx, src/app/router.test.tsx).
 */
import type { Page } from '@playwright/test';
import { expect, test, uniqueEmail } from '../support/fixtures';
import { signInAs } from '../support/auth';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { openAccountMenu } from '../support/shell';

test.describe('Desktop sidebar', () => {
  async function navWidth(page: Page): Promise<number> {
    const box = await page.getByRole('navigation', { name: 'Main' }).boundingBox();
    return Math.round(box?.width ?? -1);
  }

  async function sidebarCookie(page: Page) {
    return (await page.context().cookies()).find((c) => c.name === 'sidebar_state');
  }

  test('Ctrl+B and the toolbar button collapse the sidebar to 3 rem and back to 16 rem, kept in the sidebar_state cookie for 7 days', async ({
    page,
  }) => {
    await signInAs(page, { email: uniqueEmail('sider') });
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect.poll(() => navWidth(page)).toBe(256);
    const sevenDays = Date.now() / 1000 + 7 * 24 * 3600;

    await test.step('Ctrl+B collapses it, and a reload keeps it collapsed', async () => {
      await page.keyboard.press('Control+b');
      await expect.poll(() => navWidth(page)).toBe(48);
      const cookie = await sidebarCookie(page);
      expect(cookie?.value).toBe('false');
      expect(cookie!.expires).toBeGreaterThan(sevenDays - 120);
      expect(cookie!.expires).toBeLessThan(sevenDays + 120);
      expect(cookie!.path).toBe('/');
      // Collapsed: the items stay reachable by name (icon rail with tooltips).
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Upload Clips' })).toBeAttached();

      await page.reload();
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await expect.poll(() => navWidth(page)).toBe(48);
    });

    await test.step('Ctrl+B expands it, and a reload keeps it expanded', async () => {
      await page.keyboard.press('Control+b');
      await expect.poll(() => navWidth(page)).toBe(256);
      const cookie = await sidebarCookie(page);
      expect(cookie?.value).toBe('true');
      expect(cookie!.expires).toBeGreaterThan(sevenDays - 120);

      await page.reload();
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await expect.poll(() => navWidth(page)).toBe(256);
    });

    await test.step('the toolbar button toggles it too', async () => {
      const toggle = page.getByRole('button', { name: 'Toggle sidebar' });
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await toggle.click();
      await expect.poll(() => navWidth(page)).toBe(48);
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await toggle.click();
      await expect.poll(() => navWidth(page)).toBe(256);
    });
  });
});

/** Every menu entry for ADMIN: its group, its wording in the menu, its address, and the page title it leads to. */
const MENU_ENTRIES: Array<[group: string, label: string, path: string, title: string]> = [
  ['Locations', 'Add Location', '/location/add', 'Add Location'],
  ['Locations', 'Nearby Locations', '/location/nearest', 'Nearby Locations'],
  ['Events', 'Add Event', '/event/create', 'Add Event'],
  ['Events', 'Nearby Events', '/event/nearest', 'Nearby Events'],
  ['Events', 'Current & Upcoming', '/event/upcoming', 'Current & Upcoming Events'],
  ['Events', 'Recent Events', '/event/recent', 'Recent Events'],
  ['Clips', 'Upload Clips', '/clips/upload', 'Upload Clips'],
  ['Clips', 'My Clips', '/clips/list', 'My Clips'],
  ['Tags', 'Tag Moments', '/tags/add', 'Tag Moments'],
  ['Tags', 'My Tagged Events', '/tags/by-event', 'My Tagged Events'],
  ['Tags', 'All My Tags', '/tags/all', 'All My Tags'],
  ['Highlights', 'Create Highlight', '/highlights/create', 'Create Highlight'],
  ['Highlights', 'My Highlights', '/highlights/view', 'My Highlights'],
  ['Highlights', 'Share Highlights', '/highlights/share', 'Share Highlights'],
];

test.describe('Menu and routes agree', () => {
  test('an admin: the landing page and the account menu accessible, every menu entry opening its page under its group, a wrong address the not-found page', async ({
    page,
  }) => {
    // Every entry's screen loads its code for the first time: on a busy machine that alone can take most of the
    // test's time.
    test.slow();
    await signInAs(page, { email: uniqueEmail('walker'), admin: true });

    await test.step('the landing page and the account menu, accessible', async () => {
      await expect(page.getByRole('img', { name: /stadium/i })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      const menu = await openAccountMenu(page);
      await expectNoSeriousA11yViolations(page);
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
    });

    await test.step('every menu entry opens its page, named in the breadcrumbs under its group', async () => {
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link')).toHaveCount(MENU_ENTRIES.length + 1); // + the brand link home
      const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
      for (const [group, label, path, title] of MENU_ENTRIES) {
        const link = nav.getByRole('list', { name: group }).getByRole('link', { name: label, exact: true });
        await link.click();
        await page.waitForURL((url) => url.pathname === path);
        await expect(link).toHaveAttribute('aria-current', 'page');
        await expect(crumbs.getByRole('listitem').nth(1)).toHaveText(group);
        await expect(crumbs.locator('[aria-current="page"]')).toHaveText(title);
      }
    });

    await test.step('an unknown address: the not-found page, accessible, with a link home', async () => {
      await page.goto('/no/such/page');
      await expect(page.getByRole('heading', { level: 1, name: /not found/i })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('main').getByRole('link', { name: /home/i }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await expect(page.getByRole('img', { name: /stadium/i })).toBeVisible();
    });
  });
});

test.describe('Mobile shell @phone', () => {
  test.skip(({ isMobile }) => !isMobile, 'The bottom bar and the slide-out panel exist under 768 px only.');

  test('the bottom bar, the More panel, breadcrumbs cut to 12 characters, and the not-found page, all accessible', async ({
    page,
  }) => {
    await signInAs(page, { email: uniqueEmail('thumb'), admin: true });
    const bar = page.getByRole('navigation', { name: 'Shortcuts' });
    const panel = page.getByRole('navigation', { name: 'Main' });

    await test.step('the landing page: Upload, Events, Tags and More, no permanent sidebar', async () => {
      await expect(page.getByRole('img', { name: /stadium/i })).toBeVisible();
      await expect(bar).toBeVisible();
      await expect(bar.getByRole('link', { name: 'Upload' })).toHaveAttribute('href', '/clips/upload');
      await expect(bar.getByRole('link', { name: 'Events' })).toHaveAttribute('href', '/event/upcoming');
      await expect(bar.getByRole('link', { name: 'Tags' })).toHaveAttribute('href', '/tags/add');
      await expect(bar.getByRole('button', { name: 'More' })).toBeVisible();
      await expect(panel).toBeHidden();
      await expectNoSeriousA11yViolations(page);
    });

    await test.step('Events: marked current, its breadcrumbs cut to 12 characters', async () => {
      await bar.getByRole('link', { name: 'Events' }).tap();
      await page.waitForURL((url) => url.pathname === '/event/upcoming');
      await expect(bar.getByRole('link', { name: 'Events' })).toHaveAttribute('aria-current', 'page');
      const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
      const current = crumbs.locator('[aria-current="page"]');
      await expect(current).toBeVisible();
      const label = (await current.innerText()).trim();
      expect(label.length).toBeLessThanOrEqual(12);
      expect('Current & Upcoming Events'.startsWith(label.replace(/…$/, ''))).toBe(true);
      for (const item of await crumbs.getByRole('listitem').allInnerTexts()) {
        expect(item.trim().length, `crumb "${item}"`).toBeLessThanOrEqual(12);
      }
    });

    await test.step('More opens the panel; an item navigates and closes it', async () => {
      await bar.getByRole('button', { name: 'More' }).tap();
      await expect(panel).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await panel.getByRole('link', { name: 'My Clips' }).tap();
      await page.waitForURL((url) => url.pathname === '/clips/list');
      await expect(panel).toBeHidden();
      await expect(page.getByRole('heading', { level: 1, name: 'My Clips' })).toBeVisible();
    });

    await test.step('Upload, then the account menu, accessible', async () => {
      await bar.getByRole('link', { name: 'Upload' }).tap();
      await page.waitForURL((url) => url.pathname === '/clips/upload');
      await openAccountMenu(page);
      await expectNoSeriousA11yViolations(page);
      await page.keyboard.press('Escape');
    });

    await test.step('an unknown address: the not-found page, accessible, with a link home', async () => {
      await page.goto('/no/such/page');
      await expect(page.getByRole('heading', { level: 1, name: /not found/i })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('main').getByRole('link', { name: /home/i }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await expect(page.getByRole('img', { name: /stadium/i })).toBeVisible();
    });
  });
});

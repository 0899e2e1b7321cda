import type { Page } from '@playwright/test';
import { expect, test, uniqueEmail } from '../support/fixtures';
import { displayNameOf, signInAs } from '../support/auth';
import { openAccountMenu, openMainMenu } from '../support/shell';

const GROUPS_FOR_EVERYONE = ['Events', 'Clips', 'Tags', 'Highlights'];
const ADMIN_USER_ENTRIES = ['Upgrade to Pro', 'Account', 'Billing', 'Notifications'];

test.describe('Navigation menu by role', () => {
  test('a non-admin sees Events, Clips, Tags and Highlights, but no Locations and no Add Event @phone', async ({
    page,
    isMobile,
  }) => {
    await signInAs(page, { email: uniqueEmail('member') });
    const nav = await openMainMenu(page, isMobile);
    for (const group of GROUPS_FOR_EVERYONE) await expect(nav.getByRole('list', { name: group })).toBeVisible();
    await expect(nav.getByRole('list', { name: 'Locations' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Add Location' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Add Event' })).toHaveCount(0);

    const events = nav.getByRole('list', { name: 'Events' });
    await expect(events.getByRole('link')).toHaveCount(3);
    await expect(events.getByRole('link', { name: 'Nearby Events' })).toHaveAttribute('href', '/event/nearest');
    await expect(nav.getByRole('link', { name: 'Upload Clips' })).toHaveAttribute('href', '/clips/upload');
    await expect(nav.getByRole('link', { name: 'All My Tags' })).toHaveAttribute('href', '/tags/all');
    await expect(nav.getByRole('link', { name: 'Share Highlights' })).toHaveAttribute('href', '/highlights/share');
  });

  test('an admin also sees Locations (Add Location, Nearby Locations) and Add Event', async ({ page, isMobile }) => {
    await signInAs(page, { email: uniqueEmail('admin'), admin: true });
    const nav = await openMainMenu(page, isMobile);
    const locations = nav.getByRole('list', { name: 'Locations' });
    await expect(locations).toBeVisible();
    await expect(locations.getByRole('link', { name: 'Add Location' })).toHaveAttribute('href', '/location/add');
    await expect(locations.getByRole('link', { name: 'Nearby Locations' })).toHaveAttribute('href', '/location/nearest');
    await expect(nav.getByRole('list', { name: 'Events' }).getByRole('link', { name: 'Add Event' })).toHaveAttribute(
      'href',
      '/event/create',
    );
    for (const group of GROUPS_FOR_EVERYONE) await expect(nav.getByRole('list', { name: group })).toBeVisible();
  });

  test('a non-admin sees the user menu with name and e-mail, Log out, and none of the admin entries', async ({ page }) => {
    const email = uniqueEmail('riley');
    await signInAs(page, { email });
    const menu = await openAccountMenu(page);
    await expect(menu.getByText(displayNameOf(email), { exact: true })).toBeVisible();
    await expect(menu.getByText(email, { exact: true })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
    for (const entry of ADMIN_USER_ENTRIES) await expect(menu.getByRole('menuitem', { name: entry, exact: true })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  });

  test('an admin sees Upgrade to Pro, Account, Billing and Notifications in the user menu', async ({ page }) => {
    const email = uniqueEmail('boss');
    await signInAs(page, { email, admin: true });
    const menu = await openAccountMenu(page);
    await expect(menu.getByText(displayNameOf(email), { exact: true })).toBeVisible();
    await expect(menu.getByText(email, { exact: true })).toBeVisible();
    for (const entry of ADMIN_USER_ENTRIES) await expect(menu.getByRole('menuitem', { name: entry, exact: true })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
  });
});

test.describe('Desktop sidebar', () => {
  async function navWidth(page: Page): Promise<number> {
    const box = await page.getByRole('navigation', { name: 'Main' }).boundingBox();
    return Math.round(box?.width ?? -1);
  }

  async function sidebarCookie(page: Page) {
    return (await page.context().cookies()).find((c) => c.name === 'sidebar_state');
  }

  test('Ctrl+B collapses the sidebar to 3 rem and back to 16 rem, kept in the sidebar_state cookie for 7 days', async ({
    page,
  }) => {
    await signInAs(page, { email: uniqueEmail('sider') });
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect.poll(() => navWidth(page)).toBe(256);

    await page.keyboard.press('Control+b');
    await expect.poll(() => navWidth(page)).toBe(48);
    let cookie = await sidebarCookie(page);
    expect(cookie?.value).toBe('false');
    const sevenDays = Date.now() / 1000 + 7 * 24 * 3600;
    expect(cookie!.expires).toBeGreaterThan(sevenDays - 120);
    expect(cookie!.expires).toBeLessThan(sevenDays + 120);
    expect(cookie!.path).toBe('/');
    // Collapsed: the items stay reachable by name (icon rail with tooltips).
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Upload Clips' })).toBeAttached();

    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect.poll(() => navWidth(page)).toBe(48);

    await page.keyboard.press('Control+b');
    await expect.poll(() => navWidth(page)).toBe(256);
    cookie = await sidebarCookie(page);
    expect(cookie?.value).toBe('true');
    expect(cookie!.expires).toBeGreaterThan(sevenDays - 120);

    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect.poll(() => navWidth(page)).toBe(256);
  });

  test('the toolbar button toggles the sidebar too', async ({ page }) => {
    await signInAs(page, { email: uniqueEmail('button') });
    const toggle = page.getByRole('button', { name: 'Toggle sidebar' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await toggle.click();
    await expect.poll(() => navWidth(page)).toBe(48);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect.poll(() => navWidth(page)).toBe(256);
  });

  test('breadcrumbs show full labels on desktop', async ({ page }) => {
    await signInAs(page, { email: uniqueEmail('crumbs'), path: '/event/upcoming' });
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(crumbs).toContainText('Events');
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText('Current & Upcoming Events');
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
  test('every menu entry opens its page, named in the breadcrumbs under its group', async ({ page }) => {
    // Every entry's screen loads its code for the first time: on a busy machine that alone can take most of the
    // test's time.
    test.slow();
    await signInAs(page, { email: uniqueEmail('walker'), admin: true });
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

  test('a member who opens an ADMIN-only address sees why there is nothing to do', async ({ page }) => {
    await signInAs(page, { email: uniqueEmail('curious'), path: '/event/create' });
    await expect(page.getByRole('main').getByText('This page is for administrators.', { exact: false })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).locator('[aria-current="page"]')).toHaveText('Add Event');
  });
});

test.describe('Mobile shell @phone', () => {
  test.skip(({ isMobile }) => !isMobile, 'The bottom bar and the slide-out panel exist under 768 px only.');

  test('the bottom bar has Upload, Events, Tags and More; More opens the panel, and an item navigates and closes it', async ({
    page,
  }) => {
    await signInAs(page, { email: uniqueEmail('thumb') });
    const bar = page.getByRole('navigation', { name: 'Shortcuts' });
    await expect(bar).toBeVisible();
    await expect(bar.getByRole('link', { name: 'Upload' })).toHaveAttribute('href', '/clips/upload');
    await expect(bar.getByRole('link', { name: 'Events' })).toHaveAttribute('href', '/event/upcoming');
    await expect(bar.getByRole('link', { name: 'Tags' })).toHaveAttribute('href', '/tags/add');
    await expect(bar.getByRole('button', { name: 'More' })).toBeVisible();
    // No permanent sidebar on a phone.
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();

    await bar.getByRole('link', { name: 'Events' }).tap();
    await page.waitForURL((url) => url.pathname === '/event/upcoming');
    await expect(bar.getByRole('link', { name: 'Events' })).toHaveAttribute('aria-current', 'page');

    await bar.getByRole('button', { name: 'More' }).tap();
    const panel = page.getByRole('navigation', { name: 'Main' });
    await expect(panel).toBeVisible();
    await panel.getByRole('link', { name: 'My Clips' }).tap();
    await page.waitForURL((url) => url.pathname === '/clips/list');
    await expect(panel).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'My Clips' })).toBeVisible();

    await bar.getByRole('link', { name: 'Upload' }).tap();
    await page.waitForURL((url) => url.pathname === '/clips/upload');
  });

  test('breadcrumbs are cut to 12 characters', async ({ page }) => {
    await signInAs(page, { email: uniqueEmail('narrow'), path: '/event/upcoming' });
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
});

test.describe('Routes', () => {
  test('an unknown path shows a not-found page with a link home @phone', async ({ page }) => {
    await signInAs(page, { email: uniqueEmail('lost'), path: '/no/such/page' });
    await expect(page.getByRole('heading', { level: 1, name: /not found/i })).toBeVisible();
    const home = page.getByRole('main').getByRole('link', { name: /home/i });
    await home.click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.getByRole('img', { name: /stadium/i })).toBeVisible();
  });

  test('old links redirect: /events to /event/upcoming and /upload to /clips/upload', async ({ page }) => {
    await signInAs(page, { email: uniqueEmail('oldlinks'), path: '/events' });
    await page.waitForURL((url) => url.pathname === '/event/upcoming');
    await page.goto('/upload');
    await page.waitForURL((url) => url.pathname === '/clips/upload');
  });

  test('Share Highlights opens from the menu and says what to do first @phone', async ({ page, isMobile }) => {
    await signInAs(page, { email: uniqueEmail('sharer') });
    const nav = await openMainMenu(page, isMobile);
    await nav.getByRole('link', { name: 'Share Highlights' }).click();
    await page.waitForURL((url) => url.pathname === '/highlights/share');
    await expect(page.getByText('You have not shared any highlights yet.')).toBeVisible();
    await page.getByRole('link', { name: 'Go to My Highlights' }).click();
    await page.waitForURL((url) => url.pathname === '/highlights/view');
  });
});

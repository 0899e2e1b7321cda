/**
 * The signed-in frame painted by HTML alone (docs/performance.md "A frame painted by HTML"): My Clips
 * arrives with a picture of its screen on a phone — shell, title, skeleton — drawn before any script runs, shown
 * only where a session is stored and only under the shell's breakpoint; the app renders beneath it and takes it
 * away once its own screen is on.
 */
import type { Page } from '@playwright/test';
import { expect, test, uniqueEmail } from '../support/fixtures';
import { signIn } from '../support/auth';
import { createEventViaApi } from '../support/clips';
import { adminToken } from '../support/session';

const SUBTITLE = 'Your clips, grouped by the event they were filmed at.';
const APP_SCRIPT = /\/assets\/main\.[^/]*\.js$/;

/** Opens a page with the app's own script refused: what the browser shows from the HTML alone. */
async function openWithoutApp(page: Page, path: string) {
  await page.route(APP_SCRIPT, (route) => route.abort());
  await page.goto(path);
  await page.unroute(APP_SCRIPT);
}

test.describe('the prerendered signed-in frame', () => {
  test('My Clips is on screen from the HTML on a phone, then the app takes over without a trace', async ({ page }, testInfo) => {
    const phone = testInfo.project.name === 'mobile';
    const problems: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(`${msg.text()} ${msg.location().url}`);
    });
    await signIn(page, { email: uniqueEmail('frame'), keepSignedIn: true });
    // ICU's data loads in a worker the HTML starts (src/app/warmUpIntl.ts), once per page: the app starts none more.
    // (The page the sign-in ends on started one of its own: left first, so its worker is not counted here.)
    await page.goto('about:blank');
    const warmUps: string[] = [];
    page.on('worker', (worker) => warmUps.push(new URL(worker.url()).pathname));

    await openWithoutApp(page, '/clips');
    await expect.poll(() => warmUps).toEqual(['/intl-warm-up.js']);
    // The worker's script is the build's, as JavaScript from the app's origin (the CSP's script-src 'self').
    const script = await page.request.get('/intl-warm-up.js');
    expect(script.status()).toBe(200);
    expect(script.headers()['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(await script.text()).toContain('Intl.DateTimeFormat');
    const frame = page.locator('#cs-frame');
    if (phone) {
      // The shell, the title and the loading rows, styled by the inlined CSS under the CSP.
      await expect(frame).toBeVisible();
      await expect(frame.getByText(SUBTITLE, { exact: true })).toBeVisible();
      await expect(frame.locator('h1')).toHaveText('My Clips');
      await expect(frame.locator('.MuiSkeleton-root').first()).toBeVisible();
      await expect(frame.locator('header.MuiAppBar-root')).toHaveCSS('position', 'sticky');
      // A picture, not the page: no one can reach it with a screen reader or the keyboard.
      await expect(frame).toHaveAttribute('aria-hidden', 'true');
      await expect(frame).toHaveAttribute('inert', '');
      await expect(page.getByRole('heading', { name: 'My Clips' })).toHaveCount(0);
    } else {
      // The frame is a phone's layout: a desktop gets the plain page.
      await expect(frame).toBeAttached();
      await expect(frame).toBeHidden();
    }

    // From here on nothing may go wrong: no CSP refusal of the frame's script or styles, no error. (The refused
    // script and the provider page's favicon above are this test's own doing.)
    problems.length = 0;
    warmUps.length = 0;
    await page.goto('/clips');
    await expect(page.getByRole('heading', { level: 1, name: 'My Clips' })).toBeVisible();
    await expect.poll(() => warmUps).toEqual(['/intl-warm-up.js']);
    await expect(page.getByText(SUBTITLE, { exact: true })).toBeVisible();
    await expect(frame).toHaveCount(0);
    await expect(page.locator('html')).not.toHaveClass(/cs-framed/);
    // The app's own screen answers: the shell's menu opens.
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect(page.getByRole('link', { name: 'My Clips' }).first()).toBeVisible();
    expect(problems).toEqual([]);
    expect(warmUps).toHaveLength(1);
  });

  test("Create Highlight's frame names its event, asked for by the HTML before the app's code has run", async ({
    page,
    baseURL,
    request,
  }, testInfo) => {
    const phone = testInfo.project.name === 'mobile';
    const admin = await adminToken(baseURL!, uniqueEmail('frame-admin'));
    const event = await createEventViaApi(request, admin, {
      name: `Frame Cup ${Date.now().toString(36)}`,
      venue: 'Fenway',
      startTime: '2026-07-04T23:00:00.000Z',
      endTime: '2026-07-05T02:00:00.000Z',
    });
    await signIn(page, { email: uniqueEmail('frame-heading'), keepSignedIn: true });
    const asked: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/v1/events/')) asked.push(r.headers()['x-frontend-client'] ?? '');
    });

    await openWithoutApp(page, `/highlights/create/${event.id}`);
    const frame = page.locator('#cs-frame');
    if (phone) {
      await expect(frame.locator('h1')).toHaveText(event.name);
      await expect(frame.locator('h1')).toBeVisible();
      await expect(frame.getByText('Loading event data...')).toBeVisible();
      // The app's start never ran: the frame's own script asked, as the app would.
      expect(asked).toEqual(['true']);
    } else {
      // No frame shows on a desktop, so nothing is asked for it.
      await expect(frame).toBeHidden();
      expect(asked).toEqual([]);
    }

    await page.goto(`/highlights/create/${event.id}`);
    await expect(page.getByRole('heading', { level: 1, name: event.name })).toBeVisible();
    await expect(frame).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  });

  test('a signed-out visitor never sees the frame and lands on the login page', async ({ page }) => {
    await openWithoutApp(page, '/clips');
    await expect(page.locator('#cs-frame')).toBeHidden();
    await expect(page.locator('html')).not.toHaveClass(/cs-framed/);

    await page.goto('/clips');
    await page.waitForURL('**/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Courtside' })).toBeVisible();
    await expect(page.locator('#cs-frame')).toHaveCount(0);
  });
});

/**
 * The first thing a new user tries (issue 10's acceptance): a fresh data directory started like `npm start`
 * seeds the demo in the background, the stand-in sign-in page offers the demo coach, and the browsing
 * screens show the demo's events, a LIVE one among them, and clips that play.
 */
import { expect, test as base } from '@playwright/test';
import { startServer, type RunningServer } from '../support/server';

const test = base.extend<{ demoServer: RunningServer }>({
  // eslint-disable-next-line no-empty-pattern
  demoServer: async ({}, use) => {
    const server = await startServer({ demoData: true });
    try {
      await use(server);
    } finally {
      await server.stop();
    }
  },
  baseURL: async ({ demoServer }, use) => {
    await use(demoServer.baseURL);
  },
});

// One pass is enough: the screens' own specs cover both viewports; this one checks the demo's data.
test.skip(({ isMobile }) => isMobile, 'The demo data is the same on every viewport.');

test('Continue as the demo coach shows the demo: a LIVE event, events with clips, a clip that plays', async ({ page }) => {
  // Seeding makes 40 real clips with ffmpeg in the background; on a busy CI machine that takes a while.
  test.setTimeout(180_000);
  await page.goto('/');
  await page.waitForURL('**/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/idp\/authorize/);
  await page.getByRole('button', { name: 'Continue as the demo coach' }).click();
  await page.waitForURL((url) => url.pathname === '/' && url.search === '');

  await page.goto('/event/upcoming');
  const live = page.getByRole('list', { name: 'Live now' });
  await expect(live.getByText('LIVE').first()).toBeVisible();
  await expect(page.getByRole('list', { name: 'Next 7 days' }).getByRole('listitem').first()).toBeVisible();

  // My Clips lists an event once its first clip is made: reload until the seeder has got that far.
  await expect(async () => {
    await page.goto('/clips');
    await expect(page.getByRole('list', { name: 'Events with clips' }).getByRole('link').first()).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 150_000, intervals: [2_000] });
  await page.getByRole('list', { name: 'Events with clips' }).getByRole('link').first().click();
  const grid = page.getByRole('list', { name: 'Clips of this event' });
  const card = grid.getByRole('article').first();
  await expect(card).toBeVisible();
  await card.getByRole('button').first().click();
  const video = grid.locator('video').first();
  await expect(video).toBeVisible();
  await expect.poll(() => video.evaluate((el: HTMLVideoElement) => el.readyState), { timeout: 15_000 }).toBeGreaterThan(1);
});

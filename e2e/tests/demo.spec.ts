/**
 * The first thing a new user tries, in one path: a fresh data directory started like `npm start` seeds the demo in
 * the background, the stand-in sign-in page offers the demo coach, the browsing screens show the demo's events, a
 * LIVE one among them, and clips that play; a moment tagged at the live event with the network off arrives once, with
 * the time of the tap; and 'Make my highlight' there names the moments left out and opens the editor with the demo's
 * clips. Rendering, sharing and revoking are share-journey.spec.ts's; that the seeded files are real, playable videos
 * is server/test/demo.test.ts's.
 */
import { expect, test as base, type Page } from '@playwright/test';
import { call } from '../support/clips';
import { startServer, type RunningServer } from '../support/server';
import { storedToken } from '../support/session';

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

test('the demo as a new user tries it: a LIVE event, clips that play, a moment tagged offline at the live event, and Make my highlight there', async ({
  page,
  context,
}) => {
  // Seeding makes 40 real clips with ffmpeg in the background; on a busy CI machine that takes a while.
  test.setTimeout(240_000);
  await signInAsDemoCoach(page);
  const token = await storedToken(page);

  await test.step('Current & Upcoming: a LIVE event and the next 7 days', async () => {
    await page.goto('/event/upcoming');
    const live = page.getByRole('list', { name: 'Live now' });
    await expect(live.getByText('LIVE').first()).toBeVisible();
    await expect(page.getByRole('list', { name: 'Next 7 days' }).getByRole('listitem').first()).toBeVisible();
  });

  await test.step('My Clips: an event with clips, and a clip that plays', async () => {
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

  const [event] = await call<Array<{ id: string; name: string; location: { latitude: number; longitude: number } }>>(
    page.request,
    'GET',
    '/api/v1/events?timeFilter=current',
    token,
  );
  expect(event, 'the demo has a live event').toBeDefined();

  await test.step('at the live event with the network off: the tag waits, and after a reload arrives once with the time of the tap', async () => {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: event!.location.latitude, longitude: event!.location.longitude, accuracy: 10 });
    await page.goto('/tags/add');
    await page
      .getByRole('button', { name: new RegExp(escapeRegExp(event!.name)) })
      .first()
      .click();
    await page.getByLabel('Description (optional)').fill('Demo goal');

    await context.setOffline(true);
    const before = Date.now();
    await page.getByRole('button', { name: 'TAG NOW' }).click();
    const tappedBy = Date.now();
    await expect(page.getByText('Waiting to send', { exact: true })).toBeVisible();

    await context.setOffline(false);
    await page.reload();
    const mine = async () =>
      (
        await call<Array<{ timestamp: string; metadata: { description: string | null } }>>(
          page.request,
          'GET',
          '/api/v1/tags?limit=100',
          token,
        )
      ).filter((t) => t.metadata.description === 'Demo goal');
    await expect.poll(async () => (await mine()).length, { timeout: 15_000 }).toBe(1);
    const [tag] = await mine();
    expect(Date.parse(tag!.timestamp)).toBeGreaterThanOrEqual(before - 2_000);
    expect(Date.parse(tag!.timestamp)).toBeLessThanOrEqual(tappedBy + 2_000);
  });

  await test.step("Make my highlight at the live event: the moments left out are named, then the editor opens with the demo's clips", async () => {
    // The seeder makes the clips in the background: wait until the demo's moments there have some.
    await expect(async () => {
      const view = await call<{ tags: Array<{ clips: { items: unknown[] } }> }>(
        page.request,
        'GET',
        `/api/v1/tags/clips/${event!.id}?limit=250`,
        token,
      );
      expect(view.tags.some((t) => t.clips.items.length > 0)).toBe(true);
    }).toPass({ timeout: 150_000, intervals: [2_000] });

    await page.goto(`/tags/by-event/${event!.id}`);
    await page.getByRole('button', { name: 'Make my highlight' }).click();
    // The demo tagged a moment between two clips, over 30 s from both: it is named before the editor opens.
    const leftOut = page.getByRole('alert').filter({ hasText: 'Not every moment is in this highlight' });
    await expect(leftOut).toContainText(/\d+ moments? had no clip nearby/);
    await leftOut.getByRole('button', { name: 'Open the editor' }).click();
    await page.waitForURL((url) => /^\/editor\/[0-9a-f-]{36}$/.test(url.pathname));
    await expect(page.getByRole('heading', { level: 1, name: event!.name })).toBeVisible();
    await expect(page.getByLabel('In point (seconds) of clip 1')).toBeVisible();
  });
});

async function signInAsDemoCoach(page: Page) {
  await page.goto('/');
  await page.waitForURL('**/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/idp\/authorize/);
  await page.getByRole('button', { name: 'Continue as the demo coach' }).click();
  await page.waitForURL((url) => url.pathname === '/' && url.search === '');
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

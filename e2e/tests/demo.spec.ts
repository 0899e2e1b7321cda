/**
 * The first thing a new user tries: a fresh data directory started like `npm start`
 * seeds the demo in the background, the stand-in sign-in page offers the demo coach, the browsing screens show
 * the demo's events, a LIVE one among them, and clips that play; and a moment tagged at the live event with the
 * network off arrives once, with the time of the tap. Then 'Make my highlight' at the live demo event,
 * Render, share the link, open it without an account at 390 px (it plays, with a preview card in the page's
 * metadata), revoke it, and it stops.
 */
import { expect, test as base, type Page } from '@playwright/test';
import { call } from '../support/clips';
import { expectPlayable } from '../support/highlights';
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

test('Continue as the demo coach shows the demo: a LIVE event, events with clips, a clip that plays', async ({ page }) => {
  // Seeding makes 40 real clips with ffmpeg in the background; on a busy CI machine that takes a while.
  test.setTimeout(180_000);
  await signInAsDemoCoach(page);

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

test('a new user tags a moment at the live demo event with the network off, reloads, and the tag arrives once with the time of the tap', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await signInAsDemoCoach(page);
  const token = await storedToken(page);

  // Standing at the live demo event's venue.
  const live = await call<Array<{ id: string; name: string; location: { latitude: number; longitude: number } }>>(
    page.request,
    'GET',
    '/api/v1/events?timeFilter=current',
    token,
  );
  expect(live.length, 'the demo has a live event').toBeGreaterThan(0);
  const event = live[0]!;
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: event.location.latitude, longitude: event.location.longitude, accuracy: 10 });

  await page.goto('/tags/add');
  await page
    .getByRole('button', { name: new RegExp(escapeRegExp(event.name)) })
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
  await page.waitForTimeout(1500); // room for a second send, were there one
  const [tag] = await mine();
  expect(await mine()).toHaveLength(1);
  expect(Date.parse(tag!.timestamp)).toBeGreaterThanOrEqual(before - 2_000);
  expect(Date.parse(tag!.timestamp)).toBeLessThanOrEqual(tappedBy + 2_000);
});

test("a parent makes a highlight of the demo's live event from its tags, shares it, and revokes the link", async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await signInAsDemoCoach(page);
  const token = await storedToken(page);
  const [event] = await call<Array<{ id: string; name: string }>>(
    page.request,
    'GET',
    '/api/v1/events?timeFilter=current',
    token,
  );
  expect(event, 'the demo has a live event').toBeDefined();

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
  await expect(page.getByLabel('In point (seconds) of clip 1')).toBeVisible();
  await page.getByLabel('Highlight title').fill('Demo goals for Grandma');
  await page.getByRole('button', { name: 'Render' }).click();

  await page.waitForURL((url) => url.pathname === '/highlights/view');
  const row = page.getByRole('list', { name: 'Highlights' }).getByRole('link', { name: /Demo goals for Grandma/ });
  await expect(row).not.toContainText('Processing', { timeout: 150_000 });
  await expect(row).not.toContainText('Failed');
  await row.click();
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Share highlight' });
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const link = await dialog.getByRole('textbox', { name: 'Share link' }).inputValue();
  expect(link).toMatch(/\/s\/[A-Za-z0-9_-]{24}$/);

  // A private window on a phone: the preview card's tags, and it plays.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const guest = await phone.newPage();
  expect((await guest.goto(link))?.status()).toBe(200);
  await expect(guest.getByRole('heading', { level: 1, name: 'Demo goals for Grandma' })).toBeVisible();
  for (const key of ['og:title', 'og:description', 'og:image', 'og:video', 'twitter:card']) {
    expect(await guest.locator(`meta[property="${key}"], meta[name="${key}"]`).first().getAttribute('content'), key).toBeTruthy();
  }
  await expectPlayable(guest);

  // Revoked: the link says so, and the video is gone.
  await dialog.getByRole('list', { name: 'Links to this highlight' }).getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('dialog', { name: 'Revoke this link?' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(dialog.getByRole('list', { name: 'Links to this highlight' })).toContainText('Revoked');
  expect((await guest.reload())?.status()).toBe(410);
  await expect(guest.getByRole('heading', { level: 1, name: 'This link no longer works' })).toBeVisible();
  await phone.close();
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

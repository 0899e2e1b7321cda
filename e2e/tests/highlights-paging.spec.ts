/**
 * My Highlights past one page, and a download that fails (docs/product/part-2.md §2 "Highlights list", §8
 * "Highlights"), against the real local API, in one path: a user with more highlights than a page holds sees the
 * newest first and 'Load More Highlights' reaches the oldest, the count being all of them; the oldest's download,
 * its signed URL refused or unreachable, says 'Failed to download video. Please try again.' The highlights are
 * written into the test server's database (e2e/support/highlightSeeding.ts): a hundred renders would take minutes.
 */
import type { Page } from '@playwright/test';
import { signInAs, signInOverHttp } from '../support/auth';
import { createEventViaApi } from '../support/clips';
import { HOUR } from '../support/events';
import { expect, test, uniqueEmail } from '../support/fixtures';
import { seedRenderedHighlights } from '../support/highlightSeeding';

const TOTAL = 105;
const PAGE = 50;
const TITLE = 'Seeded highlight';
const DOWNLOAD_FAILED = 'Failed to download video. Please try again.';

/** A user with `count` ready highlights at one event; 'Seeded highlight 1' is the newest. */
async function userWithHighlights(page: Page, server: Parameters<typeof seedRenderedHighlights>[0], count: number) {
  const email = uniqueEmail('many.highlights');
  // An admin, so the same user can make the event.
  const { token, user } = await signInOverHttp(page.request, email, { admin: true });
  const start = Date.now() - 3 * HOUR;
  const event = await createEventViaApi(page.request, token, {
    name: `Paging Final ${Date.now().toString(36)}`,
    venue: 'Fenway',
    startTime: new Date(start).toISOString(),
    endTime: new Date(start + 2 * HOUR).toISOString(),
  });
  await seedRenderedHighlights(server, {
    userId: user.id,
    eventId: event.id,
    count,
    newestAt: new Date(),
    titlePrefix: TITLE,
  });
  return email;
}

const rows = (page: Page) => page.getByRole('main').getByRole('list', { name: 'Highlights', exact: true }).getByRole('listitem');
const rowTitles = (page: Page) => rows(page).locator('.MuiListItemText-primary').allTextContents();
const titles = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `${TITLE} ${from + i}`);

test("past one page: newest first, Load More Highlights reaches the oldest, the count is all of them; the oldest's download fails, says 'Failed to download video. Please try again.', and succeeds once answered", async ({
  page,
  server,
}) => {
  test.setTimeout(180_000);
  const email = await userWithHighlights(page, server, TOTAL);
  const asked: number[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/v1/highlights') asked.push(Number(url.searchParams.get('page')));
  });
  await signInAs(page, { email, path: '/highlights/view' });

  await expect(page.getByRole('heading', { level: 1, name: 'My Highlights' })).toBeVisible();
  await expect(rows(page)).toHaveCount(PAGE);
  await expect(page.getByText(`${TOTAL} highlights`, { exact: true })).toBeVisible();
  expect(await rowTitles(page)).toEqual(titles(1, PAGE));

  const more = page.getByRole('button', { name: 'Load More Highlights' });
  await more.click();
  await expect(rows(page)).toHaveCount(2 * PAGE);
  await more.click();
  await expect(rows(page)).toHaveCount(TOTAL);
  expect(await rowTitles(page)).toEqual(titles(1, TOTAL));
  await expect(more).toHaveCount(0);
  await expect(page.getByText(`${TOTAL} highlights`, { exact: true })).toBeVisible();
  expect(asked).toEqual([1, 2, 3]);

  // The oldest opens the viewer like any other row.
  await rows(page).last().getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: `${TITLE} ${TOTAL}` })).toBeVisible();
  const download = page.getByRole('button', { name: 'Download' });
  await expect(download).toBeEnabled();

  // A download whose signed URL is refused or cannot be reached says so; answered again, the browser saves it.
  const saved: string[] = [];
  page.on('download', (file) => saved.push(file.suggestedFilename()));
  const media = '**/media/highlights/*/download?**';

  // The signature refused (as an expired one is).
  await page.route(media, (route) =>
    route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, error: 'Media URL expired', code: 'MEDIA_URL_EXPIRED' }),
    }),
  );
  await download.click();
  const alert = page.getByRole('alert').filter({ hasText: DOWNLOAD_FAILED });
  await expect(alert).toBeVisible();
  await expect(download).toBeEnabled();
  await alert.getByRole('button', { name: 'Close' }).click();
  await expect(alert).toHaveCount(0);

  // No connection when the file is asked for.
  await page.unroute(media);
  await page.route(media, (route) => route.abort('internetdisconnected'));
  await download.click();
  await expect(alert).toBeVisible();
  expect(saved).toEqual([]);

  // Answered again: the browser saves the file under the server's name, and no alert stays.
  await page.unroute(media);
  await alert.getByRole('button', { name: 'Close' }).click();
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toBe(`seeded_highlight_${TOTAL}.mp4`);
  await expect(alert).toHaveCount(0);
});

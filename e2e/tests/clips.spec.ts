/**
 * My Clips, Clips of an event and Unassociated clips (docs/product/part-2.md §2) against the real local
 * API, at desktop and 390 px. Clips are uploaded through the API (the Upload screen has its own spec), except in
 * the cross-tab test, where the upload queue of one tab must refresh My Clips in another. The event is at
 * Fenway Park (New York time) and the browser on Chicago time, so event times name their zone.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test, uniqueEmail } from '../support/fixtures';
import { signInAs } from '../support/auth';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { createEventViaApi, makePhoneClip, uploadClipViaApi } from '../support/clips';
import { adminToken, storedToken } from '../support/session';
import { goViaMenu, waitForScreen } from '../support/shell';

/** 7:00 PM EDT on 4 July 2026 at Fenway Park; clip n is recorded n minutes later. */
const EVENT_START = '2026-07-04T23:00:00.000Z';
const recordedAt = (minute: number) => `2026-07-04T23:${String(minute).padStart(2, '0')}:00.000Z`;
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

let dir = '';
let video = '';

// Once per worker: one 2-second phone clip (a few KB), uploaded as many times as a test needs.
test.beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'courtside-clips-'));
  video = makePhoneClip(dir, 'phone.mp4', { seconds: 2 });
});

test.afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A name no other test uses (a worker's server is shared). */
const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function expectAccessible(page: Page) {
  await page.mouse.move(0, 0); // no hovered button (its hover colour is the theme's business, reported before)
  await expectNoSeriousA11yViolations(page);
}

async function expectNoSideways(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'nothing wider than the screen').toBeLessThanOrEqual(0);
}

/**
 * Each card keeps its content inside it (narrow on a phone in two columns): no text wider than the card, the
 * duration badge whole and inside the thumbnail, and the title on at most a few lines.
 */
async function expectCardsUsable(cards: Locator) {
  for (const card of await cards.all()) {
    const name = await card.getAttribute('aria-label');
    const overflowing = await card.evaluate((article) =>
      [article, ...Array.from(article.querySelectorAll<HTMLElement>('*'))]
        .filter((el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflow !== 'hidden')
        .map((el) => el.tagName + (el.textContent ? `: ${el.textContent.slice(0, 40)}` : '')),
    );
    expect(overflowing, `nothing overflows the card ${name}`).toEqual([]);
    const cardBox = (await card.boundingBox())!;
    const thumbnail = (await card.locator('img').boundingBox())!;
    const badge = card.getByLabel(/^Duration /);
    await expect(badge).toBeVisible();
    const badgeBox = (await badge.boundingBox())!;
    expect(badgeBox.x, `the duration badge of ${name} inside its thumbnail`).toBeGreaterThanOrEqual(thumbnail.x);
    expect(badgeBox.x + badgeBox.width).toBeLessThanOrEqual(thumbnail.x + thumbnail.width);
    expect(badgeBox.y + badgeBox.height).toBeLessThanOrEqual(thumbnail.y + thumbnail.height);
    expect(badgeBox.width, 'the badge wide enough for m:ss on one line').toBeLessThan(thumbnail.width / 2);
    const title = (await card.getByRole('heading', { level: 3 }).boundingBox())!;
    expect(title.x + title.width, `the title of ${name} inside its card`).toBeLessThanOrEqual(cardBox.x + cardBox.width);
    expect(title.height, `the title of ${name} on at most three lines`).toBeLessThan(3.5 * 28);
  }
}

/** The left edges of the first `n` items: equal in one column, different side by side. */
async function lefts(items: Locator, n: number): Promise<number[]> {
  const xs: number[] = [];
  for (let i = 0; i < n; i += 1) xs.push(Math.round((await items.nth(i).boundingBox())!.x));
  return xs;
}

test.describe('Clips', () => {
  test('three clips at an event and three without: My Clips counts them, the event page plays them, Unassociated Clips shows two columns @phone', async ({
    page,
    baseURL,
    request,
    isMobile,
  }) => {
    test.setTimeout(90_000);
    const admin = await adminToken(baseURL!, uniqueEmail('clips-admin'));
    const event = await createEventViaApi(request, admin, {
      name: unique('Clips Cup'),
      venue: 'Fenway',
      startTime: EVENT_START,
      endTime: '2026-07-05T02:00:00.000Z',
    });
    expect(event.timezone).toBe('America/New_York');

    await signInAs(page, { email: uniqueEmail('clipper') });
    const token = await storedToken(page);
    for (const minute of range(1, 3)) {
      await uploadClipViaApi(request, token, video, { eventId: event.id, recordedAt: recordedAt(minute) });
    }

    // My Clips, from the menu: the event with its 3 clips, venue and start on the venue's clock.
    await goViaMenu(page, isMobile, 'My Clips', '/clips/list');
    await expect(page.getByRole('heading', { name: 'My Clips', level: 1 })).toBeVisible();
    const row = page.getByRole('list', { name: 'Events with clips' }).getByRole('link', { name: new RegExp(event.name) });
    await expect(row).toContainText('3 clips');
    await expect(row).toContainText('Fenway Park · Jul 4, 2026, 7:00 PM EDT');
    await expect(page.getByRole('link', { name: /Unassociated Clips/ })).toHaveCount(0);
    await expectNoSideways(page);
    await expectAccessible(page);

    // Its page, with the header My Clips sent along.
    await row.click();
    await page.waitForURL((url) => url.pathname === `/clips/event/${event.id}`);
    await expect(page.getByRole('heading', { name: event.name, level: 1 })).toBeVisible();
    await expect(page.getByText('Fenway Park · Jul 4, 2026, 7:00 PM EDT · 3 clips')).toBeVisible();
    const grid = page.getByRole('list', { name: 'Clips of this event' });
    await expect(grid.getByRole('listitem')).toHaveCount(3);
    const first = grid.getByRole('article', { name: 'Jul 4, 2026, 7:01 PM EDT' });
    await expect(first.getByLabel('Duration 0:02')).toBeVisible();
    await expect(first).toContainText('Device: Apple iPhone 15 Pro');
    await expect(first.locator('img')).toHaveAttribute('loading', 'lazy');
    await expect(grid.getByRole('article', { name: 'Jul 4, 2026, 7:03 PM EDT' })).toBeVisible();
    const columns = new Set(await lefts(grid.getByRole('listitem'), 3));
    expect(columns.size, isMobile ? 'one column on a phone' : 'side by side on a desktop').toBe(isMobile ? 1 : 3);
    await expectNoSideways(page);
    await expectAccessible(page);

    // A click plays the clip in place; at its end the thumbnail is back.
    const played = page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          document.addEventListener('playing', () => resolve('playing'), { capture: true, once: true });
          document.addEventListener('error', () => resolve('error'), { capture: true, once: true });
        }),
    );
    await first.getByRole('button').click();
    await expect(first.locator('video')).toBeVisible();
    expect(await played).toBe('playing');
    await expect(first.locator('video')).toHaveCount(0, { timeout: 10_000 });
    await expect(first.locator('img')).toBeVisible();

    // Playing again and pressing Escape returns to the thumbnail, the focus on the card.
    await first.getByRole('button').click();
    const player = first.locator('video');
    await expect(player).toBeFocused();
    await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(2);
    await page.keyboard.press('Escape');
    await expect(player).toHaveCount(0);
    await expect(first.getByRole('button')).toBeFocused();

    // Paging past 12 clips and the header of a deep link are EventClipsScreen.test.tsx's.
    await page.getByRole('link', { name: 'Back to My Clips' }).click();
    await page.waitForURL((url) => url.pathname === '/clips');
    await expect(row).toContainText('3 clips');

    // Three clips without an event: a deep link to My Clips lists them under Unassociated Clips.
    for (const minute of range(1, 3)) await uploadClipViaApi(request, token, video, { recordedAt: recordedAt(minute) });
    await page.goto('/clips');
    const entry = page.getByRole('link', { name: /Unassociated Clips/ });
    await expect(entry).toContainText('3 clips');
    await expectAccessible(page);

    await entry.click();
    await page.waitForURL((url) => url.pathname === '/clips/unassociated');
    await expect(page.getByRole('heading', { name: 'Unassociated Clips', level: 1 })).toBeVisible();
    await expect(page.getByText('3 clips not linked to any event')).toBeVisible();
    const looseGrid = page.getByRole('list', { name: 'Clips without an event' });
    await expect(looseGrid.getByRole('listitem')).toHaveCount(3);
    // Newest first; no venue, so the device's clock (Chicago), without a zone name.
    await expect(looseGrid.getByRole('article').first()).toHaveAccessibleName('Jul 4, 2026, 6:03 PM');
    // Exactly two columns at every width (§2 "2-column grid"): side by side, and the third starts the second row.
    const [a, b, c] = await lefts(looseGrid.getByRole('listitem'), 3);
    expect(a, `two columns ${isMobile ? 'on a phone' : 'on a desktop'}`).not.toBe(b);
    expect(c, 'the third starts the second row').toBe(a);
    await expectNoSideways(page);
    await expectCardsUsable(looseGrid.getByRole('article'));
    await expectAccessible(page);

    // A deep link works as well, and the back link leads to My Clips.
    await page.goto('/clips/unassociated');
    await expect(looseGrid.getByRole('listitem')).toHaveCount(3);
    await page.getByRole('link', { name: 'Back to My Clips' }).click();
    await page.waitForURL((url) => url.pathname === '/clips');
  });

  test('an upload finished by the queue of one tab shows in My Clips of another tab within a second', async ({
    page,
    context,
    request,
  }) => {
    await signInAs(page, { email: uniqueEmail('two-tabs') });
    const token = await storedToken(page);
    await uploadClipViaApi(request, token, video, { recordedAt: recordedAt(1) });

    const other = await context.newPage();
    await other.goto('/clips');
    await waitForScreen(other); // a new tab's first load
    const entry = other.getByRole('link', { name: /Unassociated Clips/ });
    await expect(entry).toContainText('1 clip');

    // The first tab uploads through the Upload screen (no event: the clip is unassociated).
    await page.goto('/clips/upload');
    await page.getByLabel('Select video files', { exact: true }).setInputFiles(video);
    await page.getByRole('button', { name: 'Upload Files' }).click();
    const file = page.getByRole('list', { name: 'Selected files' }).getByRole('listitem', { name: 'phone.mp4' });
    await expect(file.getByText('Completed', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(entry).toContainText('2 clips', { timeout: 1_500 });
  });
});

/**
 * All My Tags, My Tagged Events and Event tags (docs/product/part-2.md §2) against the real local API, at
 * desktop and 390 px. Tags and the clip are made through the API (Tag Moments has its own spec). The event is at
 * Fenway Park (New York time) and the browser on Chicago time, so venue times name their zone.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { signInAs } from '../support/auth';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { createEventViaApi, makePhoneClip, uploadClipViaApi } from '../support/clips';
import { expect, test, uniqueEmail } from '../support/fixtures';
import { adminToken, storedToken } from '../support/session';
import { goViaMenu } from '../support/shell';
import { createTagViaApi } from '../support/tags';

/** 7:00 PM EDT on 4 July 2026 at Fenway Park. */
const EVENT_START = '2026-07-04T23:00:00.000Z';
/** The clip: 30 s from 7:10:00 PM EDT. */
const CLIP_START = '2026-07-04T23:10:00.000Z';
/** The moment it shows: 12 s into it. */
const MATCHED_TAG = '2026-07-04T23:10:12.000Z';
const TAG_COUNT = 35;
/** The other tags, a minute apart from 7:20 PM EDT on, none near the clip. */
const laterTag = (n: number) => new Date(Date.parse('2026-07-04T23:20:00.000Z') + n * 60_000).toISOString();

let dir = '';
let video = '';

test.beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'courtside-tags-'));
  // The recording time comes from the file itself, as from a phone.
  video = makePhoneClip(dir, 'moment.mp4', { seconds: 30, creationTime: CLIP_START });
});

test.afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function expectAccessible(page: Page) {
  await page.mouse.move(0, 0);
  await expectNoSeriousA11yViolations(page);
}

async function expectNoSideways(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'nothing wider than the screen').toBeLessThanOrEqual(0);
}

/** The tag rows of All My Tags: the items of every event's list of tags. */
const tagRows = (page: Page) => page.getByRole('list', { name: /^Tags at / }).getByRole('listitem');

/** Scrolls so the bottom of the viewport is at `share` of the page (one scroll event; content added below stays below). */
function scrollToShare(page: Page, share: number) {
  return page.evaluate((s) => {
    const height = document.documentElement.scrollHeight;
    window.scrollTo(0, Math.max(0, height * s - window.innerHeight));
  }, share);
}

test.describe('Tags', () => {
  test('35 tags: All My Tags pages 20, scroll, Load More; Event tags shows the moment in its clip; My Tagged Events counts @phone', async ({
    page,
    baseURL,
    request,
    isMobile,
  }) => {
    test.setTimeout(120_000);
    const admin = await adminToken(baseURL!, uniqueEmail('tags-admin'));
    const event = await createEventViaApi(request, admin, {
      name: unique('Tag Cup'),
      venue: 'Fenway',
      startTime: EVENT_START,
      endTime: '2026-07-05T02:00:00.000Z',
    });
    expect(event.timezone).toBe('America/New_York');

    await signInAs(page, { email: uniqueEmail('tagger') });
    const token = await storedToken(page);
    const clip = await uploadClipViaApi(request, token, video, { eventId: event.id });
    expect(clip.timestamp).toBe(CLIP_START);
    await createTagViaApi(request, token, { eventId: event.id, timestamp: MATCHED_TAG, description: 'Corner kick' });
    for (let n = 1; n < TAG_COUNT; n += 1) {
      await createTagViaApi(request, token, { eventId: event.id, timestamp: laterTag(n), description: `Moment ${n}` });
    }

    // All My Tags, from the menu: the first 20 (newest first), under the event's header.
    await goViaMenu(page, isMobile, 'All My Tags', '/tags/all');
    await expect(page.getByRole('heading', { name: 'All My Tags', level: 1 })).toBeVisible();
    await expect(page.getByText(`${TAG_COUNT} tags, grouped by the event you tagged them at.`)).toBeVisible();
    await expect(tagRows(page)).toHaveCount(20);
    await expect(tagRows(page).first()).toContainText(`Moment ${TAG_COUNT - 1}`);
    await expectNoSideways(page);
    await expectAccessible(page);

    // Scrolling past about 67 % of the page loads 10 more.
    await scrollToShare(page, 0.75);
    await expect(tagRows(page)).toHaveCount(30);
    // 'Load More Tags' the rest; every tag once. Pressed where it is: scrolling down to it (as a click does first)
    // would load the page by itself, which is the infinite scroll, not the button.
    await page.getByRole('button', { name: 'Load More Tags' }).dispatchEvent('click');
    await expect(tagRows(page)).toHaveCount(TAG_COUNT);
    await expect(page.getByRole('button', { name: 'Load More Tags' })).toHaveCount(0);
    const texts = await tagRows(page).allTextContents();
    expect(new Set(texts).size, 'no tag shown twice').toBe(TAG_COUNT);
    // The oldest, the one in the clip, last, on the venue's clock (Boston), named as it is not this device's.
    await expect(tagRows(page).last()).toContainText('Corner kick');
    await expect(tagRows(page).last()).toContainText('Jul 4, 2026, 7:10 PM EDT · 1 clip');
    await expectAccessible(page);

    // The event's header opens its tags, with the header at once.
    await page.getByRole('link', { name: new RegExp(event.name) }).click();
    await page.waitForURL((url) => url.pathname === `/tags/by-event/${event.id}`);
    await expect(page.getByRole('heading', { name: event.name, level: 1 })).toBeVisible();
    await expect(page.getByText(`Fenway Park · Jul 4, 2026, 7:00 PM EDT · ${TAG_COUNT} tags`)).toBeVisible();
    const matched = page.getByRole('region', { name: 'Jul 4, 2026, 7:10 PM EDT' });
    await expect(matched).toContainText('Corner kick');
    const card = matched.getByRole('article');
    await expect(card).toHaveCount(1);
    await expect(card).toHaveAccessibleName('Jul 4, 2026, 7:10 PM EDT');
    await expect(card.getByLabel('Duration 0:30')).toBeVisible();
    await expect(card).toContainText('Tagged moment at 0:12 of 0:30');
    await expect(card).toContainText(`Clip ${clip.id.slice(0, 8)}`);
    // A moment without clips says what would bring them.
    const lonely = page.getByRole('region', { name: 'Jul 4, 2026, 7:21 PM EDT' });
    await expect(lonely).toContainText('No clips of this moment yet');
    await expect(lonely.getByRole('link', { name: 'Upload Clips' })).toHaveAttribute('href', '/clips/upload');
    await expectNoSideways(page);
    await expectAccessible(page);

    // The clip plays from 5 s before the moment (0:07), not from its start.
    await card.getByRole('button').click();
    const player = card.locator('video');
    await expect(player).toBeVisible();
    await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
    const at = await player.evaluate((v: HTMLVideoElement) => v.currentTime);
    expect(at, 'starts a few seconds before the moment').toBeGreaterThanOrEqual(6.5);
    expect(at).toBeLessThan(12);
    await page.keyboard.press('Escape');
    await expect(player).toHaveCount(0);

    // Back to My Tagged Events: the event with its count.
    await page.getByRole('link', { name: 'Back to My Tagged Events' }).click();
    await page.waitForURL((url) => url.pathname === '/tags/by-event');
    await expect(page.getByRole('heading', { name: 'My Tagged Events', level: 1 })).toBeVisible();
    const row = page.getByRole('list', { name: 'Tagged events' }).getByRole('link', { name: new RegExp(event.name) });
    await expect(row).toContainText(`${TAG_COUNT} tags`);
    await expect(row).toContainText('Fenway Park · Jul 4, 2026, 7:00 PM EDT');
    await expectNoSideways(page);
    await expectAccessible(page);
    await row.click();
    await page.waitForURL((url) => url.pathname === `/tags/by-event/${event.id}`);
    await expect(page.getByRole('region', { name: 'Jul 4, 2026, 7:10 PM EDT' }).getByRole('article')).toHaveCount(1);

    // A deep link (no navigation state) works: the header from the API.
    await page.goto(`/tags/by-event/${event.id}`);
    await expect(page.getByRole('heading', { name: event.name, level: 1 })).toBeVisible();
    await expect(page.getByText(`Fenway Park · Jul 4, 2026, 7:00 PM EDT · ${TAG_COUNT} tags`)).toBeVisible();
    await expect(page.getByRole('region')).toHaveCount(TAG_COUNT);
  });
});

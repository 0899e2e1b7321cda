/**
 * Highlight creation's tags (docs/product/part-2.md §7, §8, §9) against the real local API, at desktop and 390 px:
 * more than the first load's 200 tags come 50 a page as the list is scrolled, on the real layout of the virtual list.
 * A failed tags call, said with a Retry while the clips stay usable, is HighlightCreationTags.test.tsx's.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { signInAs, signInOverHttp } from '../support/auth';
import { createEventViaApi, makePhoneClip, uploadClipViaApi } from '../support/clips';
import { expect, test, uniqueEmail } from '../support/fixtures';
import { seedTags } from '../support/highlightTags';
import { adminToken } from '../support/session';

const EVENT_START = Date.parse('2026-07-04T16:00:00.000Z');
/** Tag n (1-based) is n minutes into the event: a clip within 30 s of one tag is near no other. */
const tagTime = (n: number) => new Date(EVENT_START + n * 60_000).toISOString();
const TAGS = 240;
/** Near tag 239, on the second page (tags 201–240). */
const LATE_TAG = 239;
/** Near tag 1, on the first page. */
const EARLY_TAG = 1;

let dir = '';
let lateVideo = '';
let earlyVideo = '';
let farVideo = '';

test.beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'courtside-hl-tags-'));
  lateVideo = makePhoneClip(dir, 'late.mp4', { seconds: 10 });
  earlyVideo = makePhoneClip(dir, 'early.mp4', { seconds: 10 });
  farVideo = makePhoneClip(dir, 'far.mp4', { seconds: 5 });
});

test.afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
/** 5 s before the tag: the clip holds the moment. */
const clipNear = (n: number) => new Date(Date.parse(tagTime(n)) - 5_000).toISOString();

async function scrollToBottom(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
}

/** The list is virtualized around the screen: its end is rendered once scrolled to (it may grow as rows measure). */
async function expectAtBottom(page: Page, text: string) {
  await expect(async () => {
    await scrollToBottom(page);
    await expect(page.getByText(text, { exact: true })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

test('an event with more than 200 tags: scrolling loads the rest, 50 a page, and the count says so', async ({
  page,
  baseURL,
  request,
  server,
}) => {
  test.setTimeout(90_000);
  const admin = await adminToken(baseURL!, uniqueEmail('hl-tags-admin'));
  const event = await createEventViaApi(request, admin, {
    name: unique('Many Moments Cup'),
    venue: 'Fenway',
    startTime: new Date(EVENT_START).toISOString(),
    endTime: new Date(EVENT_START + 5 * 3_600_000).toISOString(),
  });
  const email = uniqueEmail('hl-tags');
  const { token, user } = await signInOverHttp(request, email);
  await seedTags(server, {
    userId: user.id,
    eventId: event.id,
    timestamps: Array.from({ length: TAGS }, (_, i) => tagTime(i + 1)),
  });
  await uploadClipViaApi(request, token, earlyVideo, { eventId: event.id, recordedAt: clipNear(EARLY_TAG) });
  await uploadClipViaApi(request, token, lateVideo, { eventId: event.id, recordedAt: clipNear(LATE_TAG) });
  // An hour after the last tag: an additional clip whatever tags are loaded.
  await uploadClipViaApi(request, token, farVideo, { eventId: event.id, recordedAt: tagTime(TAGS + 60) });

  // The second page of tags waits until the test has seen the screen without it.
  const later: string[] = [];
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === `/api/v1/tags/event/${event.id}` && url.searchParams.get('page') !== '1',
    async (route) => {
      later.push(route.request().url());
      await held;
      await route.continue();
    },
  );

  await signInAs(page, { email });
  await page.goto(`/highlights/create/${event.id}`);
  await expect(page.getByRole('heading', { name: event.name, level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /^Tag 1 - / })).toBeVisible();
  // The early clip is under Tag 1.
  await expect(page.getByRole('checkbox', { name: /^Select clip/ }).first()).toBeVisible();
  // At the top of the list no later page is asked for (the list's paging waits 150 ms after it renders rows).
  await page.waitForTimeout(1_000);
  expect(later).toHaveLength(0);

  // At the end of the list: the first 200 of 240, the next 50 asked for (from offset 200: page 5 of 50).
  await expectAtBottom(page, 'Tags shown: 200 of 240');
  await expect(page.getByText('Showing 2 of 2 additional clips (excluding clips shown in tags)')).toBeVisible();
  await expect.poll(() => later.length).toBe(1);
  const asked = new URL(later[0]!).searchParams;
  expect([asked.get('page'), asked.get('limit'), asked.get('clipLimit')]).toEqual(['5', '50', '300']);
  await page.getByText('Tags shown: 200 of 240', { exact: true }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('status').filter({ hasText: 'Loading more tags...' })).toBeVisible();

  release();
  await expectAtBottom(page, 'Tags shown: 240');
  // The list is virtual: the last tag's row exists while the list's end is in view.
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^Tag ${TAGS} - `) })).toBeAttached();
  // The late clip moved under its tag, out of Additional Clips.
  await expect(page.getByText('Showing 1 of 1 additional clips (excluding clips shown in tags)')).toBeVisible();
  await expect(page.getByText('Loading more tags...')).toHaveCount(0);
  const lateHeading = page.getByRole('heading', { level: 2, name: new RegExp(`^Tag ${LATE_TAG} - `) });
  await expect(async () => {
    await page.mouse.wheel(0, -300);
    await expect(lateHeading).toBeInViewport({ timeout: 500 });
  }).toPass({ timeout: 20_000 });
  // Its card is selectable there.
  const lateCard = page.getByRole('article').filter({ hasText: 'Tagged moment at 0:05 of 0:10' }).last();
  await lateCard.getByRole('checkbox', { name: /^Select clip/ }).check();
  await expect(page.getByText('1 clip selected for highlight')).toBeAttached();
  // 240 in all: no page after the second.
  expect(later).toHaveLength(1);
});

/**
 * The whole highlight journey in one path, at desktop and 390 px, against the real local API and its
 * render worker: a tagged moment and a clip filmed at it → Highlight creation shows the clip under 'Tag 1' → select →
 * Edit Highlight → the editor (no token in the address), trims around the moment → Render → back on My Highlights
 * with Processing → playable → the viewer plays and seeks → Download is an H.264 MP4 → a deep link in a new tab plays.
 * Each screen's own details are in its spec (highlight-create, editor, highlights-view).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { signInAs } from '../support/auth';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { createEventViaApi, makePhoneClip, uploadClipViaApi } from '../support/clips';
import { expect, test, uniqueEmail } from '../support/fixtures';
import { expectPlayable, videoCodecOf } from '../support/highlights';
import { adminToken, storedToken } from '../support/session';
import { createTagViaApi } from '../support/tags';

const EVENT_START = '2026-07-04T23:00:00.000Z';
const CLIP_START = '2026-07-04T23:10:00.000Z';
/** 12 s into the 20 s clip: the editor's default trim is 4 s → 16 s (8 s before, 4 s after). */
const MOMENT = '2026-07-04T23:10:12.000Z';

let dir = '';
let video = '';

test.beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'courtside-journey-'));
  video = makePhoneClip(dir, 'goal.mp4', { seconds: 20, creationTime: CLIP_START });
});

test.afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function expectAccessible(page: Page) {
  await page.mouse.move(0, 0);
  await expectNoSeriousA11yViolations(page);
}

test('tag, clip, select under Tag 1, edit, render, watch, seek, download, deep link @phone', async ({
  page,
  baseURL,
  request,
  isMobile,
}) => {
  test.setTimeout(240_000);
  const admin = await adminToken(baseURL!, uniqueEmail('journey-admin'));
  const event = await createEventViaApi(request, admin, {
    name: `Journey Cup ${Date.now().toString(36)}`,
    venue: 'Fenway',
    startTime: EVENT_START,
    endTime: '2026-07-05T02:00:00.000Z',
    sport: 'Soccer',
  });
  await signInAs(page, { email: uniqueEmail('journey') });
  const token = await storedToken(page);
  await createTagViaApi(request, token, { eventId: event.id, timestamp: MOMENT, description: 'Goal' });
  await uploadClipViaApi(request, token, video, { eventId: event.id });

  // Highlight creation: the clip under Tag 1, selected.
  await page.goto(`/highlights/create/${event.id}`);
  await expect(page.getByRole('heading', { name: /^Tag 1 - / })).toBeVisible();
  const card = page.getByRole('article', { name: 'Jul 4, 2026, 7:10 PM EDT' });
  await expect(card).toContainText('Tagged moment at 0:12 of 0:20');
  await card.getByRole('checkbox', { name: /^Select clip/ }).check();
  await expect(page.getByText('1 clip selected for highlight')).toBeVisible();
  await page.getByRole('button', { name: 'Edit Highlight' }).click();

  // The editor: no token in the address; the trim defaults around the moment.
  await page.waitForURL((url) => /^\/editor\/[0-9a-f-]{36}$/.test(url.pathname));
  await expect.poll(() => new URL(page.url()).search).toBe('');
  await expect(page.getByRole('heading', { level: 1, name: event.name })).toBeVisible();
  await expect(page.getByLabel('In point (seconds) of clip 1')).toHaveValue('4');
  await expect(page.getByLabel('Out point (seconds) of clip 1')).toHaveValue('16');
  await page.getByLabel('Out point (seconds) of clip 1').fill('14');
  await page.keyboard.press('Tab');
  const title = `The goal ${isMobile ? 'mobile' : 'desktop'}`;
  await page.getByLabel('Highlight title').fill(title);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Render' }).click();

  // Back in the app: the confirmation, the parameters gone, Processing, then ready.
  await page.waitForURL((url) => url.pathname === '/highlights/view');
  await expect(page.getByRole('status').filter({ hasText: 'Your highlight is being rendered.' })).toBeVisible();
  await expect(page).toHaveURL((url) => url.search === '');
  const row = page.getByRole('list', { name: 'Highlights' }).getByRole('link', { name: new RegExp(title) });
  await expect(row).toContainText(`${event.name} · Est. 0:10 · 1 clip`);
  await expect(row).not.toContainText('Processing', { timeout: 120_000 });
  await expect(row).not.toContainText('Failed');
  await expectAccessible(page);

  // The viewer plays the rendered 10 s and seeks.
  await row.click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expectPlayable(page);
  const duration = await page.locator('video').evaluate((v: HTMLVideoElement) => v.duration);
  expect(duration).toBeGreaterThan(9);
  expect(duration).toBeLessThan(11);
  await page.getByRole('region', { name: `Video player: ${title}` }).focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => page.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThanOrEqual(4.5);
  await expectPlayable(page);
  await expectAccessible(page);

  // Download: an H.264 MP4 saved by the browser.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  const saved = path.join(dir, `journey-${isMobile ? 'mobile' : 'desktop'}.mp4`);
  await (await downloading).saveAs(saved);
  const codec = videoCodecOf(saved);
  expect(codec).toBe('h264');

  // A deep link in a new tab plays.
  const tab = await page.context().newPage();
  await tab.goto(new URL(page.url()).pathname);
  // A cold start: the tab loads the app, is handed the session by the first tab and asks for the highlight, while
  // the other worker renders videos, which on a busy machine can take longer than the default wait.
  await expect(tab.getByRole('heading', { name: title, level: 1 })).toBeVisible({ timeout: 20_000 });
  await expectPlayable(tab);
  await tab.close();
});

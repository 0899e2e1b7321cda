/**
 * The highlight journey as a parent would try it, at desktop and 390 px, against the real local API and its render
 * worker: three tagged moments and two clips filmed at them → 'Make my highlight' (from Event tags at desktop, from
 * Highlight creation at 390 px) → the editor holds both clips, trimmed around the moments (two moments in one clip
 * merged) → Render → back on My Highlights with the confirmation → ready → the viewer plays, seeks, and downloads an
 * H.264 MP4 → a deep link in a new tab plays → Share → the link opens without signing in, with its preview card in the
 * page's metadata, and plays → the owner sees its view → Revoke → the link says it no longer works and its media
 * stops. One render per run: the screens on the way have their own specs (highlight-create, editor, highlights-view)
 * for what needs no rendered video.
 */
import { closeSync, mkdtempSync, openSync, readSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { signInAs } from '../support/auth';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { createEventViaApi, makePhoneClip, uploadClipViaApi } from '../support/clips';
import { expect, test, uniqueEmail } from '../support/fixtures';
import { currentTime, expectPlayable, videoCodecOf } from '../support/highlights';
import { adminToken, storedToken } from '../support/session';
import { waitForScreen } from '../support/shell';
import { createTagViaApi } from '../support/tags';

const EVENT_START = '2026-08-01T18:00:00.000Z';
const CLIP_A_START = '2026-08-01T18:10:00.000Z';
const CLIP_B_START = '2026-08-01T18:12:00.000Z';
/**
 * Moments 3 s and 15 s into clip A (20 s) merge into one piece, from 0 (3 − 8, clamped) to 19 (15 + 4); the
 * moment 12 s into clip B gives 4 → 16. The editor on its own would trim clip A around its first moment only (0 → 7).
 */
const MOMENTS = ['2026-08-01T18:10:03.000Z', '2026-08-01T18:10:15.000Z', '2026-08-01T18:12:12.000Z'];

let dir = '';
let clipA = '';
let clipB = '';

test.beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'courtside-share-'));
  clipA = makePhoneClip(dir, 'first-half.mp4', { seconds: 20, creationTime: CLIP_A_START });
  clipB = makePhoneClip(dir, 'second-goal.mp4', { seconds: 20, creationTime: CLIP_B_START });
});

test.afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function expectAccessible(page: Page) {
  await page.mouse.move(0, 0);
  await expectNoSeriousA11yViolations(page);
}

const meta = (page: Page, key: string) =>
  page.locator(`meta[property="${key}"], meta[name="${key}"]`).first().getAttribute('content');

test('Make my highlight, render, watch, seek, download, deep link, share, watch without an account, revoke @phone', async ({
  page,
  browser,
  baseURL,
  request,
  isMobile,
  viewport,
}) => {
  test.setTimeout(240_000);
  const admin = await adminToken(baseURL!, uniqueEmail('share-admin'));
  const event = await createEventViaApi(request, admin, {
    name: `Family Cup ${Date.now().toString(36)}`,
    venue: 'Fenway',
    startTime: EVENT_START,
    endTime: '2026-08-01T20:00:00.000Z',
    sport: 'Soccer',
  });
  const email = uniqueEmail('parent');
  await signInAs(page, { email });
  const token = await storedToken(page);
  for (const timestamp of MOMENTS) await createTagViaApi(request, token, { eventId: event.id, timestamp });
  await uploadClipViaApi(request, token, clipA, { eventId: event.id });
  await uploadClipViaApi(request, token, clipB, { eventId: event.id });

  // One tap: from the event's tags at desktop, from Highlight creation on the phone.
  await page.goto(isMobile ? `/highlights/create/${event.id}` : `/tags/by-event/${event.id}`);
  await page.getByRole('button', { name: 'Make my highlight' }).click();

  // The editor holds both clips, trimmed around the moments; one more tap renders.
  await page.waitForURL((url) => /^\/editor\/[0-9a-f-]{36}$/.test(url.pathname));
  await expect(page.getByRole('heading', { level: 1, name: event.name })).toBeVisible();
  await expect(page.getByLabel('In point (seconds) of clip 1')).toHaveValue('0');
  await expect(page.getByLabel('Out point (seconds) of clip 1')).toHaveValue('19');
  await expect(page.getByLabel('In point (seconds) of clip 2')).toHaveValue('4');
  await expect(page.getByLabel('Out point (seconds) of clip 2')).toHaveValue('16');
  await expect(page.getByLabel('In point (seconds) of clip 3')).toHaveCount(0);
  const title = `Our goals ${isMobile ? 'phone' : 'desktop'}`;
  await page.getByLabel('Highlight title').fill(title);
  await page.getByRole('button', { name: 'Render' }).click();

  await test.step('back in the app: the confirmation, the parameters gone, then the ready row', async () => {
    await page.waitForURL((url) => url.pathname === '/highlights/view');
    await expect(page.getByRole('status').filter({ hasText: 'Your highlight is being rendered.' })).toBeVisible();
    await expect(page).toHaveURL((url) => url.search === '');
    const row = page.getByRole('list', { name: 'Highlights' }).getByRole('link', { name: new RegExp(title) });
    await expect(row).toContainText(`${event.name} · Est. 0:20 · 2 clips`);
    await expect(row).not.toContainText('Processing', { timeout: 120_000 });
    await expect(row).not.toContainText('Failed');
    await expectAccessible(page);
    await row.click();
  });

  await test.step('the viewer plays the rendered 31 s, and the keyboard seeks 5 s', async () => {
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expectPlayable(page);
    const duration = await page.locator('video').evaluate((v: HTMLVideoElement) => v.duration);
    expect(duration).toBeGreaterThan(30);
    expect(duration).toBeLessThan(32);
    await page.getByRole('button', { name: 'Play' }).click();
    await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
    await expect.poll(() => currentTime(page)).toBeGreaterThan(0.3);
    await page.getByRole('button', { name: 'Pause' }).click();
    await page.getByRole('region', { name: `Video player: ${title}` }).focus();
    const before = await currentTime(page);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => currentTime(page)).toBeGreaterThanOrEqual(before + 4.5);
    await expectPlayable(page);
    await expectAccessible(page);
  });

  await test.step('Download: the browser saves an H.264 MP4 under the title', async () => {
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${title.toLowerCase().replace(/[^a-z0-9]/g, '_')}.mp4`);
    const saved = path.join(dir, `download-${isMobile ? 'mobile' : 'desktop'}.mp4`);
    await download.saveAs(saved);
    const head = Buffer.alloc(12);
    const fd = openSync(saved, 'r');
    readSync(fd, head, 0, 12, 0);
    closeSync(fd);
    expect(head.subarray(4, 8).toString('ascii'), 'an MP4 starts with its ftyp box').toBe('ftyp');
    expect(videoCodecOf(saved)).toBe('h264');
  });

  await test.step('a deep link in a new tab (no navigation state) loads the highlight and plays', async () => {
    const tab = await page.context().newPage();
    await tab.goto(new URL(page.url()).pathname);
    await waitForScreen(tab); // a new tab's first load
    await expect(tab.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expectPlayable(tab);
    await tab.close();
  });

  // Share: a link that never expires, shown with Copy (and handed to the system share sheet on the phone).
  if (isMobile) {
    await page.evaluate(() => {
      const shared: unknown[] = [];
      (window as unknown as { __shared: unknown[] }).__shared = shared;
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: (data: unknown) => {
          shared.push(data);
          return Promise.resolve();
        },
      });
    });
  }
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Share highlight' });
  await expect(dialog.getByText('Anyone with the link can watch this highlight without signing in.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const field = dialog.getByRole('textbox', { name: 'Share link' });
  await expect(field).toHaveValue(new RegExp(`^${baseURL}/s/[A-Za-z0-9_-]{24}$`));
  const link = await field.inputValue();
  if (isMobile) {
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __shared: Array<{ url?: string }> }).__shared.map((d) => d.url)))
      .toEqual([link]);
  }
  await expect(dialog.getByRole('group', { name: 'Share link' }).getByRole('button', { name: 'Copy' })).toBeVisible();
  await expectAccessible(page);

  // Someone without an account, on a phone-sized or desktop screen: the preview card and the player.
  const guestContext = await browser.newContext({ viewport: viewport ?? undefined, isMobile, hasTouch: isMobile });
  const guest = await guestContext.newPage();
  const opened = await guest.goto(link);
  expect(opened?.status()).toBe(200);
  await expect(guest.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(guest.getByText(event.name).first()).toBeVisible();
  expect(await meta(guest, 'og:title')).toBe(title);
  expect(await meta(guest, 'og:url')).toBe(link);
  expect(await meta(guest, 'og:image')).toMatch(new RegExp(`^${baseURL}/media/shares/`));
  expect(await meta(guest, 'og:video')).toMatch(new RegExp(`^${baseURL}/media/shares/`));
  expect(await meta(guest, 'twitter:card')).toBe('summary_large_image');
  expect(await guest.content()).not.toContain(email);
  await expect(guest.getByRole('region', { name: `Video player: ${title}` })).toBeVisible();
  await expectPlayable(guest);
  const streamUrl = await guest.locator('video').evaluate((v: HTMLVideoElement) => v.currentSrc);
  await expectAccessible(guest);

  // The owner sees the view, and revokes the link.
  await page.reload();
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const links = page.getByRole('dialog', { name: 'Share highlight' }).getByRole('list', { name: 'Links to this highlight' });
  await expect(links.getByRole('listitem')).toHaveCount(1);
  await expect(links).toContainText('1 view');
  await links.getByRole('button', { name: 'Revoke' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke this link?' });
  await expect(confirm.getByText('People who open it will see that it no longer works.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(links).toContainText('Revoked');

  // The link no longer works, and its media stop at once.
  const again = await guest.reload();
  expect(again?.status()).toBe(410);
  await expect(guest.getByRole('heading', { level: 1, name: 'This link no longer works' })).toBeVisible();
  await expect(guest.locator('video')).toHaveCount(0);
  const media = await guest.request.get(streamUrl, { headers: { range: 'bytes=0-99' } });
  expect(media.status()).toBe(410);
  await expectAccessible(guest);
  await guestContext.close();

  // Share Highlights lists it, with its revoked link.
  await page.goto('/highlights/share');
  await expect(page.getByRole('heading', { level: 1, name: 'Share Highlights' })).toBeVisible();
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await expect(page.getByText('Revoked').first()).toBeVisible();
  await expectAccessible(page);
});

/**
 * 'Make my highlight' and share links as a parent would try them, at desktop and 390 px, against the real local API and its render worker:
 * three tagged moments and two clips filmed at them → 'Make my highlight' (from Event tags at desktop, from
 * Highlight creation at 390 px) → the editor holds both clips, trimmed around the moments (two moments in one clip
 * merged) → Render → playable → Share → the link opens without signing in, with its preview card in the page's
 * metadata, and plays → the owner sees its view → Revoke → the link says it no longer works and its media stops.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { signInAs } from '../support/auth';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { createEventViaApi, makePhoneClip, uploadClipViaApi } from '../support/clips';
import { expect, test, uniqueEmail } from '../support/fixtures';
import { expectPlayable } from '../support/highlights';
import { adminToken, storedToken } from '../support/session';
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

test('Make my highlight, render, share, watch without an account, revoke @phone', async ({
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

  await page.waitForURL((url) => url.pathname === '/highlights/view');
  const row = page.getByRole('list', { name: 'Highlights' }).getByRole('link', { name: new RegExp(title) });
  await expect(row).not.toContainText('Processing', { timeout: 120_000 });
  await expect(row).not.toContainText('Failed');
  await row.click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expectPlayable(page);
  const duration = await page.locator('video').evaluate((v: HTMLVideoElement) => v.duration);
  expect(duration).toBeGreaterThan(30);
  expect(duration).toBeLessThan(32);

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

test('Make my highlight says when no tagged moment has a clip, and offers the upload screen', async ({
  page,
  baseURL,
  request,
}) => {
  const admin = await adminToken(baseURL!, uniqueEmail('share-admin2'));
  const event = await createEventViaApi(request, admin, {
    name: `Empty Cup ${Date.now().toString(36)}`,
    venue: 'Fenway',
    startTime: EVENT_START,
    endTime: '2026-08-01T20:00:00.000Z',
    sport: 'Soccer',
  });
  await signInAs(page, { email: uniqueEmail('noclips') });
  const token = await storedToken(page);
  await createTagViaApi(request, token, { eventId: event.id, timestamp: MOMENTS[0]! });
  await page.goto(`/tags/by-event/${event.id}`);
  await page.getByRole('button', { name: 'Make my highlight' }).click();
  await expect(
    page.getByText('None of your tagged moments has a clip yet. Upload the clips you filmed, then try again.'),
  ).toBeVisible();
  await expectAccessible(page);
  await page
    .getByRole('link', { name: 'Upload clips', exact: true })
    .or(page.getByRole('button', { name: 'Upload clips', exact: true }))
    .click();
  await page.waitForURL((url) => url.pathname === '/clips/upload');
});

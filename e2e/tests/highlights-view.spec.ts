/**
 * Highlights list and viewer (docs/product/part-2.md §2 "Highlights list", "Highlight viewer")
 * against the real local API and its render worker, at desktop and 390 px. The highlight is made the way the editor
 * makes it — an editing session created with the user's bearer, its launch token traded for the editor credential,
 * Render posted with it — so the editor's own spec covers its screen and this one what follows: the return to the
 * list, Processing, the rendered highlight playing, seeking and downloading as a real H.264 MP4.
 */
import { mkdtempSync, openSync, readSync, closeSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { signInAs } from '../support/auth';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { createEventViaApi, makePhoneClip, uploadClipViaApi } from '../support/clips';
import { expect, test, uniqueEmail } from '../support/fixtures';
import { currentTime, expectPlayable, videoCodecOf } from '../support/highlights';
import { adminToken, storedToken } from '../support/session';
import { waitForScreen } from '../support/shell';

const EVENT_START = '2026-07-04T23:00:00.000Z';
const CLIP_SECONDS = 8;

let dir = '';
let firstVideo = '';
let secondVideo = '';

test.beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'courtside-highlights-'));
  firstVideo = makePhoneClip(dir, 'first.mp4', { seconds: CLIP_SECONDS, creationTime: '2026-07-04T23:10:00.000Z' });
  secondVideo = makePhoneClip(dir, 'second.mp4', { seconds: CLIP_SECONDS, creationTime: '2026-07-04T23:12:00.000Z' });
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
  const culprits =
    overflow > 0
      ? await page.evaluate(() =>
          [...document.querySelectorAll('body *')]
            .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
            .slice(0, 5)
            .map((el) => `${el.tagName}.${el.className} ${Math.round(el.getBoundingClientRect().right)}`),
        )
      : [];
  expect(overflow, `nothing wider than the screen: ${culprits.join(' | ')}`).toBeLessThanOrEqual(0);
}

async function post<T>(request: APIRequestContext, url: string, data: unknown, headers: Record<string, string>) {
  const res = await request.post(url, { data, headers: { 'X-Frontend-Client': 'true', ...headers } });
  expect(res.ok(), `POST ${url} → ${res.status()} ${await res.text()}`).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

/**
 * What the editor does after the app's Edit Highlight: the session (user's bearer, returnUrl on this site), the
 * launch token traded for the session's credential, Render with the trims. Answers the highlight and where the
 * editor sends the browser back to.
 */
async function renderThroughEditor(
  request: APIRequestContext,
  baseURL: string,
  token: string,
  edit: { eventId: string; clipIds: string[]; title: string },
): Promise<{ highlightId: string; returnUrl: string }> {
  const session = await post<{ id: string; token: string }>(
    request,
    '/api/v1/editor-sessions',
    { eventId: edit.eventId, clipIds: edit.clipIds, returnUrl: `${baseURL}/highlights/view` },
    { Authorization: `Bearer ${token}` },
  );
  const { credential } = await post<{ credential: string }>(
    request,
    `/api/v1/editor-sessions/${session.id}/credential`,
    { token: session.token },
    {},
  );
  return post<{ highlightId: string; returnUrl: string }>(
    request,
    `/api/v1/editor-sessions/${session.id}/render`,
    { title: edit.title, clips: edit.clipIds.map((clipId) => ({ clipId, inSeconds: 0, outSeconds: CLIP_SECONDS - 0.5 })) },
    { 'X-Editor-Credential': credential },
  );
}

test.describe('Highlights list and viewer', () => {
  test('back from the editor: confirmation, Processing, then the ready row; the viewer plays, seeks and downloads an H.264 MP4', async ({
    page,
    baseURL,
    request,
    isMobile,
  }) => {
    test.setTimeout(180_000);
    const admin = await adminToken(baseURL!, uniqueEmail('hl-admin'));
    const event = await createEventViaApi(request, admin, {
      name: unique('Highlight Cup'),
      venue: 'Fenway',
      startTime: EVENT_START,
      endTime: '2026-07-05T02:00:00.000Z',
      sport: 'Soccer',
    });
    const email = uniqueEmail('highlighter');
    await signInAs(page, { email });
    const token = await storedToken(page);
    const clips = [
      await uploadClipViaApi(request, token, firstVideo, { eventId: event.id }),
      await uploadClipViaApi(request, token, secondVideo, { eventId: event.id }),
    ];
    const title = unique('Summer Final');
    const { highlightId, returnUrl } = await renderThroughEditor(request, baseURL!, token, {
      eventId: event.id,
      clipIds: clips.map((c) => c.id),
      title,
    });
    const back = new URL(returnUrl);
    expect(back.pathname).toBe('/highlights/view');
    expect(back.searchParams.get('editing_completed')).toBe('true');

    // Back in the app, as the editor sends it: the confirmation, the address without the parameters.
    await page.goto(`${back.pathname}${back.search}`);
    await expect(page.getByRole('status').filter({ hasText: 'Your highlight is being rendered.' })).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/highlights/view' && url.search === '');
    await expect(page.getByRole('heading', { name: 'My Highlights', level: 1 })).toBeVisible();
    await expect(page.getByText('1 highlight', { exact: true })).toBeVisible();

    const row = page.getByRole('list', { name: 'Highlights' }).getByRole('link', { name: new RegExp(title) });
    await expect(row).toContainText(`${event.name} · Est. 0:20 · 2 clips`);
    // Processing with its stage while the worker renders, then the ready row (the list polls by itself).
    await expect(row).toContainText('Processing');
    await expect(row).toContainText(/Queued|Rendering \d+ %|Finishing/);
    await expectNoSideways(page);
    await expectAccessible(page);
    await expect(row).not.toContainText('Processing', { timeout: 90_000 });
    await expect(row).not.toContainText('Failed');

    // A row opens the viewer with the highlight at once.
    await row.click();
    await page.waitForURL((url) => url.pathname === `/highlight/view/${highlightId}`);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    const details = page.getByRole('region', { name: 'Details' });
    await expect(details).toContainText(event.name);
    await expect(details).toContainText('Soccer');
    await expect(details).toContainText('2 clips');
    await expect(details.getByText('Created by', { exact: true })).toBeVisible();
    await expect(details).toContainText(email);
    await expectPlayable(page);

    // Plays, and the keyboard seeks 5 s.
    const player = page.getByRole('region', { name: `Video player: ${title}` });
    await page.getByRole('button', { name: 'Play' }).click();
    await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
    await expect.poll(() => currentTime(page)).toBeGreaterThan(0.3);
    await page.getByRole('button', { name: 'Pause' }).click();
    await player.focus();
    const before = await currentTime(page);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => currentTime(page)).toBeGreaterThanOrEqual(before + 4.5);
    await expectPlayable(page);
    await page.keyboard.press('m');
    await expect(page.getByRole('button', { name: 'Unmute' })).toBeVisible();
    await expectNoSideways(page);
    await expectAccessible(page);

    // Download: the browser saves the file itself (Content-Disposition: attachment); it is an H.264 MP4.
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
    const codec = videoCodecOf(saved);
    expect(codec).toBe('h264');

    // A deep link in a new tab (no navigation state) loads the highlight and plays.
    const tab = await page.context().newPage();
    await tab.goto(`/highlight/view/${highlightId}`);
    await waitForScreen(tab); // a new tab's first load
    await expect(tab.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expectPlayable(tab);
    await tab.close();
  });

  test('an unknown highlight, a cancelled edit, and the empty list @phone', async ({ page }) => {
    await signInAs(page, { email: uniqueEmail('hl-empty') });

    // Back from the editor after Cancel: a note, the parameters gone; nothing yet: the empty state.
    await page.goto('/highlights/view?editing_session=4b0d3c1e-2f9a-4c55-9d3e-0a6c1f2b7e11');
    await expect(page.getByRole('status').filter({ hasText: 'Editing cancelled' })).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/highlights/view' && url.search === '');
    await expect(page.getByText(/No highlights yet/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to Main Menu' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    await expectAccessible(page);

    // A highlight that does not exist.
    await page.goto('/highlight/view/9d0c4a55-1111-4222-8333-944455556666');
    await expect(page.getByText('Highlight not found or video unavailable')).toBeVisible();
    await expect(page.locator('video')).toHaveCount(0);
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Back to My Highlights' }).click();
    await page.waitForURL((url) => url.pathname === '/highlights/view');
  });
});

/**
 * A user's data lives and dies with their sign-in, in a real browser against the real API
 * (src/app/userData.ts, docs/decisions.md "User data at the end of a session"):
 * - Log out removes what the user picked; the next person signing in on that browser is offered nothing;
 * - a session ended by inactivity keeps the picked files for the same user only: they are offered
 *   'Resume Upload?' when signing back in, another user is offered nothing and the files are removed;
 * - signing out in the middle of an upload aborts it: the request is cut and the server keeps no clip.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page, Request, Response } from '@playwright/test';
import { expect, test, testWithOwnServer, uniqueEmail } from '../support/fixtures';
import { signIn, signInFromLoginPage } from '../support/auth';
import { logOut } from '../support/shell';
import { makeClip, makeLargeVideo } from '../support/videos';
import {
  acceptLeaveWarnings,
  fileList,
  fileRow,
  filesOnServer,
  keptFileKeys,
  MB,
  openUploadScreen,
  pickFiles,
  progressOf,
  statusChip,
  storedUploadSession,
  throttleUploads,
  UPLOADS_PATH,
} from '../support/userData';

const MINUTE = 60_000;
const TIMEOUT_TEXT = 'You were signed out after 30 minutes without activity.';
const CLIPS = ['family-1.mp4', 'family-2.mp4'];
const BIG_CLIP = 'long-rally.mp4';

let dir = '';
const filePath = (name: string) => path.join(dir, name);

test.beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'courtside-user-data-'));
  for (const name of CLIPS) makeClip(dir, name);
  // A real video (the server would accept it) of about 14 MB: noise does not compress.
  makeLargeVideo(dir, BIG_CLIP, 14 * MB);
});

test.afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The upload screen with nothing of anyone's: no list, no 'Resume Upload?', nothing stored. */
async function expectNothingOffered(page: Page): Promise<void> {
  await openUploadScreen(page);
  await page.waitForLoadState('networkidle'); // the resume check at sign-in has run
  await expect(page.getByRole('dialog', { name: 'Resume Upload?' })).toHaveCount(0);
  await expect(fileList(page)).toHaveCount(0);
  await expect(page.getByText(/family-\d\.mp4|long-rally\.mp4/)).toHaveCount(0);
  expect(await storedUploadSession(page)).toBeNull();
  expect(await keptFileKeys(page)).toEqual([]);
}

/** Signed in, files picked (kept in the browser), then 30 minutes without activity: signed out. */
async function pickThenTimeOut(page: Page, email: string): Promise<void> {
  await page.clock.install({ time: Date.now() });
  await signIn(page, { email });
  await openUploadScreen(page);
  await pickFiles(
    page,
    CLIPS.map((c) => filePath(c)),
  );
  await expect.poll(async () => (await keptFileKeys(page)).length).toBe(CLIPS.length);
  await page.waitForLoadState('networkidle'); // no screen code in flight before the jump
  await page.clock.fastForward(30 * MINUTE + 5_000);
  await page.waitForURL((url) => url.pathname === '/login');
  await expect(page.getByRole('alert').filter({ hasText: TIMEOUT_TEXT })).toBeVisible();
}

test.describe('User data and the end of a session', () => {
  test('one user picks files and logs out; the next user on this browser is offered nothing of theirs', async ({ page }) => {
    await signIn(page, { email: uniqueEmail('parent') });
    await openUploadScreen(page);
    await pickFiles(
      page,
      CLIPS.map((c) => filePath(c)),
    );
    await expect.poll(async () => (await keptFileKeys(page)).length).toBe(CLIPS.length);
    expect((await storedUploadSession(page))?.files.map((f) => f.name)).toEqual(CLIPS);

    await logOut(page);
    // Log out: nothing of theirs is left in the browser.
    await expect.poll(() => keptFileKeys(page)).toEqual([]);
    expect(await storedUploadSession(page)).toBeNull();

    await signInFromLoginPage(page, { email: uniqueEmail('teen') });
    await page.waitForURL((url) => url.pathname === '/');
    await expectNothingOffered(page);
  });

  test('signed out by inactivity: the same user signing back in is offered Resume, and the files upload', async ({ page }) => {
    test.setTimeout(90_000);
    acceptLeaveWarnings(page);
    const email = uniqueEmail('phone-parent');
    await pickThenTimeOut(page, email);
    // Kept for them, under their id.
    expect((await storedUploadSession(page))?.ownerId).toBeTruthy();
    expect(await keptFileKeys(page)).toHaveLength(CLIPS.length);

    await signInFromLoginPage(page, { email });
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/clips/upload'); // (the modal dialog hides the screen's heading)
    const dialog = page.getByRole('dialog', { name: 'Resume Upload?' });
    await expect(dialog).toBeVisible();
    const incomplete = dialog.getByRole('list', { name: 'Incomplete files' }).getByRole('listitem');
    await expect(incomplete).toHaveCount(CLIPS.length);
    await dialog.getByRole('button', { name: 'Resume Upload' }).click();
    for (const name of CLIPS) {
      await expect(statusChip(fileRow(page, name))).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
    }
    await expect.poll(() => keptFileKeys(page)).toEqual([]);
  });

  test('signed out by inactivity: another user signing in is offered nothing, and the files are removed', async ({ page }) => {
    test.setTimeout(60_000);
    await pickThenTimeOut(page, uniqueEmail('tablet-parent'));
    expect(await keptFileKeys(page)).toHaveLength(CLIPS.length);

    await signInFromLoginPage(page, { email: uniqueEmail('tablet-sibling') });
    await page.waitForURL((url) => url.pathname === '/');
    await expectNothingOffered(page);
  });
});

// A server of its own: its uploads directory must end up empty.
const ownServerTest = testWithOwnServer;

ownServerTest(
  'logging out mid-upload aborts the request: no request continues and the server keeps no clip',
  async ({ page, ownServer }) => {
    ownServerTest.setTimeout(90_000);
    acceptLeaveWarnings(page);
    const isUpload = (r: Request) => r.method() === 'POST' && new URL(r.url()).pathname === UPLOADS_PATH;
    const sent: Request[] = [];
    const failed: string[] = [];
    const answered: number[] = [];
    page.on('request', (r) => {
      if (isUpload(r)) sent.push(r);
    });
    page.on('requestfailed', (r) => {
      if (isUpload(r)) failed.push(r.failure()?.errorText ?? '');
    });
    page.on('response', (r: Response) => {
      if (isUpload(r.request())) answered.push(r.status());
    });

    await signIn(page, { email: uniqueEmail('rally') });
    await openUploadScreen(page);
    await throttleUploads(page, 1 * MB);
    expect(statSync(filePath(BIG_CLIP)).size).toBeGreaterThan(8 * MB);
    await pickFiles(page, [filePath(BIG_CLIP)]);
    await page.getByRole('button', { name: 'Upload Files' }).click();
    const item = fileRow(page, BIG_CLIP);
    await expect(statusChip(item)).toHaveAttribute('data-status', 'uploading');
    await expect.poll(() => progressOf(item), { timeout: 15_000 }).toBeGreaterThanOrEqual(5);
    expect(await progressOf(item)).toBeLessThan(100);
    // The server is writing it down.
    await expect.poll(() => filesOnServer(ownServer.dataDir).length).toBeGreaterThan(0);

    await logOut(page);

    // The request was cut by the browser, not answered; nothing is sent again.
    await expect.poll(() => failed).toEqual([expect.stringContaining('ERR_ABORTED')]);
    await page.waitForTimeout(3_000);
    expect(sent).toHaveLength(1);
    expect(answered).toEqual([]);
    // The server dropped the partial file: no clip, no video, no thumbnail.
    await expect.poll(() => filesOnServer(ownServer.dataDir)).toEqual([]);
    // Nothing of the upload is kept in the browser either.
    expect(await storedUploadSession(page)).toBeNull();
    await expect.poll(() => keptFileKeys(page)).toEqual([]);
  },
);

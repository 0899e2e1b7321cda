/**
 * The upload queue surviving interruptions, in a real browser against the real API (docs/architecture.md
 * "How one upload flows", steps 4 and 7): a reload mid-upload is offered 'Resume Upload?' and finishes from
 * the contents kept in IndexedDB without re-picking; a second tab leaves the first's upload alone, and 'Start Fresh'
 * discards it; a server that goes away mid-upload ends the file 'failed' with the network message after the
 * automatic retries, and 'Retry' completes it once the server is back on the same port and DATA_DIR.
 *
 * Uploads are slowed with DevTools network throttling (Chromium throttles XHR upload bodies too), so the
 * interruptions land while bytes are in flight. The files are real videos of noise (the server keeps only
 * what ffprobe reads as video), each of a distinct size so it can be found on the server's disk.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, CDPSession, Locator, Page, Response } from '@playwright/test';
import { expect, test, testWithOwnServer, uniqueEmail } from '../support/fixtures';
import { signInAs } from '../support/auth';
import { keptFileKeys } from '../support/userData';
import { makeLargeVideo } from '../support/videos';

const MB = 1024 * 1024;
const NETWORK_MESSAGE = 'Network error: the connection was lost. Check your connection and press Retry.';

/** Sizes are at least these; the exact size of each made video is filled in before the tests. */
const RESUME_FILES = [
  { name: 'resume-short.mp4', size: 3 * MB + 11 },
  { name: 'resume-long-a.mp4', size: 12 * MB + 23 },
  { name: 'resume-long-b.mp4', size: 13 * MB + 37 },
];
const OUTAGE_FILE = { name: 'outage.mp4', size: 16 * MB + 41 };
/** A queue short enough that its copies are held back while it sends (copyWhileSending): a reload may find none. */
const QUICK_FILES = [
  { name: 'quick-a.mp4', size: 4 * MB + 3 },
  { name: 'quick-b.mp4', size: 5 * MB + 9 },
];
const TAB_FILES = [
  { name: 'first-tab.mp4', size: 2 * MB + 13 },
  { name: 'second-tab.mp4', size: 1 * MB + 17 },
];

let dir = '';
const filePath = (name: string) => path.join(dir, name);

test.beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'courtside-upload-resume-'));
  const files = [...RESUME_FILES, OUTAGE_FILE, ...TAB_FILES, ...QUICK_FILES];
  for (const f of files) f.size = makeLargeVideo(dir, f.name, f.size);
  // Stored clips are told apart by size.
  expect(new Set(files.map((f) => f.size)).size, 'made videos of distinct sizes').toBe(files.length);
});

test.afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

// ── helpers ──

/** Slows uploads to `bytesPerSecond` (DevTools network conditions); `null` lifts the limit. */
async function throttleUploads(cdp: CDPSession, bytesPerSecond: number | null): Promise<void> {
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond ?? -1,
  });
}

async function openThrottle(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  return cdp;
}

async function openUploadScreen(page: Page): Promise<void> {
  await page.goto('/clips/upload');
  await expect(page.getByRole('heading', { name: 'Upload Clips', level: 1 })).toBeVisible();
}

const fileList = (page: Page) => page.getByRole('list', { name: 'Selected files' });
const row = (page: Page, name: string) => fileList(page).getByRole('listitem', { name });
const chip = (item: Locator) => item.locator('[data-status]');

async function progressOf(item: Locator): Promise<number> {
  const text = (await item.getByText(/^\d+%$/).textContent()) ?? '0%';
  return Number.parseInt(text, 10);
}

/** The bearer of a signed-in page (tab storage 'courtside.auth'). */
async function bearerOf(page: Page): Promise<string> {
  const raw = await page.evaluate(() => window.sessionStorage.getItem('courtside.auth'));
  const token = raw ? (JSON.parse(raw) as { token?: string }).token : undefined;
  if (!token) throw new Error('No token in tab storage');
  return token;
}

interface ClipView {
  id: string;
  filename: string;
  size: number;
}

/** Every clip the server answered (201) to this page's uploads, whatever the reloads in between. */
function recordCreatedClips(page: Page): ClipView[] {
  const clips: ClipView[] = [];
  page.on('response', (res: Response) => {
    if (res.request().method() !== 'POST' || !res.url().endsWith('/api/v1/uploads') || res.status() !== 201) return;
    void res
      .json()
      .then((body: { data: ClipView }) => clips.push(body.data))
      .catch(() => undefined);
  });
  return clips;
}

async function getClip(request: APIRequestContext, baseURL: string, token: string, id: string): Promise<ClipView> {
  const res = await request.get(`${baseURL}/api/v1/clips/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: ClipView }).data;
}

/** Stored videos in DATA_DIR/uploads whose size is exactly `size` (a cut-off upload is smaller). */
function storedWithSize(dataDir: string, size: number): string[] {
  const uploads = path.join(dataDir, 'uploads');
  return readdirSync(uploads).filter((n) => n.endsWith('.mp4') && statSync(path.join(uploads, n)).size === size);
}

/** Removes one kept copy from IndexedDB (idb-keyval's store), as a copy never made. */
async function dropKept(page: Page, key: string): Promise<void> {
  await page.evaluate(
    (k) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('keyval-store');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction('keyval', 'readwrite');
          tx.objectStore('keyval').delete(k);
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    key,
  );
}

/** The leave-page warning is held while uploads run: a reload mid-upload accepts it, as a user would. */
function acceptLeaveWarnings(page: Page): void {
  page.on('dialog', (dialog) => void dialog.accept().catch(() => undefined));
}

// ── tests ──

test.describe('Upload queue: reload and resume', () => {
  test('a reload in the middle of an upload → Resume Upload → every file completes with no re-picking', async ({
    page,
    server,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    acceptLeaveWarnings(page);
    const created = recordCreatedClips(page);
    await signInAs(page, { email: uniqueEmail('resumer') });
    await openUploadScreen(page);
    const cdp = await openThrottle(page);
    // A slow uplink (28 MB at 1 MB/s): the queue outlasts KEEP_WORTH_MS, so every file is copied for a reload
    // even while the transfers run (copyWhileSending, src/features/uploads/model/uploadKeepPolicy.ts).
    await throttleUploads(cdp, 1 * MB);

    await page.getByLabel('Select video files', { exact: true }).setInputFiles(RESUME_FILES.map((f) => filePath(f.name)));
    await expect(fileList(page).getByRole('listitem')).toHaveCount(3);
    await page.getByRole('button', { name: 'Upload Files' }).click();

    // The short one finishes first; the two long ones are still under way, with bytes sent.
    const [short, ...long] = RESUME_FILES;
    await expect(chip(row(page, short!.name))).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
    for (const f of long) {
      await expect(chip(row(page, f.name))).toHaveAttribute('data-status', 'uploading');
      await expect.poll(() => progressOf(row(page, f.name))).toBeGreaterThan(0);
      expect(await progressOf(row(page, f.name))).toBeLessThan(100);
    }
    await expect.poll(() => created.map((c) => c.filename)).toEqual([short!.name]);
    // The two under way are kept: a copy begun before Upload Files gave way to the transfers and was made again
    // once the slow pace showed it worth its cost (keepContents, src/features/uploads/model/uploadSessionSaga.ts). The
    // short one's copy, if one was made, stays until no transfer runs (dropCompletedCopies, uploadQueueSaga.ts).
    await expect.poll(async () => (await keptFileKeys(page)).length).toBeGreaterThanOrEqual(long.length);

    await page.reload();
    const dialog = page.getByRole('dialog', { name: 'Resume Upload?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('2 files from your last visit did not finish uploading');
    const incomplete = dialog.getByRole('list', { name: 'Incomplete files' }).getByRole('listitem');
    await expect(incomplete).toHaveCount(2);
    for (const f of long) await expect(incomplete.filter({ hasText: f.name })).toHaveCount(1);
    await expect(incomplete.filter({ hasText: short!.name })).toHaveCount(0);
    // Kept in IndexedDB: no "select the same files again".
    await expect(dialog.getByText('Your browser did not keep these files')).toHaveCount(0);

    await throttleUploads(cdp, null);
    await dialog.getByRole('button', { name: 'Resume Upload' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Files still needed' })).toHaveCount(0);
    for (const f of long) {
      await expect(chip(row(page, f.name))).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
      await expect(row(page, f.name).getByText('100%')).toBeVisible();
    }

    // Server side: three clips, one per file, each stored exactly once in full.
    await expect.poll(() => created.length).toBe(3);
    expect(created.map((c) => c.filename).sort()).toEqual(RESUME_FILES.map((f) => f.name).sort());
    const token = await bearerOf(page);
    for (const f of RESUME_FILES) {
      const clip = created.find((c) => c.filename === f.name)!;
      const stored = await getClip(page.request, baseURL!, token, clip.id);
      expect(stored).toMatchObject({ id: clip.id, filename: f.name, size: f.size });
      expect(storedWithSize(server.dataDir, f.size), `${f.name} stored once in full`).toHaveLength(1);
    }
    // Nothing left to resume: no session record, no kept contents, no dialog after another reload.
    expect(await page.evaluate(() => window.localStorage.getItem('courtside.uploads.session'))).toBeNull();
    // The copies went once the last transfer ended (and the short one's, as a leftover, after the reload).
    await expect.poll(() => keptFileKeys(page)).toEqual([]);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Upload Clips', level: 1 })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Resume Upload?' })).toHaveCount(0);
  });

  test('a reload with both files in flight, kept or not: both are offered, and both arrive (re-picked where not kept)', async ({
    page,
    server,
  }) => {
    test.setTimeout(120_000);
    acceptLeaveWarnings(page);
    const created = recordCreatedClips(page);
    await signInAs(page, { email: uniqueEmail('quick-reload') });
    await openUploadScreen(page);
    const cdp = await openThrottle(page);
    // 9 MB at 1 MB/s: under KEEP_WORTH_MS, so the copies are held back while the two send.
    await throttleUploads(cdp, 1 * MB);
    await page.getByLabel('Select video files', { exact: true }).setInputFiles(QUICK_FILES.map((f) => filePath(f.name)));
    await expect(fileList(page).getByRole('listitem')).toHaveCount(2);
    await page.getByRole('button', { name: 'Upload Files' }).click();
    for (const f of QUICK_FILES) {
      await expect(chip(row(page, f.name))).toHaveAttribute('data-status', 'uploading', { timeout: 15_000 });
      await expect.poll(() => progressOf(row(page, f.name))).toBeGreaterThan(0);
    }
    // One copy at most survives the reload, as when the other was held back or still being written.
    const kept = await keptFileKeys(page);
    if (kept[0]) await dropKept(page, kept[0]);

    await page.reload();
    const dialog = page.getByRole('dialog', { name: 'Resume Upload?' });
    await expect(dialog).toBeVisible();
    const incomplete = dialog.getByRole('list', { name: 'Incomplete files' }).getByRole('listitem');
    await expect(incomplete).toHaveCount(2);
    for (const f of QUICK_FILES) await expect(incomplete.filter({ hasText: f.name })).toHaveCount(1);

    await throttleUploads(cdp, null);
    await dialog.getByRole('button', { name: 'Resume Upload' }).click();
    await expect(dialog).toHaveCount(0);
    // Both are listed; a file whose copy was not kept waits to be picked again, named under 'Files still needed'.
    for (const f of QUICK_FILES) await expect(row(page, f.name)).toHaveCount(1);
    const needed = page.getByRole('list', { name: 'Files still needed' });
    const neededNames = (await needed.count()) > 0 ? await needed.getByRole('listitem').allTextContents() : [];
    if (kept.length > 0) expect(neededNames.length, 'the file whose copy went is asked for again').toBeGreaterThanOrEqual(1);
    const repick = QUICK_FILES.filter((f) => neededNames.some((n) => n.includes(f.name)));
    if (repick.length > 0) {
      await page.getByLabel('Select video files', { exact: true }).setInputFiles(repick.map((f) => filePath(f.name)));
    }
    for (const f of QUICK_FILES) {
      await expect(chip(row(page, f.name))).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
    }
    await expect.poll(() => created.map((c) => c.filename).sort()).toEqual(QUICK_FILES.map((f) => f.name).sort());
    for (const f of QUICK_FILES) {
      expect(storedWithSize(server.dataDir, f.size), `${f.name} stored once in full`).toHaveLength(1);
    }
  });
});

test.describe('Upload queue: two tabs', () => {
  test("a second tab, opened while the first sends, offers nothing and leaves the first's stored session alone; Start Fresh then discards it", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    acceptLeaveWarnings(page);
    const created = recordCreatedClips(page);
    // Kept signed in, so a second tab of this browser starts signed in too.
    await signInAs(page, { email: uniqueEmail('two-tabs'), keepSignedIn: true });
    await openUploadScreen(page);
    const cdp = await openThrottle(page);
    await throttleUploads(cdp, 128 * 1024);
    const [first, second] = TAB_FILES;
    await page.getByLabel('Select video files', { exact: true }).setInputFiles(filePath(first!.name));
    await page.getByRole('button', { name: 'Upload Files' }).click();
    await expect(chip(row(page, first!.name))).toHaveAttribute('data-status', 'uploading', { timeout: 15_000 });
    const storedNames = async () => {
      const raw = await page.evaluate(() => window.localStorage.getItem('courtside.uploads.session'));
      return raw ? (JSON.parse(raw) as { files: { name: string }[] }).files.map((f) => f.name) : null;
    };
    expect(await storedNames()).toEqual([first!.name]);

    const other = await page.context().newPage();
    await openUploadScreen(other);
    // A pick is listed once the stored session has been looked at (and any offer answered): none was made.
    await other.getByLabel('Select video files', { exact: true }).setInputFiles(filePath(second!.name));
    await expect(row(other, second!.name)).toBeVisible();
    await expect(other.getByRole('dialog', { name: 'Resume Upload?' })).toHaveCount(0);
    expect(await storedNames()).toEqual([first!.name]);
    await other.close();

    // The first tab's session is still its own to resume, its file kept in the browser.
    await expect.poll(async () => (await keptFileKeys(page)).length).toBe(1);
    await page.reload();
    const dialog = page.getByRole('dialog', { name: 'Resume Upload?' });
    await expect(dialog).toBeVisible();
    const incomplete = dialog.getByRole('list', { name: 'Incomplete files' }).getByRole('listitem');
    await expect(incomplete).toHaveCount(1);
    await expect(incomplete.filter({ hasText: first!.name })).toHaveCount(1);

    // Start Fresh discards the kept file: an empty list, and no dialog after another reload.
    await dialog.getByRole('button', { name: 'Start Fresh' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(fileList(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Upload Files' })).toHaveCount(0);
    await expect.poll(() => keptFileKeys(page)).toEqual([]);
    expect(await storedNames()).toBeNull();

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Upload Clips', level: 1 })).toBeVisible();
    // The app's first paint has settled: the page answers and the resume check (on start) has run.
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('dialog', { name: 'Resume Upload?' })).toHaveCount(0);
    await expect(fileList(page)).toHaveCount(0);
    expect(created).toEqual([]);
  });
});

// A server of its own, so stopping it affects no other test; Playwright's baseURL points at it.
const outageTest = testWithOwnServer;

outageTest.describe('Upload queue: server outage', () => {
  outageTest(
    'the server stopped mid-upload → the file fails with a network message, and Retry completes it once the server is back',
    async ({ page, ownServer, baseURL }) => {
      outageTest.setTimeout(150_000);
      acceptLeaveWarnings(page);
      const created = recordCreatedClips(page);
      await signInAs(page, { email: uniqueEmail('outage') });
      await openUploadScreen(page);
      const cdp = await openThrottle(page);
      await throttleUploads(cdp, 1 * MB);

      await page.getByLabel('Select video files', { exact: true }).setInputFiles(filePath(OUTAGE_FILE.name));
      await page.getByRole('button', { name: 'Upload Files' }).click();
      const item = row(page, OUTAGE_FILE.name);
      await expect(chip(item)).toHaveAttribute('data-status', 'uploading');
      await expect.poll(() => progressOf(item)).toBeGreaterThanOrEqual(5);

      // SIGTERM: the server stops taking connections and, as the in-flight upload keeps it from closing,
      // is killed 5 s later, cutting the request mid-body.
      const haltedAt = Date.now();
      await ownServer.halt();
      expect(await progressOf(item)).toBeLessThan(100);
      // Lost mid-body, then retried after 1, 3 and 5 s against a closed port, then failed.
      await expect(chip(item)).toHaveAttribute('data-status', 'failed', { timeout: 30_000 });
      const failedAfter = Date.now() - haltedAt;
      await expect(item.getByRole('alert')).toContainText(NETWORK_MESSAGE);
      await expect(item.getByRole('button', { name: `Retry ${OUTAGE_FILE.name}` })).toBeVisible();
      expect(failedAfter, 'the automatic retries take about 9 s').toBeGreaterThanOrEqual(8_000);
      expect(created).toEqual([]);

      await ownServer.restart();
      await throttleUploads(cdp, null);
      await item.getByRole('button', { name: `Retry ${OUTAGE_FILE.name}` }).click();
      await expect(chip(item)).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
      await expect(item.getByText('100%')).toBeVisible();
      await expect(item.getByRole('alert')).toHaveCount(0);

      // The same session token works against the restarted server (its secret lives in DATA_DIR).
      await expect.poll(() => created.length).toBe(1);
      const clip = await getClip(page.request, baseURL!, await bearerOf(page), created[0]!.id);
      expect(clip).toMatchObject({ filename: OUTAGE_FILE.name, size: OUTAGE_FILE.size });
      expect(storedWithSize(ownServer.dataDir, OUTAGE_FILE.size)).toHaveLength(1);
    },
  );
});

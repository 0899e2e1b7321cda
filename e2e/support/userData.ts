/**
 * Helpers for the "a user's data lives and dies with their sign-in" browser tests: what the page keeps
 * of uploads (local storage and IndexedDB), the upload screen's list, slowed uploads, and the server's disk.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type CDPSession, type Locator, type Page } from '@playwright/test';

export const MB = 1024 * 1024;
export const UPLOAD_SESSION_KEY = 'courtside.uploads.session';
export const UPLOADS_PATH = '/api/v1/uploads';

/** The stored upload session (local storage), or null. */
export async function storedUploadSession(page: Page): Promise<{ ownerId?: string; files: Array<{ name: string }> } | null> {
  const raw = await page.evaluate((key) => window.localStorage.getItem(key), UPLOAD_SESSION_KEY);
  return raw === null ? null : (JSON.parse(raw) as { ownerId?: string; files: Array<{ name: string }> });
}

/** IndexedDB keys (idb-keyval's default store) holding kept upload contents. */
export async function keptFileKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('keyval-store');
        open.onupgradeneeded = () => open.result.createObjectStore('keyval');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const keys = db.transaction('keyval', 'readonly').objectStore('keyval').getAllKeys();
          keys.onsuccess = () => {
            db.close();
            resolve(keys.result.map(String).filter((k) => k.startsWith('courtside.upload.')));
          };
          keys.onerror = () => reject(keys.error);
        };
      }),
  );
}

export const fileList = (page: Page) => page.getByRole('list', { name: 'Selected files' });
export const fileRow = (page: Page, name: string) => fileList(page).getByRole('listitem', { name });
export const statusChip = (item: Locator) => item.locator('[data-status]');

export async function progressOf(item: Locator): Promise<number> {
  const text = (await item.getByText(/^\d+%$/).textContent()) ?? '0%';
  return Number.parseInt(text, 10);
}

export async function openUploadScreen(page: Page): Promise<void> {
  await page.goto('/clips/upload');
  await expect(page.getByRole('heading', { name: 'Upload Clips', level: 1 })).toBeVisible();
}

export async function pickFiles(page: Page, files: string[]): Promise<void> {
  await page.getByLabel('Select video files', { exact: true }).setInputFiles(files);
  await expect(fileList(page).getByRole('listitem')).toHaveCount(files.length);
}

/** Slows uploads to `bytesPerSecond` (DevTools network conditions); `null` lifts the limit. */
export async function throttleUploads(page: Page, bytesPerSecond: number | null): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond ?? -1,
  });
  return cdp;
}

/** The leave-page warning is held while uploads run: accept it, as a user would. */
export function acceptLeaveWarnings(page: Page): void {
  page.on('dialog', (dialog) => void dialog.accept().catch(() => undefined));
}

/** Every file under the server's DATA_DIR/uploads, partial uploads included (videos, thumbnails). */
export function filesOnServer(dataDir: string): string[] {
  const uploads = path.join(dataDir, 'uploads');
  if (!existsSync(uploads)) return [];
  return readdirSync(uploads, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(uploads, path.join(entry.parentPath, entry.name)));
}

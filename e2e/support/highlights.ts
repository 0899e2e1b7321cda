/** Highlights in browser tests: is the page's video playable, and what codec ffprobe reads in a saved file. */
import { execFileSync } from 'node:child_process';
import { expect, type Page } from '@playwright/test';

/** The page's one video has a frame to show (readyState ≥ HAVE_CURRENT_DATA). */
export async function expectPlayable(page: Page): Promise<void> {
  const video = page.locator('video');
  await expect(video).toHaveCount(1);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000, message: 'video readyState' })
    .toBeGreaterThanOrEqual(2);
}

export const currentTime = (page: Page): Promise<number> =>
  page.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime);

/** The codec of the file's first video stream, as the npm-shipped ffprobe reads it ('h264'). */
export function videoCodecOf(file: string): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const ffprobe = (require('@ffprobe-installer/ffprobe') as { path: string }).path;
  const args = ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=codec_name'];
  return execFileSync(ffprobe, [...args, '-of', 'default=noprint_wrappers=1:nokey=1', file])
    .toString()
    .trim();
}

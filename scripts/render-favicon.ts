/**
 * `npx tsx scripts/render-favicon.ts`: renders public/favicon.svg, the icon's source, to public/favicon.png, the
 * icon the pages link (docs/decisions.md "Favicon as PNG"), on Debian's Chromium. Run it after changing the SVG.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium';

const SIZE_PX = 64;
const PUBLIC_DIR = path.resolve(__dirname, '..', 'public');

async function main() {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: SIZE_PX, height: SIZE_PX } });
    const svg = readFileSync(path.join(PUBLIC_DIR, 'favicon.svg'), 'utf8').replace(
      '<svg ',
      `<svg width="${SIZE_PX}" height="${SIZE_PX}" `,
    );
    await page.setContent(`<!doctype html><html><body style="margin:0">${svg}</body></html>`);
    await page.locator('svg').screenshot({ path: path.join(PUBLIC_DIR, 'favicon.png'), omitBackground: true });
  } finally {
    await browser.close();
  }
}

void main();

/**
 * `npm run bench:upload`: uploads 10 files of 50 MB to the local API through the app in Debian's
 * Chromium, and the same files with curl in the same run (3 at a time in both, as the app's queue
 * does), then prints MB/s for each, the ratio, and the page's JS heap before and after.
 * Target: the app ≥ 80 % of curl's throughput; heap growth < 50 MB.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium } from '@playwright/test';
import { signIn } from '../support/auth';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';
import { startServer } from '../support/server';

const run = promisify(execFile);
const FILES = Number(process.env.BENCH_FILES ?? 10);
const MB = Number(process.env.BENCH_MB ?? 50);

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'courtside-bench-'));
  const files = Array.from({ length: FILES }, (_, i) => {
    const file = path.join(dir, `bench-${i + 1}.mp4`);
    writeFileSync(file, randomBytes(MB * 1024 * 1024));
    return file;
  });
  const totalMB = FILES * MB;
  const server = await startServer({ tokenTtlSeconds: 3600 });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--enable-precise-memory-info'],
  });
  try {
    const page = await browser.newPage({ baseURL: server.baseURL });
    await signIn(page, { email: 'bench@example.com' });
    const token = await page.evaluate(
      () => (JSON.parse(sessionStorage.getItem('courtside.auth') ?? '{}') as { token?: string }).token ?? '',
    );

    // curl, 3 at a time.
    const curlStart = Date.now();
    const queue = [...files];
    await Promise.all(
      Array.from({ length: 3 }, async () => {
        for (let f = queue.shift(); f; f = queue.shift()) {
          const { stdout } = await run('curl', [
            '-s',
            '-o',
            '/dev/null',
            '-w',
            '%{http_code}',
            '-H',
            `Authorization: Bearer ${token}`,
            '-H',
            'X-Frontend-Client: true',
            '-F',
            `video=@${f};type=video/mp4`,
            `${server.baseURL}/api/v1/uploads`,
          ]);
          if (stdout.trim() !== '201') throw new Error(`curl upload answered ${stdout}`);
        }
      }),
    );
    const curlSeconds = (Date.now() - curlStart) / 1000;

    // The app.
    const cdp = await page.context().newCDPSession(page);
    await page.goto('/clips/upload');
    await page.locator('input[type="file"]').first().waitFor({ state: 'attached' });
    await cdp.send('HeapProfiler.collectGarbage');
    const heapBefore = (await cdp.send('Runtime.getHeapUsage')).usedSize;
    await page.locator('input[type="file"]').first().setInputFiles(files);
    const uploadButton = page.getByRole('button', { name: 'Upload Files' });
    await uploadButton.waitFor();
    if (process.env.BENCH_SETTLE_MS) await page.waitForTimeout(Number(process.env.BENCH_SETTLE_MS));
    const appStart = Date.now();
    await uploadButton.click();
    // Each file's status chip carries data-status (src/features/uploads/UploadFileList.tsx).
    await page.waitForFunction((n) => document.querySelectorAll('[data-status="completed"]').length >= n, FILES, {
      timeout: 15 * 60_000,
      polling: 250,
    });
    const appSeconds = (Date.now() - appStart) / 1000;
    await cdp.send('HeapProfiler.collectGarbage');
    const heapAfter = (await cdp.send('Runtime.getHeapUsage')).usedSize;

    // Baseline: the same files by plain XHR from the same Chromium, no app code (3 at a time).
    await page.evaluate(
      `(() => { const i = document.createElement('input'); i.type = 'file'; i.multiple = true; i.id = 'bench-raw'; document.body.appendChild(i); })()`,
    );
    await page.locator('#bench-raw').setInputFiles(files);
    const rawMs = (await page.evaluate(`(async () => {
      const token = JSON.parse(sessionStorage.getItem('courtside.auth') || '{}').token;
      const queue = Array.from(document.getElementById('bench-raw').files);
      const send = (f) => new Promise((res) => { const x = new XMLHttpRequest(); const fd = new FormData(); fd.append('video', f);
        x.open('POST', '/api/v1/uploads'); x.setRequestHeader('Authorization', 'Bearer ' + token); x.onloadend = res; x.send(fd); });
      const t0 = performance.now();
      await Promise.all([0, 1, 2].map(async () => { for (let f = queue.shift(); f; f = queue.shift()) await send(f); }));
      return performance.now() - t0;
    })()`)) as number;
    const rawRate = totalMB / (rawMs / 1000);

    const curlRate = totalMB / curlSeconds;
    const appRate = totalMB / appSeconds;
    console.log(`Uploaded ${FILES} × ${MB} MB (${totalMB} MB) to the local API, 3 at a time:`);
    console.log(`  curl:             ${curlSeconds.toFixed(1).padStart(7)} s   ${curlRate.toFixed(1).padStart(7)} MB/s`);
    console.log(
      `  app in Chromium:  ${appSeconds.toFixed(1).padStart(7)} s   ${appRate.toFixed(1).padStart(7)} MB/s   (${((appRate / curlRate) * 100).toFixed(0)} % of curl; target ≥ 80 %)`,
    );
    console.log(
      `  plain XHR, same Chromium (no app): ${(rawMs / 1000).toFixed(1).padStart(5)} s   ${rawRate.toFixed(1).padStart(7)} MB/s   (${((rawRate / curlRate) * 100).toFixed(0)} % of curl: the browser's own ceiling)`,
    );
    console.log(
      `  page JS heap:     ${(heapBefore / 1e6).toFixed(1)} MB before, ${(heapAfter / 1e6).toFixed(1)} MB after (growth ${((heapAfter - heapBefore) / 1e6).toFixed(1)} MB; target < 50 MB)`,
    );
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

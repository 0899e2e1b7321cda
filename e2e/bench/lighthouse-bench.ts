/**
 * `npm run bench:lighthouse`: Lighthouse's mobile preset (simulated slow 4G and a 4× slower CPU) on Debian's
 * Chromium, against the production build served compressed by the local API with the demo data, as `npm start`
 * serves it. Five runs per page, and the median of each figure:
 *   - /login, signed out: score ≥ 99, LCP ≤ 1.5 s, TBT ≤ 50 ms, CLS ≤ 0.02;
 *   - My Clips (/clips) and Create Highlight for the demo's live event (/highlights/create/{id}), signed in
 *     as the demo coach: score ≥ 95.
 * Prints a table and the targets missed; it measures, it does not fail a build (docs/decisions.md "Benchmarks").
 * BENCH_RUNS changes the number of runs; BENCH_PAGES=login keeps to the login page (no demo wait); BENCH_SAVE_DIR
 * keeps every report and its trace; BENCH_CPU_PROFILE=1 adds V8's sampling profiler to that trace, to see which
 * code filled a task (the sampler slows the page: not for figures). BENCH_THROTTLING=devtools slows the network
 * and CPU for real instead of simulating the slow phone from an unthrottled load: slower and noisier, but it
 * shows what a waterfall costs.
 * Each run is a first visit, as Lighthouse measures by default: the browser's caches (HTTP and V8's code cache)
 * are cleared before it, the site's local storage is kept (Lighthouse's default `clearStorageTypes` leaves it),
 * so the demo coach's "Keep me signed in" session opens the signed-in pages. BENCH_VISIT=returning keeps the
 * caches too (Lighthouse's `disableStorageReset`): a visitor who opened the page before.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';
import { startServer, type RunningServer } from '../support/server';
import { liveEventHighlightPath, median, runBench, sessionToken, signInAsDemoCoach, waitForDemo } from './benchSupport';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** Runs Lighthouse itself could not record (NO_NAVSTART and the like) made again per page, before giving up. */
const MAX_FAILED_RUNS = 3;
const ONLY = process.env.BENCH_PAGES?.split(',').map((p) => p.trim());
/** BENCH_SAVE_DIR keeps each run's report and trace (JSON) there, to read its long tasks and diagnostics. */
const RETURNING = process.env.BENCH_VISIT === 'returning';
const SAVE_DIR = process.env.BENCH_SAVE_DIR;
const APPLIED_THROTTLING = process.env.BENCH_THROTTLING === 'devtools';
/** V8's sampler in the saved trace (BENCH_SAVE_DIR): which code ran in each task. */
const CPU_PROFILE = process.env.BENCH_CPU_PROFILE === '1';

interface Figures {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  siMs: number;
}

interface Target {
  score: number;
  lcpMs?: number;
  tbtMs?: number;
  cls?: number;
}

interface PageToMeasure {
  name: string;
  path: string | ((server: RunningServer, token: string) => Promise<string>);
  signedIn: boolean;
  target: Target;
}

const PAGES: PageToMeasure[] = [
  { name: 'login', path: '/login', signedIn: false, target: { score: 99, lcpMs: 1500, tbtMs: 50, cls: 0.02 } },
  { name: 'my-clips', path: '/clips', signedIn: true, target: { score: 95 } },
  {
    name: 'highlight-create',
    path: (server, token) => liveEventHighlightPath(server.baseURL, token),
    signedIn: true,
    target: { score: 95 },
  },
];

/** The demo coach's token, signed in with "Keep me signed in" so the tabs Lighthouse opens restore the session. */
async function demoCoachToken(port: number, baseURL: string): Promise<string> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const page = await browser.contexts()[0]!.newPage();
  await signInAsDemoCoach(page, baseURL);
  const token = await sessionToken(page);
  await page.close();
  await browser.close(); // disconnects Playwright; the browser stays up for Lighthouse
  return token;
}

async function main() {
  // Lighthouse and chrome-launcher ship as ES modules only.
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const pages = PAGES.filter((p) => !ONLY || ONLY.includes(p.name));
  const needsDemo = pages.some((p) => p.signedIn);

  // The demo seeder says when it is done at info level (server/lib/demo/seedDemo.ts).
  process.env.E2E_SERVER_LOG_LEVEL ??= 'info';
  const server = await startServer({ demoData: needsDemo, tokenTtlSeconds: 3600 });
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  try {
    if (needsDemo) await waitForDemo(server);
    const results: Array<{ page: PageToMeasure; path: string; figures: Figures; runs: Figures[] }> = [];
    // Signed-out pages first: once signed in, /login sends the visitor on to '/'.
    let token = '';
    for (const page of [...pages].sort((a, b) => Number(a.signedIn) - Number(b.signedIn))) {
      if (page.signedIn && !token) token = await demoCoachToken(chrome.port, server.baseURL);
      const path = typeof page.path === 'string' ? page.path : await page.path(server, token);
      const runs: Figures[] = [];
      let failedRuns = 0;
      for (let i = 0; i < RUNS; i += 1) {
        const result = await lighthouse(
          `${server.baseURL}${path}`,
          {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance'],
            ...(CPU_PROFILE ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } : {}),
            // The reset clears the caches and leaves local storage, where the session saved above lives; the login
            // page starts signed out either way (its visit never signs in).
            disableStorageReset: RETURNING,
            // BENCH_THROTTLING=devtools: the page really loads on the slowed network and CPU, and the figures are what
            // happened; by default Lighthouse simulates them from an unthrottled load (its model of the page's graph).
            ...(APPLIED_THROTTLING ? { throttlingMethod: 'devtools' as const } : {}),
          },
          undefined,
        );
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`Lighthouse gave no result for ${path}`);
        if (lhr.runtimeError) {
          // A trace Lighthouse could not read ("Please run Lighthouse again"): that run is made again, a few times.
          failedRuns += 1;
          if (failedRuns > MAX_FAILED_RUNS) throw new Error(`Lighthouse failed on ${path}: ${lhr.runtimeError.message}`);
          console.warn(`Lighthouse could not measure ${path} (${lhr.runtimeError.code}); running again`);
          i -= 1;
          continue;
        }
        if (new URL(lhr.finalDisplayedUrl).pathname !== path) {
          throw new Error(`Lighthouse measured ${lhr.finalDisplayedUrl}, not ${path} (was the session lost?)`);
        }
        if (SAVE_DIR) {
          await mkdir(SAVE_DIR, { recursive: true });
          await writeFile(join(SAVE_DIR, `${page.name}-${runs.length + 1}.json`), JSON.stringify(lhr));
          const trace = (result.artifacts as { Trace?: unknown }).Trace;
          if (trace) await writeFile(join(SAVE_DIR, `${page.name}-${runs.length + 1}.trace.json`), JSON.stringify(trace));
        }
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        runs.push({
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          lcpMs: audit('largest-contentful-paint'),
          tbtMs: audit('total-blocking-time'),
          cls: audit('cumulative-layout-shift'),
          fcpMs: audit('first-contentful-paint'),
          siMs: audit('speed-index'),
        });
      }
      const figures: Figures = {
        score: median(runs.map((r) => r.score)),
        lcpMs: median(runs.map((r) => r.lcpMs)),
        tbtMs: median(runs.map((r) => r.tbtMs)),
        cls: median(runs.map((r) => r.cls)),
        fcpMs: median(runs.map((r) => r.fcpMs)),
        siMs: median(runs.map((r) => r.siMs)),
      };
      results.push({ page, path, figures, runs });
    }

    console.log(
      `Lighthouse ${RUNS}× per page (mobile preset, ${APPLIED_THROTTLING ? 'applied (devtools) throttling' : 'simulated throttling'}, ${RETURNING ? 'returning visits: caches kept' : 'first visits: caches cleared'}), median of each figure:`,
    );
    console.log(
      `  ${'page'.padEnd(18)} ${'score'.padStart(5)} ${'FCP'.padStart(8)} ${'LCP'.padStart(8)} ${'TBT'.padStart(8)} ${'CLS'.padStart(6)} ${'SI'.padStart(8)}   scores of each run`,
    );
    const missed: string[] = [];
    for (const { page, path, figures: f, runs } of results) {
      console.log(
        `  ${page.name.padEnd(18)} ${String(f.score).padStart(5)} ${ms(f.fcpMs)} ${ms(f.lcpMs)} ${ms(f.tbtMs)} ${f.cls.toFixed(3).padStart(6)} ${ms(f.siMs)}   ${runs.map((r) => r.score).join(' ')}   ${path}`,
      );
      const t = page.target;
      if (f.score < t.score) missed.push(`${page.name}: score ${f.score} < ${t.score}`);
      if (t.lcpMs !== undefined && f.lcpMs > t.lcpMs) missed.push(`${page.name}: LCP ${Math.round(f.lcpMs)} ms > ${t.lcpMs} ms`);
      if (t.tbtMs !== undefined && f.tbtMs > t.tbtMs) missed.push(`${page.name}: TBT ${Math.round(f.tbtMs)} ms > ${t.tbtMs} ms`);
      if (t.cls !== undefined && f.cls > t.cls) missed.push(`${page.name}: CLS ${f.cls.toFixed(3)} > ${t.cls}`);
    }
    console.log('Targets: /login score ≥ 99, LCP ≤ 1500 ms, TBT ≤ 50 ms, CLS ≤ 0.02; My Clips and Create Highlight ≥ 95.');
    console.log(missed.length ? `Missed: ${missed.join('; ')}` : 'Every target met.');
  } finally {
    chrome.kill();
    await server.stop();
  }
}

const ms = (value: number) => `${Math.round(value)} ms`.padStart(8);

runBench(main);

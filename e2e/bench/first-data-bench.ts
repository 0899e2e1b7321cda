/**
 * `npm run bench:first-data`: on a first visit to a data screen, when its data is asked for and when it shows,
 * on Debian's Chromium throttled as Lighthouse's mobile preset describes its phone (150 ms round trips, 1.6 Mbit/s
 * down, 750 kbit/s up, the CPU 4× slower), signed in as the demo coach. Per page and run, from the navigation's
 * start: when the screen's first API call starts and when the last of its first calls ends (Resource Timing),
 * when the screen's own chunk has arrived, when its first item is on the page (a MutationObserver), and the largest
 * contentful paint, the last two also counted from the chunk's arrival; the medians of BENCH_RUNS runs (default 5)
 * are printed, and every run with BENCH_VERBOSE=1. Pages: My Clips and Create Highlight for the demo's live event
 * (BENCH_PAGES=my-clips,highlight-create). BENCH_COMPARE_DIST=<a build directory> also measures that build, run for
 * run in turn with this one's, each on a server of its own over a copy of the same demo data, so a change is measured
 * against what it changed under the same load.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';
import { DIST_DIR, startServer, type RunningServer } from '../support/server';
import { demoCoachState, liveEventHighlightPath, median, openSlowPhonePage, runBench, waitForDemo } from './benchSupport';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ONLY = (process.env.BENCH_PAGES ?? 'my-clips,highlight-create').split(',').map((p) => p.trim());
const COMPARE_DIST = process.env.BENCH_COMPARE_DIST ? path.resolve(process.env.BENCH_COMPARE_DIST) : null;
/** BENCH_VERBOSE=1 prints every run, with the largest paint's element. */
const VERBOSE = process.env.BENCH_VERBOSE === '1';
const CPU_SLOWDOWN = 4;
/** Lighthouse's mobile preset: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up (in bytes per second). */
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

interface PageSpec {
  name: string;
  path: string;
  /** The screen's first API calls (a part of their path): the first to start, the last to end. */
  calls: RegExp;
  /** The screen's own chunk file. */
  chunk: RegExp;
  /** Its first item on the page. */
  ready: string;
}

interface Run {
  callStart: number;
  callsEnd: number;
  chunkEnd: number;
  ready: number;
  lcp: number;
  /** The largest paint's element: its tag and the start of its text. */
  lcpElement: string;
}

const METRICS: Array<[string, (run: Run) => number]> = [
  ['first call starts', (r) => r.callStart],
  ['screen chunk here', (r) => r.chunkEnd],
  ['last first call ends', (r) => r.callsEnd],
  ['first item shown', (r) => r.ready],
  ['LCP', (r) => r.lcp],
  // After the screen's own chunk arrived: what waiting for the data costs, apart from how long the chunks took (which
  // varies most from run to run on a busy host).
  ['first item − chunk', (r) => r.ready - r.chunkEnd],
  ['LCP − chunk', (r) => r.lcp - r.chunkEnd],
];

/** Runs in the page before its scripts: the time the selector first matches, and the largest contentful paint. */
const recorder = (ready: string) => `
  window.__firstData = { ready: null, lcp: null, lcpElement: '' };
  const check = () => {
    if (window.__firstData.ready === null && document.querySelector(${JSON.stringify(ready)})) {
      window.__firstData.ready = performance.now();
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      window.__firstData.lcp = e.startTime;
      window.__firstData.lcpElement = e.element ? e.element.tagName + ' ' + (e.element.textContent || '').slice(0, 40) : '';
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
`;

async function measure(browser: Browser, baseURL: string, state: string, spec: PageSpec): Promise<Run> {
  const { context, page, cdp } = await openSlowPhonePage(browser, state, CPU_SLOWDOWN);
  try {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await page.addInitScript(recorder(spec.ready));
    await page.goto(`${baseURL}${spec.path}`);
    await page.locator(spec.ready).first().waitFor({ timeout: 120_000 });
    // The largest paint may come with the thumbnails after the first item.
    await page.waitForTimeout(2_000);
    const seen = await page.evaluate(
      ({ calls, chunk }) => {
        const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
        const api = entries.filter((e) => new RegExp(calls).test(new URL(e.name).pathname));
        const screen = entries.find((e) => new RegExp(chunk).test(new URL(e.name).pathname));
        const recorded = (window as unknown as { __firstData: { ready: number | null; lcp: number | null; lcpElement: string } })
          .__firstData;
        return {
          callStart: api.length ? Math.min(...api.map((e) => e.startTime)) : NaN,
          callsEnd: api.length ? Math.max(...api.map((e) => e.responseEnd)) : NaN,
          chunkEnd: screen?.responseEnd ?? NaN,
          ready: recorded.ready ?? NaN,
          lcp: recorded.lcp ?? NaN,
          lcpElement: recorded.lcpElement,
        };
      },
      { calls: spec.calls.source, chunk: spec.chunk.source },
    );
    return seen;
  } finally {
    await context.close();
  }
}

interface Build {
  name: string;
  server: RunningServer;
  state: string;
  runs: Map<string, Run[]>;
}

async function main() {
  process.env.E2E_SERVER_LOG_LEVEL ??= 'info';
  // The demo is made once, then each build's server starts on a copy of it.
  const seedDir = mkdtempSync(path.join(tmpdir(), 'courtside-first-data-'));
  const dirs = [seedDir];
  const builds: Build[] = [];
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const first = await startServer({ demoData: true, tokenTtlSeconds: 3600, dataDir: seedDir });
    builds.push({ name: 'this build', server: first, state: '', runs: new Map() });
    await waitForDemo(first);
    if (COMPARE_DIST) {
      await first.halt();
      const copy = mkdtempSync(path.join(tmpdir(), 'courtside-first-data-'));
      dirs.push(copy);
      cpSync(seedDir, copy, { recursive: true });
      await first.restart();
      const other = await startServer({ demoData: true, tokenTtlSeconds: 3600, dataDir: copy, env: { DIST_DIR: COMPARE_DIST } });
      builds.push({ name: path.basename(COMPARE_DIST), server: other, state: '', runs: new Map() });
    }
    let token = '';
    for (const build of builds) {
      const signedIn = await demoCoachState(browser, build.server.baseURL);
      build.state = signedIn.state;
      token ||= signedIn.token;
    }
    const specs: PageSpec[] = [
      {
        name: 'my-clips',
        path: '/clips',
        calls: /^\/api\/v1\/clips$/,
        chunk: /\/my-clips\.[^/]*\.js$/,
        ready: 'a[href^="/clips/event/"]',
      },
      {
        name: 'highlight-create',
        path: ONLY.includes('highlight-create') ? await liveEventHighlightPath(first.baseURL, token) : '',
        calls: /^\/api\/v1\/(events\/[^/]+|tags\/event\/[^/]+|clips\/event\/[^/]+)$/,
        chunk: /\/highlight-create\.[^/]*\.js$/,
        ready: 'input[type="checkbox"]',
      },
    ].filter((spec) => ONLY.includes(spec.name));

    console.log(
      `First visits: Chromium at 150 ms RTT, 1.6 Mbit/s, CPU ${CPU_SLOWDOWN}× slower; ${RUNS} runs` +
        (COMPARE_DIST ? `, ${DIST_DIR} and ${COMPARE_DIST} in turn` : ''),
    );
    for (let i = 0; i < RUNS; i += 1) {
      for (const spec of specs) {
        for (const build of i % 2 ? [...builds].reverse() : builds) {
          const run = await measure(browser, build.server.baseURL, build.state, spec);
          if (VERBOSE) console.log(`  ${spec.name} ${build.name} run ${i + 1}: ${JSON.stringify(run)}`);
          build.runs.set(spec.name, [...(build.runs.get(spec.name) ?? []), run]);
        }
      }
    }
    for (const spec of specs) {
      console.log(`\n${spec.name} (${spec.path}), median ms from the navigation's start:`);
      console.log(`  ${''.padEnd(22)}${builds.map((b) => b.name.padStart(22)).join('')}`);
      for (const [label, of] of METRICS) {
        const cells = builds.map((b) => String(Math.round(median((b.runs.get(spec.name) ?? []).map(of)))).padStart(22));
        console.log(`  ${label.padEnd(22)}${cells.join('')}`);
      }
    }
  } finally {
    await browser.close();
    for (const build of builds) await build.server.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

runBench(main);

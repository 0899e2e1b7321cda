/**
 * `npm run bench:boot`: where the main thread goes while the app starts, on Debian's Chromium with the CPU
 * slowed 4× (as Lighthouse's mobile preset does). For each page: every long task (over 50 ms) with the app's
 * `courtside:*` performance marks that ended inside it, and the blocking time (each task's part
 * over 50 ms, summed), as the median of BENCH_RUNS runs (default 5). Lighthouse gives the score; this shows
 * which task to cut. Pages: /login signed out, and My Clips and Create Highlight (the demo's live event) signed
 * in as the demo coach (BENCH_PAGES=login keeps to the first, without waiting for the demo data).
 * BENCH_VISIT=returning measures a returning visitor instead: each run is a browser profile of its own, on disk,
 * that has opened the page twice before (so Chromium has the files in its cache and V8's compiled code beside
 * them, which it only keeps for a profile on disk); BENCH_VISIT=first (the default) is a fresh browser context.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';
import { startServer } from '../support/server';
import {
  PHONE_SCREEN,
  demoCoachState,
  benchPages,
  median,
  openSlowPhonePage,
  runBench,
  slowDown,
  waitForDemo,
} from './benchSupport';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ONLY = process.env.BENCH_PAGES?.split(',').map((p) => p.trim());
const CPU_SLOWDOWN = 4;
const RETURNING = process.env.BENCH_VISIT === 'returning';
/** Visits before the measured one: V8 keeps a script's compiled code from its second load on. */
const EARLIER_VISITS = 2;

interface Task {
  start: number;
  duration: number;
  stages: string[];
}

interface Run {
  tasks: Task[];
  blockingMs: number;
}

/** Runs in the page before any of its scripts: keeps every long task and boot mark. */
const RECORDER = `
  window.__boot = { tasks: [], marks: [] };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__boot.tasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name.startsWith('courtside:')) window.__boot.marks.push({ name: e.name, at: e.startTime });
  }).observe({ type: 'mark', buffered: true });
`;

/** A phone-sized browser profile on disk that has opened `url` EARLIER_VISITS times, signed in as `storageState` says. */
async function returningVisitor(url: string, storageState: string | undefined, ready: string) {
  const dir = mkdtempSync(join(tmpdir(), 'courtside-boot-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    ...PHONE_SCREEN,
  });
  if (storageState) {
    // The sign-in's cookies and saved session, put in once (a persistent profile takes no storageState).
    const state = JSON.parse(storageState) as Awaited<ReturnType<BrowserContext['storageState']>>;
    await context.addCookies(state.cookies);
    const origin = new URL(url).origin;
    const items = state.origins.find((o) => o.origin === origin)?.localStorage ?? [];
    const page = await context.newPage();
    await page.goto(`${origin}/favicon.png`);
    await page.evaluate((entries) => entries.forEach(({ name, value }) => localStorage.setItem(name, value)), items);
    await page.close();
  }
  for (let i = 0; i < EARLIER_VISITS; i += 1) {
    const page = await context.newPage();
    await page.goto(url);
    await page.locator(ready).first().waitFor({ timeout: 60_000 });
    await page.waitForTimeout(1_000);
    await page.close();
  }
  const page = await context.newPage();
  await slowDown(context, page, CPU_SLOWDOWN);
  return { context, page, close: () => context.close().then(() => rmSync(dir, { recursive: true, force: true })) };
}

async function measure(browser: Browser, url: string, storageState: string | undefined, ready: string): Promise<Run> {
  const { page, close } = RETURNING
    ? await returningVisitor(url, storageState, ready)
    : await openSlowPhonePage(browser, storageState, CPU_SLOWDOWN).then((p) => ({ ...p, close: () => p.context.close() }));
  await page.addInitScript(RECORDER);
  await page.goto(url);
  await page.locator(ready).first().waitFor({ timeout: 60_000 });
  // Whatever the first screen still does after it shows (data, lazy chunks) counts too.
  await page.waitForTimeout(3_000);
  const boot = await page.evaluate(
    () => (window as unknown as { __boot: { tasks: Task[]; marks: Array<{ name: string; at: number }> } }).__boot,
  );
  await close();
  const tasks = boot.tasks.map((t) => ({
    start: t.start,
    duration: t.duration,
    stages: boot.marks.filter((m) => m.at >= t.start && m.at <= t.start + t.duration).map((m) => m.name.slice(10)),
  }));
  return { tasks, blockingMs: tasks.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0) };
}

async function main() {
  const names = ['login', 'my-clips', 'highlight-create'].filter((name) => !ONLY || ONLY.includes(name));
  const needsDemo = names.some((name) => name !== 'login');
  process.env.E2E_SERVER_LOG_LEVEL ??= 'info';
  const server = await startServer({ demoData: needsDemo, tokenTtlSeconds: 3600 });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    if (needsDemo) await waitForDemo(server);
    const signedIn = needsDemo ? await demoCoachState(browser, server.baseURL) : undefined;
    const state = signedIn?.state;
    const pages = await benchPages(server.baseURL, signedIn?.token, names, 'h1:has-text("My Clips")');
    console.log(
      `Long tasks while the app starts (Chromium, CPU ${CPU_SLOWDOWN}× slower, ${RETURNING ? `a returning visit: the page opened ${EARLIER_VISITS} times before` : 'a first visit'}), ${RUNS} runs per page:`,
    );
    for (const p of pages) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        runs.push(await measure(browser, `${server.baseURL}${p.path}`, p.signedIn ? state : undefined, p.ready));
      }
      const mid = [...runs].sort((a, b) => a.blockingMs - b.blockingMs)[Math.floor(runs.length / 2)]!;
      console.log(
        `\n${p.name} (${p.path}): blocking time median ${Math.round(median(runs.map((r) => r.blockingMs)))} ms` +
          ` (runs: ${runs.map((r) => Math.round(r.blockingMs)).join(', ')}); the median run's long tasks:`,
      );
      for (const t of mid.tasks) {
        console.log(
          `  at ${String(Math.round(t.start)).padStart(6)} ms  ${String(Math.round(t.duration)).padStart(4)} ms  ${t.stages.join(', ') || '(no boot stage ended in it)'}`,
        );
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

runBench(main);

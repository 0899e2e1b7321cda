/**
 * `npm run bench:boot`: where the main thread goes while the app starts, on Debian's Chromium with the CPU
 * slowed 4× (as Lighthouse's mobile preset does). For each page: every long task (over 50 ms) with the boot
 * stages (`courtside:*` marks, src/index.tsx) that ended inside it, and the blocking time (each task's part
 * over 50 ms, summed), as the median of BENCH_RUNS runs (default 5). Lighthouse gives the score; this shows
 * which stage to cut. Pages: /login signed out, and My Clips signed in as the demo coach (BENCH_PAGES=login
 * keeps to the first, without waiting for the demo data).
 */
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';
import { startServer } from '../support/server';
import { demoCoachState, median, openSlowPhonePage, runBench, waitForDemo } from './benchSupport';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ONLY = process.env.BENCH_PAGES?.split(',').map((p) => p.trim());
const CPU_SLOWDOWN = 4;

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

async function measure(browser: Browser, url: string, storageState: string | undefined, ready: string): Promise<Run> {
  const { context, page } = await openSlowPhonePage(browser, storageState, CPU_SLOWDOWN);
  await page.addInitScript(RECORDER);
  await page.goto(url);
  await page.locator(ready).first().waitFor({ timeout: 60_000 });
  // Whatever the first screen still does after it shows (data, lazy chunks) counts too.
  await page.waitForTimeout(3_000);
  const boot = await page.evaluate(
    () => (window as unknown as { __boot: { tasks: Task[]; marks: Array<{ name: string; at: number }> } }).__boot,
  );
  await context.close();
  const tasks = boot.tasks.map((t) => ({
    start: t.start,
    duration: t.duration,
    stages: boot.marks.filter((m) => m.at >= t.start && m.at <= t.start + t.duration).map((m) => m.name.slice(10)),
  }));
  return { tasks, blockingMs: tasks.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0) };
}

async function main() {
  const pages = [
    { name: 'login', path: '/login', signedIn: false, ready: 'button:has-text("Sign in"):enabled' },
    { name: 'my-clips', path: '/clips', signedIn: true, ready: 'h1:has-text("My Clips")' },
  ].filter((p) => !ONLY || ONLY.includes(p.name));
  const needsDemo = pages.some((p) => p.signedIn);
  process.env.E2E_SERVER_LOG_LEVEL ??= 'info';
  const server = await startServer({ demoData: needsDemo, tokenTtlSeconds: 3600 });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    if (needsDemo) await waitForDemo(server);
    const state = needsDemo ? await demoCoachState(browser, server.baseURL) : undefined;
    console.log(`Long tasks while the app starts (Chromium, CPU ${CPU_SLOWDOWN}× slower), ${RUNS} runs per page:`);
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

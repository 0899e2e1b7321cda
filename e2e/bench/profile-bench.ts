/**
 * `npm run bench:profile`: where a page's main-thread CPU goes while it starts, by the original source it ran,
 * on Debian's Chromium with the CPU slowed 4× (as Lighthouse's mobile preset does). bench:boot says which long
 * tasks there are; this says what code filled them: the V8 sampling profile of the page's first seconds, each
 * sample's top frame mapped through the build's source maps to a package (`react-dom`, `@mui/material`, …) or
 * one of our files, summed over BENCH_RUNS runs (default 3) and printed as the median ms per run. Samples
 * inside a long task are counted apart (what blocking time is made of); a task is read off the profile as a run
 * of samples with no idle one between them, lasting over 50 ms, so it approximates the browser's own tasks.
 * Pages: My Clips signed in as the demo coach (default), Create Highlight for the demo's live event, and /login
 * signed out (BENCH_PAGES=my-clips,highlight-create,login).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';
import { DIST_DIR, startServer } from '../support/server';
import { benchPages, demoCoachState, median, openSlowPhonePage, runBench, waitForDemo } from './benchSupport';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const ONLY = (process.env.BENCH_PAGES ?? 'my-clips').split(',').map((p) => p.trim());
const CPU_SLOWDOWN = 4;
/** How many sources to list per page. */
const TOP = Number(process.env.BENCH_TOP ?? 25);
const DETAIL = process.env.BENCH_DETAIL;
/** BENCH_TASKS=1 also prints each run's long tasks in order: when each started, and what filled it. */
const TASKS = process.env.BENCH_TASKS === '1';

interface ProfileNode {
  id: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** One source map per built file, read once. */
const maps = new Map<string, TraceMap | null>();
function mapFor(url: string): TraceMap | null {
  const file = new URL(url).pathname.replace(/^\//, '');
  if (!maps.has(file)) {
    let map: TraceMap | null;
    try {
      map = new TraceMap(readFileSync(path.join(DIST_DIR, `${file}.map`), 'utf8'));
    } catch {
      map = null; // a file without a map: named by its path
    }
    maps.set(file, map);
  }
  return maps.get(file)!;
}

/** `node_modules/@mui/material/…` → `@mui/material`; `src/features/clips/X.tsx` → that path. */
function sourceName(source: string): string {
  const nm = source.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = source.slice(nm + 'node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  const src = source.indexOf('src/');
  return src >= 0 ? source.slice(src) : source.replace(/^webpack:\/\/[^/]*\//, '');
}

function frameName(node: ProfileNode, origin: string): string {
  const { url, functionName, lineNumber, columnNumber } = node.callFrame;
  // V8's own entries ('(idle)', '(program)', '(garbage collector)') and native functions without a script.
  if (!url) return functionName.startsWith('(') ? functionName : `(${functionName || 'native'})`;
  if (!url.startsWith(origin)) return `(${new URL(url).protocol.replace(':', '')})`;
  const map = mapFor(url);
  if (!map) return new URL(url).pathname;
  const pos = originalPositionFor(map, { line: lineNumber + 1, column: columnNumber });
  if (!pos.source) return new URL(url).pathname;
  const name = sourceName(pos.source);
  // BENCH_DETAIL=luxon (a package or a file of ours) splits that source by function and line.
  return DETAIL && name === DETAIL ? `${name} ${functionName || '(anonymous)'} ${pos.source.split('/').pop()}:${pos.line}` : name;
}

interface RunTotals {
  all: Map<string, number>;
  inLongTasks: Map<string, number>;
  /** By the nearest of our own files (src/) on the stack: what our code caused, in libraries included. */
  byOwnCaller: Map<string, number>;
}

async function measure(browser: Browser, url: string, storageState: string | undefined, ready: string): Promise<RunTotals> {
  const { context, page, cdp } = await openSlowPhonePage(browser, storageState, CPU_SLOWDOWN);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(url);
  await page.locator(ready).first().waitFor({ timeout: 60_000 });
  await page.waitForTimeout(3_000);
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  await context.close();

  const origin = new URL(url).origin;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const names = new Map<number, string>();
  const totals: RunTotals = { all: new Map(), inLongTasks: new Map(), byOwnCaller: new Map() };
  const parentOf = new Map<number, number>();
  for (const n of profile.nodes) for (const child of n.children ?? []) parentOf.set(child, n.id);
  const ownCallers = new Map<number, string>();
  const ownCallerOf = (id: number): string => {
    if (!ownCallers.has(id)) {
      const name = frameName(byId.get(id)!, origin);
      const parent = parentOf.get(id);
      ownCallers.set(
        id,
        name.startsWith('src/') ? name : parent === undefined ? '(no file of ours on the stack)' : ownCallerOf(parent),
      );
    }
    return ownCallers.get(id)!;
  };
  // A task, as the profile shows it: a run of samples with no idle one between them. Its samples count as
  // "inside a long task" when the run lasts over 50 ms.
  let task: Array<[string, number, string]> = [];
  let clock = 0;
  let taskStart = 0;
  const endTask = () => {
    const duration = task.reduce((sum, [, ms]) => sum + ms, 0);
    if (duration > 50) {
      for (const [name, ms] of task) totals.inLongTasks.set(name, (totals.inLongTasks.get(name) ?? 0) + ms);
      if (TASKS) printTask(taskStart, duration, task);
    }
    task = [];
  };
  for (let i = 0; i < profile.samples.length; i += 1) {
    // A sample's time is the delta to the next one: what ran from this sample to the next.
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    clock += ms;
    const node = byId.get(profile.samples[i]!)!;
    if (!names.has(node.id)) names.set(node.id, frameName(node, origin));
    const name = names.get(node.id)!;
    if (name === '(idle)') {
      endTask();
      continue;
    }
    if (!task.length) taskStart = clock - ms;
    task.push([name, ms, ownCallerOf(node.id)]);
    totals.all.set(name, (totals.all.get(name) ?? 0) + ms);
    const caller = ownCallerOf(node.id);
    totals.byOwnCaller.set(caller, (totals.byOwnCaller.get(caller) ?? 0) + ms);
  }
  endTask();
  return totals;
}

/** One long task: its start (ms since profiling began), length, and its three largest sources and own callers. */
function printTask(start: number, duration: number, samples: Array<[string, number, string]>): void {
  const top = (pick: (s: [string, number, string]) => string) => {
    const sums = new Map<string, number>();
    for (const s of samples) sums.set(pick(s), (sums.get(pick(s)) ?? 0) + s[1]);
    return [...sums]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([name, ms]) => `${name} ${Math.round(ms)}`)
      .join(', ');
  };
  console.log(
    `    task at ${Math.round(start)} ms, ${Math.round(duration)} ms: ${top((s) => s[0])}\n        by our files: ${top((s) => s[2])}`,
  );
}

function printTable(title: string, runs: Array<Map<string, number>>): void {
  const names = new Set(runs.flatMap((r) => [...r.keys()]));
  const rows = [...names].map((name) => ({ name, ms: median(runs.map((r) => r.get(name) ?? 0)) })).sort((a, b) => b.ms - a.ms);
  const total = median(runs.map((r) => [...r.values()].reduce((s, v) => s + v, 0)));
  console.log(`\n  ${title}: ${Math.round(total)} ms (median of the runs' totals)`);
  for (const row of rows.slice(0, TOP)) {
    console.log(`    ${row.ms.toFixed(1).padStart(7)} ms  ${row.name}`);
  }
}

async function main() {
  process.env.E2E_SERVER_LOG_LEVEL ??= 'info';
  const needsDemo = ONLY.some((p) => p !== 'login');
  const server = await startServer({ demoData: needsDemo, tokenTtlSeconds: 3600 });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    if (needsDemo) await waitForDemo(server);
    const signedIn = needsDemo ? await demoCoachState(browser, server.baseURL) : undefined;
    const state = signedIn?.state;
    const pages = await benchPages(server.baseURL, signedIn?.token, ONLY, 'a[href^="/clips/event/"]');
    console.log(`Main-thread CPU by source while the page starts (Chromium, CPU ${CPU_SLOWDOWN}× slower), ${RUNS} runs:`);
    for (const p of pages) {
      const pathname = p.path;
      const runs: RunTotals[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        runs.push(await measure(browser, `${server.baseURL}${pathname}`, p.signedIn ? state : undefined, p.ready));
      }
      console.log(`\n${p.name} (${pathname})`);
      printTable(
        'all samples',
        runs.map((r) => r.all),
      );
      printTable(
        'inside long tasks (> 50 ms)',
        runs.map((r) => r.inLongTasks),
      );
      printTable(
        'all samples by the nearest file of ours on the stack',
        runs.map((r) => r.byOwnCaller),
      );
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

runBench(main);

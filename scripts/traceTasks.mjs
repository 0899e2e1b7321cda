/**
 * The page's main-thread tasks in a trace that `BENCH_SAVE_DIR=dir npm run bench:lighthouse` kept (Chromium's own
 * events, not samples): which tasks are long, and what each is made of. Lighthouse's simulated blocking time counts
 * every task of the page's start at its 1× length times the CPU multiplier (4 on the mobile preset), so a task of
 * more than 12.5 ms here adds to it (docs/performance.md "Reading a trace"). Used by scripts/trace-tasks.mjs.
 */

/** Lighthouse's mobile CPU multiplier, and the length over which a task blocks. */
export const CPU_MULTIPLIER = 4;
export const BLOCKING_OVER_MS = 50;

/** The events of a saved trace: Chromium writes either `{ traceEvents: [...] }` or the bare array. */
export function traceEventsOf(trace) {
  const events = Array.isArray(trace) ? trace : trace?.traceEvents;
  if (!Array.isArray(events)) throw new Error('Not a trace: expected an array of events or { traceEvents: [...] }.');
  return events;
}

const isComplete = (e) => e.ph === 'X' && typeof e.dur === 'number' && typeof e.ts === 'number';

/**
 * The page's main thread: of the renderer main threads in the trace (Lighthouse's blank page, the page itself),
 * the one whose tasks took longest.
 */
export function pageMainThread(events) {
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const busy = new Map();
  for (const e of events) {
    if (e.name === 'RunTask' && isComplete(e)) busy.set(`${e.pid}:${e.tid}`, (busy.get(`${e.pid}:${e.tid}`) ?? 0) + e.dur);
  }
  let best = null;
  for (const m of mains) {
    const time = busy.get(`${m.pid}:${m.tid}`) ?? 0;
    if (!best || time > best.time) best = { pid: m.pid, tid: m.tid, time };
  }
  if (!best) throw new Error('The trace has no renderer main thread (CrRendererMain).');
  return { pid: best.pid, tid: best.tid };
}

/** A short label for an event: its name, with the file or function it ran where the event says. */
export function labelOf(event) {
  const data = event.args?.data ?? {};
  const where = data.url ?? data.functionName ?? event.args?.fileName ?? '';
  const file = String(where).split('/').pop();
  return file ? `${event.name}(${file})` : event.name;
}

/**
 * The thread's top-level tasks, from the page's navigation (or the first task), each with its start (ms after it),
 * length (ms), its direct children's longest few, and the blocking time it adds at the CPU multiplier.
 */
export function mainThreadTasks(events, { childCount = 4 } = {}) {
  const { pid, tid } = pageMainThread(events);
  const onThread = events.filter((e) => e.pid === pid && e.tid === tid && isComplete(e));
  onThread.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const navigation = events.find((e) => e.name === 'navigationStart' && e.pid === pid);
  const tasks = [];
  let current = null;
  let stack = [];
  for (const e of onThread) {
    if (e.name === 'RunTask' && (!current || e.ts >= current.end)) {
      current = { event: e, end: e.ts + e.dur, children: [] };
      tasks.push(current);
      stack = [];
      continue;
    }
    if (!current || e.ts >= current.end) continue;
    while (stack.length && e.ts >= stack[stack.length - 1]) stack.pop();
    if (!stack.length) current.children.push(e);
    stack.push(e.ts + e.dur);
  }
  const origin = navigation?.ts ?? tasks[0]?.event.ts ?? 0;
  return tasks.map(({ event, children }) => {
    const ms = event.dur / 1000;
    return {
      startMs: (event.ts - origin) / 1000,
      ms,
      blockingMs: Math.max(0, ms * CPU_MULTIPLIER - BLOCKING_OVER_MS),
      children: [...children]
        .sort((a, b) => b.dur - a.dur)
        .slice(0, childCount)
        .map((c) => ({ label: labelOf(c), ms: c.dur / 1000 })),
    };
  });
}

/** What the long tasks add up to: their count, their time at 1×, and the blocking time of every task. */
export function summarize(tasks, minMs) {
  const long = tasks.filter((t) => t.ms >= minMs);
  return {
    count: long.length,
    longMs: long.reduce((sum, t) => sum + t.ms, 0),
    blockingMs: tasks.reduce((sum, t) => sum + t.blockingMs, 0),
  };
}

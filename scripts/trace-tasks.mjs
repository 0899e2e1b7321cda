/**
 * `npm run trace:tasks -- <trace.json> [minMs]`: the page's main-thread tasks of at least minMs (default 12.5, the
 * length over which Lighthouse's 4× counts a task as blocking) in a trace kept by
 * `BENCH_SAVE_DIR=dir npm run bench:lighthouse`, each with its largest parts, then what they add up to.
 * The blocking time printed is every task's 4× length over 50 ms, summed from the navigation on: Lighthouse counts only
 * those between the first paint and the page's quiet, in its own simulated order, so it is an upper bound.
 */
import { readFileSync } from 'node:fs';
import { mainThreadTasks, summarize, traceEventsOf } from './traceTasks.mjs';

const [file, minArg] = process.argv.slice(2);
if (!file) {
  console.error('Usage: npm run trace:tasks -- <trace.json> [minMs]');
  process.exit(2);
}
const minMs = minArg === undefined ? 12.5 : Number(minArg);
if (!Number.isFinite(minMs) || minMs < 0) {
  console.error(`minMs must be a number of milliseconds, not "${minArg}".`);
  process.exit(2);
}

let events;
try {
  events = traceEventsOf(JSON.parse(readFileSync(file, 'utf8')));
} catch (error) {
  console.error(`Cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

const tasks = mainThreadTasks(events);
console.log('  start ms   length ms  largest parts (ms)');
for (const task of tasks) {
  if (task.ms < minMs) continue;
  const parts = task.children.map((c) => `${c.label} ${c.ms.toFixed(1)}`).join(', ');
  console.log(`${task.startMs.toFixed(0).padStart(9)} ${task.ms.toFixed(1).padStart(11)}  ${parts}`);
}
const { count, longMs, blockingMs } = summarize(tasks, minMs);
console.log(
  `${count} tasks of ${minMs} ms or more, ${longMs.toFixed(0)} ms in all; ` +
    `every task's 4× length over 50 ms, summed: ${blockingMs.toFixed(0)} ms`,
);

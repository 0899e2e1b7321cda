/** What the benches share: the median of their runs, and waiting for the demo data a bench measures against. */
import type { RunningServer } from '../support/server';

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Waits (10 minutes at most) until the server says the demo data is ready (at info level, seedDemo.ts). */
export async function waitForDemo(server: RunningServer): Promise<void> {
  const deadline = Date.now() + 10 * 60_000;
  while (!/Demo data: (done|moved)/.test(server.output())) {
    if (Date.now() > deadline) throw new Error(`The demo data was not ready in 10 minutes:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

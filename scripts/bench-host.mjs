/**
 * `npm run bench:host`: the pace of this machine now, to read the other benches' figures against (docs/performance.md
 * "The machine's pace"). Chromium starts every page in a new renderer on fresh memory, so what a page of fresh memory
 * costs to fault in moves the Lighthouse and browser-test figures far more than the CPU's speed does.
 * Prints the median of 5 rounds of each: faulting in 256 MiB of fresh memory, per 4 KiB page; touching the same
 * memory again; and a fixed CPU loop.
 */
const ROUNDS = 5;
const BYTES = 256 * 1024 * 1024;
const PAGE = 4096;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const elapsedMs = (start) => Number(process.hrtime.bigint() - start) / 1e6;

function touch(buffer) {
  for (let i = 0; i < buffer.length; i += PAGE) buffer[i] = 1;
}

const fresh = [];
const again = [];
const loop = [];
for (let round = 0; round < ROUNDS; round++) {
  let start = process.hrtime.bigint();
  // allocUnsafeSlow: its own mapping, not the pool's, so each round faults in memory it never touched.
  const buffer = Buffer.allocUnsafeSlow(BYTES);
  touch(buffer);
  fresh.push(elapsedMs(start));
  start = process.hrtime.bigint();
  touch(buffer);
  again.push(elapsedMs(start));

  start = process.hrtime.bigint();
  let x = 0;
  for (let i = 0; i < 200_000_000; i++) x = (x + i * 7) % 1_000_003;
  loop.push(elapsedMs(start));
  if (x < 0) console.log(x); // keeps the loop from being optimised away
}

const pages = BYTES / PAGE;
const perPageUs = (ms) => ((ms * 1000) / pages).toFixed(2);
console.log(`Fresh memory: ${perPageUs(median(fresh))} µs a page to fault in (${median(fresh).toFixed(0)} ms for 256 MiB)`);
console.log(`The same memory again: ${perPageUs(median(again))} µs a page`);
console.log(`CPU loop (200 M steps): ${median(loop).toFixed(0)} ms`);

/**
 * npm run bench:load — how much load one server takes, on PGlite and on PostgreSQL (docs/capacity.md).
 *
 * Per engine: starts the real server (`node --import tsx server/index.ts`, PORT=0) on a fresh DATA_DIR (and, for
 * PostgreSQL, a throwaway cluster from scripts/throwaway-postgres.sh), seeds through the API only (events, users,
 * their tags and small clip uploads: scripts/load/seed.ts), then drives a weighted mix of simulated users with
 * autocannon at rising connection counts, and each request kind alone at one middle count. Prints per step req/s,
 * p50/p99 latency, errors (non-2xx, connection errors, timeouts) and the CPU the server, its ffmpeg/ffprobe
 * children, the database and this bench used; then per kind inside the mix, and the knee: the fewest connections
 * that reach 90 % of the best throughput (more only adds latency).
 *
 * A measurement, not a test: exit 0 whatever the numbers, 1 only when something crashed. docs/capacity.md records
 * what it printed on the team's machine. Knobs (env): BENCH_ENGINES=pglite,postgres, BENCH_STEPS=1,2,4,8,16,32,64
 * (connections), BENCH_DURATION=8 (seconds per step), BENCH_KIND_CONNECTIONS=16, BENCH_USERS=20; DATABASE_POOL_SIZE
 * reaches the server as usual.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  KINDS,
  MIX_WEIGHTS,
  percentile,
  requestBuilder,
  runStep,
  stopCurrentRun,
  weightedPicker,
  type Kind,
  type StepResult,
} from './load/mix';
import { cpuPercent, sampleCpu, startPostgres, startServer, type CpuSample } from './load/processes';
import { startAbuser, type AbuseCounts } from './load/abuser';
import { seed, signIn } from './load/seed';
import { freePort } from './support/net';

type Engine = 'pglite' | 'postgres';

const numbers = (value: string): number[] => value.split(',').map((s) => Number(s.trim()));
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',').map((s) => s.trim()) as Engine[];
const STEPS = numbers(process.env.BENCH_STEPS ?? '1,2,4,8,16,32,64');
const DURATION_SEC = Number(process.env.BENCH_DURATION ?? 8);
const KIND_CONNECTIONS = Number(process.env.BENCH_KIND_CONNECTIONS ?? 16);
const USERS = Number(process.env.BENCH_USERS ?? 20);
/** The fair-use comparison: the mix at KIND_CONNECTIONS without and then beside the abuser, this long each. */
const ABUSE_DURATION_SEC = Number(process.env.BENCH_ABUSE_DURATION ?? 20);
/** BENCH_ABUSE=0 skips the comparison. */
const ABUSE = process.env.BENCH_ABUSE !== '0';
/** Not reported: the first seconds of load warm the JIT, PGlite's caches and the pg pool. */
const WARM_UP_SEC = 3;
/** The knee: the fewest connections reaching this share of the best throughput. */
const KNEE_SHARE = 0.9;

// ---- cleanup: every child and cluster is stopped, on success, on a crash and on Ctrl-C -------------------------

const cleanups: (() => Promise<void>)[] = [];

/** Runs `fn` at cleanup time (last registered first), whether the bench ends well or not. */
function onCleanup(fn: () => Promise<void>): void {
  cleanups.push(fn);
}

async function cleanUp(): Promise<void> {
  while (cleanups.length) {
    const fn = cleanups.pop();
    await fn?.().catch((error: unknown) => console.error('cleanup failed:', error));
  }
}

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping the load, the server and the database…`);
    stopCurrentRun();
    void cleanUp().finally(() => process.exit(130));
  });
}

// ---- one engine ----------------------------------------------------------------------------------------------

interface Row {
  label: string;
  result: StepResult;
  cpu: Omit<CpuSample, 'atMs'>;
}

/** A fresh DATA_DIR, the database, the server: what one engine's run stands on. */
async function startStack(engine: Engine): Promise<{ origin: string; serverPid: number; postmasterPid: number | null }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `courtside-bench-load-${engine}-`));
  onCleanup(() => rm(dataDir, { recursive: true, force: true }));
  const env: Record<string, string> = {};
  let postmasterPid: number | null = null;
  if (engine === 'postgres') {
    const pgDir = await mkdtemp(path.join(os.tmpdir(), 'courtside-bench-load-pg-'));
    onCleanup(() => rm(pgDir, { recursive: true, force: true }));
    const pg = await startPostgres(pgDir, await freePort());
    onCleanup(pg.stop);
    env.DATABASE_URL = pg.url;
    // As a deployment of several servers would set it (docs/api.md): the key from the environment, not the database.
    env.SECRET_KEY = randomBytes(32).toString('base64');
    postmasterPid = pg.pid;
  }
  const server = await startServer(dataDir, env);
  onCleanup(server.stop);
  return { origin: server.origin, serverPid: server.pid, postmasterPid };
}

async function benchEngine(engine: Engine): Promise<void> {
  const started = performance.now();
  const { origin, serverPid, postmasterPid } = await startStack(engine);
  const seeded = await seed(origin, { users: USERS, tagsPerUser: 5, uploadsPerUser: 3 });
  console.log(
    `\n${engine}: seeded ${USERS} users, ${seeded.eventIds.length} events, ${USERS * 5} tags, ${USERS * 3} uploads ` +
      `in ${((performance.now() - started) / 1000).toFixed(1)} s (server and database started)`,
  );
  const build = requestBuilder(seeded);
  const mix = weightedPicker(MIX_WEIGHTS);

  /** One measured step, with the CPU every process used during it. */
  const measure = async (label: string, pick: () => Kind, connections: number): Promise<Row> => {
    const before = sampleCpu(serverPid, postmasterPid);
    const result = await runStep(origin, build, pick, connections, DURATION_SEC);
    const cpu = cpuPercent(before, sampleCpu(serverPid, postmasterPid));
    if (interrupted) throw new Error('interrupted');
    // A server that died under load is a crash, not a slow number.
    if (!isAlive(serverPid)) throw new Error(`the server exited during step "${label}"`);
    console.log(
      `  ${label.padEnd(12)} ${String(connections).padStart(3)} conns  ${result.reqPerSec.toFixed(0).padStart(6)} req/s`,
    );
    return { label, result, cpu };
  };

  await runStep(origin, build, mix, 4, WARM_UP_SEC);
  const mixRows: Row[] = [];
  for (const connections of STEPS) mixRows.push(await measure('mix', mix, connections));
  const kindRows: Row[] = [];
  for (const kind of KINDS) kindRows.push(await measure(`${kind} alone`, () => kind, KIND_CONNECTIONS));

  printReport(engine, mixRows, kindRows);
  if (ABUSE) await compareWithAbuser(engine, origin, seeded, serverPid, postmasterPid);
}

/**
 * The normal users' mix at KIND_CONNECTIONS, alone and then beside one abusing account (scripts/load/abuser.ts):
 * what the fair-use limits leave the others. Target: their p99 and error rate within 2× of the run without it.
 */
async function compareWithAbuser(
  engine: Engine,
  origin: string,
  seeded: Awaited<ReturnType<typeof seed>>,
  serverPid: number,
  postmasterPid: number | null,
): Promise<void> {
  const build = requestBuilder(seeded);
  const mix = weightedPicker(MIX_WEIGHTS);
  const run = async (): Promise<{ result: StepResult; cpu: Omit<CpuSample, 'atMs'> }> => {
    const before = sampleCpu(serverPid, postmasterPid);
    const result = await runStep(origin, build, mix, KIND_CONNECTIONS, ABUSE_DURATION_SEC);
    return { result, cpu: cpuPercent(before, sampleCpu(serverPid, postmasterPid)) };
  };
  const alone = await run();
  const abuser = await startAbuser(origin, seeded, await signIn(origin, 'abuser@example.com'));
  let beside: { result: StepResult; cpu: Omit<CpuSample, 'atMs'> };
  let counts: AbuseCounts;
  try {
    // A few seconds for the abuser to fill the render queue and reach its limits.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    beside = await run();
  } finally {
    counts = await abuser.stop();
  }
  const title = engine === 'postgres' ? 'PostgreSQL' : 'PGlite';
  const errorRate = (r: StepResult): number => (r.errors / Math.max(1, r.reqPerSec * ABUSE_DURATION_SEC)) * 100;
  console.log(
    `
=== ${title}: the normal users' mix at ${KIND_CONNECTIONS} connections, ${ABUSE_DURATION_SEC} s, without and beside an abuser ===
`,
  );
  console.log(
    table([
      ['run', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'error %', 'server CPU', 'ffmpeg CPU'],
      ...(
        [
          ['without', alone],
          ['beside the abuser', beside],
        ] as const
      ).map(([label, { result: r, cpu }]) => [
        label,
        r.reqPerSec.toFixed(0),
        ms(r.p50),
        ms(r.p99),
        String(r.errors),
        `${errorRate(r).toFixed(2)} %`,
        pct(cpu.server),
        pct(cpu.media),
      ]),
    ]),
  );
  console.log(`
Inside the mix, per kind (ms):
`);
  console.log(
    perKindTable([
      { label: 'without', ...alone },
      { label: 'beside', ...beside },
    ]),
  );
  console.log(`
What the abuser's requests got (status: count):`);
  for (const [activity, byStatus] of Object.entries(counts.byActivity)) {
    console.log(
      `  ${activity.padEnd(24)} ${Object.entries(byStatus)
        .map(([status, n]) => `${status}: ${n}`)
        .join(', ')}`,
    );
  }
  const p99Ratio = beside.result.p99 / Math.max(1, alone.result.p99);
  const errorsOk = errorRate(beside.result) <= Math.max(2 * errorRate(alone.result), 0.1);
  console.log(
    `
${title} fair use: p99 ${ms(alone.result.p99)} → ${ms(beside.result.p99)} ms (${p99Ratio.toFixed(2)}×), ` +
      `errors ${errorRate(alone.result).toFixed(2)} % → ${errorRate(beside.result).toFixed(2)} %: ` +
      (p99Ratio <= 2 && errorsOk ? 'within 2× (target met)' : 'NOT within 2×'),
  );
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

// ---- the report ------------------------------------------------------------------------------------------------

function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  return rows
    .map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  '))
    .join('\n');
}

const pct = (n: number): string => `${n.toFixed(0)} %`;
const ms = (n: number): string => (Number.isFinite(n) ? (n < 10 ? n.toFixed(1) : n.toFixed(0)) : '-');

function stepTable(engine: Engine, rows: Row[]): string {
  const header = [
    'step',
    'conns',
    'req/s',
    'p50 ms',
    'p99 ms',
    'errors',
    'server CPU',
    'ffmpeg CPU',
    'db CPU',
    'bench CPU',
    'others CPU',
  ];
  return table([
    header,
    ...rows.map(({ label, result: r, cpu }) => [
      label,
      String(r.connections),
      r.reqPerSec.toFixed(0),
      ms(r.p50),
      ms(r.p99),
      String(r.errors),
      pct(cpu.server),
      pct(cpu.media),
      engine === 'postgres' ? pct(cpu.database) : 'in server',
      pct(cpu.bench),
      // What else ran meanwhile (other people's tests): the machine's busy time minus ours.
      pct(Math.max(0, cpu.machine - cpu.server - cpu.media - cpu.database - cpu.bench)),
    ]),
  ]);
}

/** Inside the mix, per kind: p50/p99 in ms (autocannon only reports the whole mix). */
function perKindTable(rows: Row[]): string {
  return table([
    ['conns', ...KINDS.map((k) => `${k} p50/p99`)],
    ...rows.map(({ result: r }) => [
      String(r.connections),
      ...KINDS.map((k) => {
        const s = r.perKind[k];
        return s ? `${ms(percentile(s.latenciesMs, 50))}/${ms(percentile(s.latenciesMs, 99))}` : '-';
      }),
    ]),
  ]);
}

/** Each call of a step, slowest p50 first: which page makes a kind slow. */
function perCallTable(result: StepResult): string {
  const calls = Object.entries(result.perCall).map(([call, latencies]) => ({
    call,
    n: latencies.length,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  }));
  calls.sort((a, b) => b.p50 - a.p50);
  return table([['call', 'n', 'p50', 'p99'], ...calls.map((c) => [c.call, String(c.n), ms(c.p50), ms(c.p99)])]);
}

/** The fewest connections reaching KNEE_SHARE of the best throughput, and what latency did past it. */
function kneeLine(mixRows: Row[]): string {
  const best = mixRows.reduce((a, b) => (b.result.reqPerSec > a.result.reqPerSec ? b : a));
  const knee = mixRows.find((r) => r.result.reqPerSec >= KNEE_SHARE * best.result.reqPerSec) ?? best;
  const last = mixRows[mixRows.length - 1] ?? knee;
  return (
    `knee: ${knee.result.connections} connections, ${knee.result.reqPerSec.toFixed(0)} req/s ` +
    `(≥ ${KNEE_SHARE * 100} % of the best, ${best.result.reqPerSec.toFixed(0)} req/s at ${best.result.connections}); ` +
    `p99 ${ms(knee.result.p99)} ms there, ${ms(last.result.p99)} ms at ${last.result.connections} connections`
  );
}

function printReport(engine: Engine, mixRows: Row[], kindRows: Row[]): void {
  const title = engine === 'postgres' ? 'PostgreSQL' : 'PGlite';
  const weights = KINDS.map((k) => `${k} ${MIX_WEIGHTS[k]} %`).join(', ');
  console.log(
    `\n=== ${title}: ${DURATION_SEC} s per step; mix = ${weights}; CPU in % of one core (this machine: ${os.cpus().length}) ===\n`,
  );
  console.log(stepTable(engine, [...mixRows, ...kindRows]));
  console.log(`\nInside the mix, per kind (ms):\n`);
  console.log(perKindTable(mixRows));
  const failing = [...mixRows, ...kindRows].filter((r) => r.result.errors > 0);
  for (const { label, result } of failing) {
    console.log(`errors in "${label}" at ${result.connections}: status codes ${JSON.stringify(result.statusCodes)}`);
  }
  for (const row of kindRows.filter((r) => r.label === 'list alone' || r.label === 'search alone')) {
    console.log(`\n"${row.label}" at ${row.result.connections} connections, per call (ms):\n`);
    console.log(perCallTable(row.result));
  }
  const slowest = kindRows.reduce((a, b) => (b.result.reqPerSec < a.result.reqPerSec ? b : a));
  console.log(`\n${title} ${kneeLine(mixRows)}`);
  console.log(
    `${title} alone at ${KIND_CONNECTIONS} connections, the kind that saturates first: ${slowest.label.replace(' alone', '')} ` +
      `(${slowest.result.reqPerSec.toFixed(0)} req/s, p99 ${ms(slowest.result.p99)} ms)`,
  );
}

// ---- main ------------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  console.log(
    `bench:load on ${os.cpus().length} cores (client and server share them), engines ${ENGINES.join(', ')}, ` +
      `steps ${STEPS.join(', ')} connections, ${DURATION_SEC} s each`,
  );
  for (const engine of ENGINES) {
    if (engine !== 'pglite' && engine !== 'postgres') throw new Error(`unknown engine "${engine}" (pglite, postgres)`);
    try {
      await benchEngine(engine);
    } finally {
      await cleanUp();
    }
  }
}

main().then(
  () => process.exit(0),
  async (error: unknown) => {
    if (interrupted) return; // the signal handler cleans up and exits
    console.error('bench:load crashed:', error);
    await cleanUp();
    process.exit(1);
  },
);

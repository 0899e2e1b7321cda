/**
 * The processes the load bench measures: the real server (`node --import tsx server/index.ts`) as a child in its own
 * process group, a throwaway PostgreSQL cluster (scripts/throwaway-postgres.sh), and how much CPU each used (from
 * /proc, so the report can say which process was busy when throughput stopped growing).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { sleep } from '../support/net';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');
const run = promisify(execFile);

export interface Server {
  origin: string;
  pid: number;
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * Starts the server on a port the OS picks (PORT=0) and reads it from the line it prints. Its own process group
 * (detached), so stopping it also ends the ffmpeg/ffprobe children uploads start, and Ctrl-C reaches only us: we
 * stop it ourselves, in order.
 */
/** The load servers' ADMIN_EMAILS: the admin the seed signs in as. */
export const BENCH_ADMIN_EMAIL = 'bench-admin@example.com';

export async function startServer(dataDir: string, env: Record<string, string>): Promise<Server> {
  const inherited: NodeJS.ProcessEnv = { ...process.env };
  // Whatever in our environment would change what is measured behind our back.
  for (const key of [
    'DATABASE_URL',
    'SECRET_KEY',
    'TRUST_PROXY',
    'GOOGLE_MAPS_KEY',
    'LOGOUT_REDIRECT',
    'IDP_NAME',
    'OIDC_ISSUER',
    'OIDC_CLIENT_ID',
    'STANDIN_IDP',
  ]) {
    delete inherited[key];
  }
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: REPO_ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...inherited,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: path.join(dataDir, 'no-dist'), // the API only: no build needed
      DEMO_DATA: '0',
      LOG_LEVEL: 'silent',
      PUBLIC_ORIGIN: '',
      RENDER_WORKERS: '0', // no renders are queued; a worker would only poll
      ADMIN_EMAILS: BENCH_ADMIN_EMAIL,
      ...env,
    },
  });
  let output = '';
  const collect = (chunk: Buffer): void => {
    output = (output + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
    signalGroup(child.pid, 'SIGTERM');
    // The server gives requests in flight 10 s and exits by 14 s (docs/api.md "Connections, timeouts and shutdown").
    if (!(await Promise.race([exited.then(() => true), sleep(16_000).then(() => false)]))) signalGroup(child.pid, 'SIGKILL');
    signalGroup(child.pid, 'SIGKILL'); // stragglers (an ffmpeg) in the group
  };

  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && child.exitCode === null) {
    const port = /is running at http:\/\/localhost:(\d+)\//.exec(output)?.[1];
    if (port && child.pid !== undefined)
      return { origin: `http://127.0.0.1:${port}`, pid: child.pid, output: () => output, stop };
    await sleep(100);
  }
  await stop();
  throw new Error(`the server did not start:\n${output}`);
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // the group is already gone
  }
}

export interface Postgres {
  url: string;
  /** The postmaster's pid, whose children are the backends. */
  pid: number;
  stop: () => Promise<void>;
}

/** A throwaway cluster in `dir` (fsync off, as for the server tests): its URL, and how to stop it. */
export async function startPostgres(dir: string, port: number): Promise<Postgres> {
  const script = path.join(REPO_ROOT, 'scripts', 'throwaway-postgres.sh');
  const stop = async (): Promise<void> => {
    await run('bash', [script, 'stop', dir]).catch(() => undefined);
  };
  try {
    const { stdout } = await run('bash', [script, 'start', dir, String(port)]);
    const url = stdout.trim().split('\n').pop() ?? '';
    if (!url.startsWith('postgres://')) throw new Error(`throwaway-postgres.sh printed no URL: ${stdout}`);
    const pid = Number(readFileSync(path.join(dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
    return { url, pid, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** CPU seconds so far: a process's own, and what its exited children (ffmpeg, ffprobe, ended backends) used. */
interface ProcCpu {
  own: number;
  children: number;
}

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

function readStat(pid: number): { ppid: number; cpu: ProcCpu } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after "pid (comm) ": state ppid … utime(11) stime(12) cutime(13) cstime(14), counted from state.
    const f = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    const at = (i: number): number => f[i] ?? 0;
    return {
      ppid: at(1),
      cpu: { own: (at(11) + at(12)) / TICKS_PER_SECOND, children: (at(13) + at(14)) / TICKS_PER_SECOND },
    };
  } catch {
    return null; // gone
  }
}

/** CPU seconds of the server (its own, and its media tools') and of the database cluster (all its processes). */
export interface CpuSample {
  atMs: number;
  server: number;
  media: number;
  database: number;
  bench: number;
  /** Everything the machine ran, ours and other people's (the bench shares the machine). */
  machine: number;
}

/** Busy CPU seconds of the whole machine, all cores (/proc/stat: user … steal, less idle and iowait). */
function machineBusy(): number {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]?.split(/\s+/).slice(1, 9).map(Number) ?? [];
  const total = cpu.reduce((sum, n) => sum + (Number.isFinite(n) ? n : 0), 0);
  return (total - (cpu[3] ?? 0) - (cpu[4] ?? 0)) / TICKS_PER_SECOND;
}

export function sampleCpu(serverPid: number, postmasterPid: number | null): CpuSample {
  const server = readStat(serverPid);
  let database = 0;
  if (postmasterPid !== null) {
    const postmaster = readStat(postmasterPid);
    database = postmaster ? postmaster.cpu.own + postmaster.cpu.children : 0;
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const stat = readStat(Number(entry));
      if (stat?.ppid === postmasterPid) database += stat.cpu.own;
    }
  }
  const bench = process.cpuUsage();
  return {
    atMs: performance.now(),
    server: server?.cpu.own ?? 0,
    media: server?.cpu.children ?? 0,
    database,
    bench: (bench.user + bench.system) / 1e6,
    machine: machineBusy(),
  };
}

/** Percent of one core each used between two samples (200 % = both cores of this machine). */
export function cpuPercent(from: CpuSample, to: CpuSample): Omit<CpuSample, 'atMs'> {
  const seconds = (to.atMs - from.atMs) / 1000;
  const pct = (a: number, b: number): number => (seconds > 0 ? (100 * (b - a)) / seconds : 0);
  return {
    server: pct(from.server, to.server),
    media: pct(from.media, to.media),
    database: pct(from.database, to.database),
    bench: pct(from.bench, to.bench),
    machine: pct(from.machine, to.machine),
  };
}

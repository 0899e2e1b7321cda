/**
 * Starts the real local API (`tsx server/index.ts`) exactly as `npm start` does, but isolated:
 * a free port on 127.0.0.1, a fresh DATA_DIR in the OS temp dir (without the demo data unless asked), and its
 * own process group so stopping it also ends tsx's child process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, sleep } from '../../scripts/support/net';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');
/** Every test server's ADMIN_EMAILS. */
export const E2E_ADMIN_EMAIL = 'e2e-admin@example.com';
/** Where global setup leaves the migrated, empty data directory a fresh test server starts from. */
export const DB_TEMPLATE_ENV = 'E2E_DB_TEMPLATE';
export const DIST_DIR = process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : path.join(REPO_ROOT, 'dist');

export interface StartServerOptions {
  /** Token lifetime; default 3600 s (the server's own default). */
  tokenTtlSeconds?: number;
  /** Extra environment for the server (e.g. LOGOUT_REDIRECT: '1'). */
  env?: Record<string, string>;
  /** How long to wait for the health check; default 60 s. */
  startTimeoutMs?: number;
  /** Listen on this port instead of a free one. */
  port?: number;
  /** Use this DATA_DIR instead of a fresh temp dir; it is then the caller's, and never removed by stop(). */
  dataDir?: string;
  /** Seed the demo data as `npm start` does (DEMO_DATA); default off, so tests start from an empty directory. */
  demoData?: boolean;
}

export interface RunningServer {
  baseURL: string;
  dataDir: string;
  /** Everything the server printed so far (for failure messages). */
  output(): string;
  /** Ends the server and removes the data dir it created (never a dataDir passed in the options). */
  stop(): Promise<void>;
  /**
   * Ends the server process only (SIGTERM, SIGKILL after 5 s; or straight away with 'SIGKILL'), keeping
   * the port free and DATA_DIR as it is, so restart() can bring the same server back.
   */
  halt(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  /** Starts the server again on the same port and DATA_DIR (halting it first if it still runs). */
  restart(): Promise<void>;
}

/** Fails with a clear instruction when there is no built app to serve. */
export function assertAppBuilt(): void {
  const index = path.join(DIST_DIR, 'index.html');
  if (!existsSync(index)) {
    throw new Error(
      `\n\nNo built app at ${index}.\nRun "npm run build" first (or "npm run test:e2e", which builds when needed).\n`,
    );
  }
}

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { headers: { accept: 'text/html,application/json' }, signal: AbortSignal.timeout(2_000) });
    return res.ok;
  } catch {
    return false;
  }
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal); // the whole group: tsx and the node process it starts
  } catch {
    /* already gone */
  }
}

interface Launched {
  child: ChildProcess;
  exitPromise: Promise<void>;
  exitCode(): number | null | undefined;
}

function launch(port: number, dataDir: string, opts: StartServerOptions, collect: (chunk: Buffer) => void): Launched {
  const child = spawn(path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx'), ['server/index.ts'], {
    cwd: REPO_ROOT,
    detached: true, // own process group, killed as a whole in stop()
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      // The browser is sent to this origin; links and redirects must stay on it (sessionStorage is per origin).
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DIST_DIR,
      TOKEN_TTL_SECONDS: String(opts.tokenTtlSeconds ?? 3600),
      // The admin who makes the tests' admins (e2e/support/auth.ts): no sign-in field grants a role.
      ADMIN_EMAILS: E2E_ADMIN_EMAIL,
      LOG_LEVEL: process.env.E2E_SERVER_LOG_LEVEL ?? 'warn',
      ...opts.env,
      DEMO_DATA: opts.demoData ? '1' : '0',
    },
  });
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  let exited: number | null | undefined;
  const exitPromise = new Promise<void>((resolve) => {
    child.on('exit', (code, signal) => {
      exited = code ?? (signal ? -1 : null);
      resolve();
    });
  });
  return { child, exitPromise, exitCode: () => exited };
}

async function end(run: Launched, signal: 'SIGTERM' | 'SIGKILL'): Promise<void> {
  if (run.exitCode() === undefined) {
    killGroup(run.child, signal);
    const done = await Promise.race([run.exitPromise.then(() => true), sleep(5_000).then(() => false)]);
    if (!done) {
      killGroup(run.child, 'SIGKILL');
      await Promise.race([run.exitPromise, sleep(2_000)]);
    }
  }
  // The group may still hold a straggler after the leader exited.
  killGroup(run.child, 'SIGKILL');
}

/** Waits for the health check; undefined when it answered, else why not. */
async function waitUntilUp(run: Launched, baseURL: string, timeoutMs: number): Promise<string | undefined> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const code = run.exitCode();
    if (code !== undefined) return `The API server exited (code ${code}) before answering.`;
    if ((await answers(`${baseURL}/api/v1/health`)) || (await answers(`${baseURL}/login`))) return undefined;
    await sleep(250);
  }
  return `The API server did not answer within ${timeoutMs} ms.`;
}

export async function startServer(opts: StartServerOptions = {}): Promise<RunningServer> {
  assertAppBuilt();
  const port = opts.port ?? (await freePort());
  const ownDataDir = opts.dataDir === undefined;
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'courtside-e2e-'));
  // The database a first start would make, copied (what the server does on an empty directory is its own tests').
  const template = process.env[DB_TEMPLATE_ENV];
  if (ownDataDir && template) cpSync(path.join(template, 'db'), path.join(dataDir, 'db'), { recursive: true });
  const baseURL = `http://127.0.0.1:${port}`;
  const timeoutMs = opts.startTimeoutMs ?? 60_000;
  let log = '';

  const collect = (chunk: Buffer) => {
    log += chunk.toString('utf8');
    if (log.length > 200_000) log = log.slice(-100_000);
    if (process.env.E2E_SERVER_LOG) process.stderr.write(`[server:${port}] ${chunk.toString('utf8')}`);
  };
  let run = launch(port, dataDir, opts, collect);

  const halt = async (signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM') => end(run, signal);
  const stop = async () => {
    await end(run, 'SIGTERM');
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  const restart = async () => {
    await end(run, 'SIGTERM');
    run = launch(port, dataDir, opts, collect);
    const problem = await waitUntilUp(run, baseURL, timeoutMs);
    if (problem) {
      await end(run, 'SIGKILL');
      throw new Error(`${problem} (restart on port ${port})\n--- server output ---\n${log}`);
    }
  };

  const problem = await waitUntilUp(run, baseURL, timeoutMs);
  if (problem) {
    await stop();
    throw new Error(`${problem}\n--- server output ---\n${log}`);
  }
  return { baseURL, dataDir, output: () => log, stop, halt, restart };
}

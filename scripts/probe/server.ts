/**
 * Starts the real API (`tsx server/index.ts`) as an outsider would: its own process group (so tsx and the node
 * process it starts end together), a port of our choosing and a DATA_DIR we own. Nothing from server/ is imported.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort, sleep } from '../support/net';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');

export { freePort, sleep };

export interface ServerSpec {
  port: number;
  dataDir: string;
  /** The built app to serve: the probe's own small one (see makeDist), so it does not depend on a build. */
  distDir: string;
  env?: Record<string, string>;
}

export interface Proc {
  readonly spec: ServerSpec;
  readonly origin: string;
  /** Everything printed so far (stdout and stderr). */
  output(): string;
  /** Exit code (signal → -1) once exited, else undefined. */
  exitCode(): number | null | undefined;
  exited: Promise<void>;
  /** Signals the whole process group. */
  signal(sig: NodeJS.Signals): void;
}

export const PROBE_ADMIN_EMAIL = 'probe-admin@example.com';

/** Environment the server gets: ours minus anything that would change its behaviour behind our back. */
function serverEnv(spec: ServerSpec): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of [
    'SECRET_KEY',
    'PUBLIC_ORIGIN',
    'SOURCE_MAPS',
    'LOGOUT_REDIRECT',
    'IDP_NAME',
    'GOOGLE_MAPS_KEY',
    'OIDC_ISSUER',
    'OIDC_CLIENT_ID',
    'OIDC_CLIENT_SECRET',
    'STANDIN_IDP',
  ]) {
    delete env[key];
  }
  return {
    ...env,
    PORT: String(spec.port),
    HOST: '127.0.0.1',
    DATA_DIR: spec.dataDir,
    DIST_DIR: spec.distDir,
    TOKEN_TTL_SECONDS: '3600',
    LOG_LEVEL: 'warn',
    // The probe judges the server's answers on data it made itself, not on the demo's.
    DEMO_DATA: '0',
    // The probe's admin is made as every admin is: named in ADMIN_EMAILS.
    ADMIN_EMAILS: PROBE_ADMIN_EMAIL,
    ...spec.env,
  };
}

export function launch(spec: ServerSpec): Proc {
  const child: ChildProcess = spawn(path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx'), ['server/index.ts'], {
    cwd: REPO_ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: serverEnv(spec),
  });
  let log = '';
  const collect = (chunk: Buffer): void => {
    log += chunk.toString('utf8');
    if (log.length > 100_000) log = log.slice(-50_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  let code: number | null | undefined;
  const exited = new Promise<void>((resolve) => {
    child.on('exit', (c, sig) => {
      code = c ?? (sig ? -1 : null);
      resolve();
    });
    child.on('error', (err) => {
      collect(Buffer.from(String(err)));
      code = -2;
      resolve();
    });
  });
  return {
    spec,
    origin: `http://127.0.0.1:${spec.port}`,
    output: () => log,
    exitCode: () => code,
    exited,
    signal(sig) {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, sig);
      } catch {
        // group already gone
      }
    },
  };
}

/** Resolves 'up' once /api/v1/health answers 200 on the right Host, or 'exited' / 'timeout'. */
export async function waitUp(proc: Proc, timeoutMs: number): Promise<'up' | 'exited' | 'timeout'> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.exitCode() !== undefined) return 'exited';
    try {
      const res = await fetch(`${proc.origin}/api/v1/health`, { signal: AbortSignal.timeout(1_000) });
      if (res.status === 200) return 'up';
    } catch {
      // not listening yet
    }
    await sleep(150);
  }
  return proc.exitCode() !== undefined ? 'exited' : 'timeout';
}

/** Waits for the process to exit on its own; true when it did within `ms`. */
export async function exitsWithin(proc: Proc, ms: number): Promise<boolean> {
  if (proc.exitCode() !== undefined) return true;
  return Promise.race([proc.exited.then(() => true), sleep(ms).then(() => false)]);
}

/** SIGTERM, then SIGKILL after 5 s, then a final SIGKILL for stragglers in the group. */
export async function stop(proc: Proc): Promise<void> {
  if (proc.exitCode() === undefined) {
    proc.signal('SIGTERM');
    if (!(await exitsWithin(proc, 5_000))) {
      proc.signal('SIGKILL');
      await exitsWithin(proc, 2_000);
    }
  }
  proc.signal('SIGKILL');
}

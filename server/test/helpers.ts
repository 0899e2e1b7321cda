import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import type { Readable } from 'node:stream';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../app';
import type { Venue } from '../lib/venues';
import { seedEmptyDb } from './freshDb';
import { dropTestDatabase, onPostgres, testDbOptions } from './testDb';

/** Tiny stand-in for server/data/venues.json so tests do not depend on it. */
export const TEST_VENUES: Venue[] = [
  {
    id: 'venue-lambeau',
    name: 'Lambeau Field',
    address: '1265 Lombardi Ave',
    city: 'Green Bay',
    state: 'WI',
    zip: '54304',
    latitude: 44.5013,
    longitude: -88.0622,
    timezone: 'America/Chicago',
    sport: 'football',
  },
  {
    id: 'venue-wrigley',
    name: 'Wrigley Field',
    address: '1060 W Addison St',
    city: 'Chicago',
    state: 'IL',
    zip: '60613',
    latitude: 41.9484,
    longitude: -87.6553,
    timezone: 'America/Chicago',
    sport: 'baseball',
  },
  {
    id: 'venue-unitedcenter',
    name: 'United Center',
    address: '1901 W Madison St',
    city: 'Chicago',
    state: 'IL',
    zip: '60612',
    latitude: 41.8807,
    longitude: -87.6742,
    timezone: 'America/Chicago',
    sport: 'basketball',
  },
];

export interface Clock {
  now: () => number;
  advance: (ms: number) => void;
  set: (ms: number) => void;
}

export function makeClock(start = Date.now()): Clock {
  let t = start;
  return {
    now: () => t,
    advance: (ms) => {
      t += ms;
    },
    set: (ms) => {
      t = ms;
    },
  };
}

export async function tempDir(prefix = 'courtside-test-'): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), prefix));
}

/** An empty data directory, as on a first start (its database already made: see freshDb.ts). */
export async function freshDataDir(prefix?: string): Promise<string> {
  const dataDir = await tempDir(prefix);
  if (!onPostgres) await seedEmptyDb(dataDir); // on PostgreSQL its database is made on first use (testDb.ts)
  return dataDir;
}

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  clock: Clock;
  close: () => Promise<void>;
}

/** Every test server's ADMIN_EMAILS: the admin that makes others admins (signIn's `admin`). */
export const TEST_ADMIN_EMAIL = 'test-admin@example.com';

export async function startApp(opts: Partial<BuildAppOptions> = {}): Promise<TestApp> {
  const dataDir = opts.dataDir ?? (await freshDataDir());
  const clock = makeClock();
  // No publicOrigin: the default is http://localhost:<listening port>, i.e. `localhost:80` before listen,
  // which is the Host `app.inject()` sends; tests that listen are reached on 127.0.0.1/localhost:<port>.
  const app = await buildApp({
    venues: TEST_VENUES,
    distDir: path.join(dataDir, 'no-dist'),
    now: clock.now,
    ...(await testDbOptions(dataDir)),
    adminEmails: [TEST_ADMIN_EMAIL],
    ...opts,
    dataDir,
  });
  return {
    app,
    dataDir,
    clock,
    close: async () => {
      await app.close();
      await dropTestDatabase(dataDir);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs the stand-in IdP form and returns the code and state of the redirect. */
export async function authorize(
  app: FastifyInstance,
  email: string,
  opts: { state?: string; redirectUri?: string } = {},
  extraFields: Record<string, string> = {},
): Promise<{ code: string; state: string; location: string }> {
  const state = opts.state ?? 'test-state';
  const form = new URLSearchParams({
    ...extraFields,
    state,
    redirect_uri: opts.redirectUri ?? '/login',
    provider: 'google',
    email,
  });
  const res = await app.inject({
    method: 'POST',
    url: '/idp/authorize',
    headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'localhost' },
    payload: form.toString(),
  });
  if (res.statusCode !== 302) throw new Error(`authorize failed: ${res.statusCode} ${res.body}`);
  const location = String(res.headers.location);
  const url = new URL(location);
  return { code: url.searchParams.get('code') ?? '', state: url.searchParams.get('state') ?? '', location };
}

export interface SignedIn {
  token: string;
  user: { id: string; email: string; roles: string[] };
}

async function signInOnce(app: FastifyInstance, email: string): Promise<SignedIn> {
  const { code } = await authorize(app, email);
  const res = await app.inject({ method: 'POST', url: '/api/v1/auth/local/callback', payload: { code } });
  if (res.statusCode !== 200) throw new Error(`callback failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as { data: SignedIn };
  return body.data;
}

/**
 * Signs in through the stand-in. With `admin`, as an admin is made: the user signs in once (so it exists),
 * TEST_ADMIN_EMAIL (the server's ADMIN_EMAILS) promotes it, and it signs in again.
 */
export async function signIn(app: FastifyInstance, email: string, admin = false): Promise<SignedIn> {
  const first = await signInOnce(app, email);
  if (!admin || first.user.roles.includes('ADMIN')) return first;
  const root = await signInOnce(app, TEST_ADMIN_EMAIL);
  if (!root.user.roles.includes('ADMIN')) throw new Error(`${TEST_ADMIN_EMAIL} is not in this server's ADMIN_EMAILS`);
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/users/promote',
    headers: bearer(root.token),
    payload: { email },
  });
  if (res.statusCode !== 200) throw new Error(`promote failed: ${res.statusCode} ${res.body}`);
  return signInOnce(app, email);
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}`, 'x-frontend-client': 'true' };
}

export interface ServerProcess {
  child: ChildProcessByStdio<null, Readable, Readable>;
  port: number;
  origin: string;
  /** Everything it printed so far. */
  output: () => string;
}

/**
 * The real server (`server/index.ts`) as a child process on a free port, on `DATA_DIR` `dataDir`, once it says it
 * is running; `env` adds to or overrides the defaults (no demo data, no public origin, silent logs).
 */
export async function spawnServer(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: path.join(import.meta.dirname, '..', '..'),
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      PUBLIC_ORIGIN: '',
      DEMO_DATA: '0',
      ...env,
    },
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && child.exitCode === null) {
    const port = Number(/running at http:\/\/localhost:(\d+)\//.exec(output)?.[1] ?? 0);
    if (port) return { child, port, origin: `http://localhost:${port}`, output: () => output };
    // With a PUBLIC_ORIGIN the line names it, not the port.
    const publicOrigin = /is running at (\S+)\/ /.exec(output)?.[1];
    if (publicOrigin) return { child, port: 0, origin: publicOrigin, output: () => output };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not start:\n${output}`);
}

/**
 * npm run probe:security — the outsider's checks of the server's security (docs/architecture.md "Security"), against the real server process.
 *
 * Starts `tsx server/index.ts` on a temp DATA_DIR and a free port (PUBLIC_ORIGIN=http://127.0.0.1:PORT), runs every
 * check with plain HTTP and sockets, then a second server (SECRET_KEY + SOURCE_MAPS=1, default origin) and servers
 * that must refuse to start. Prints one line per check and `N passed, N failed`; exits 1 when any failed.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { accessChecks, uploadChecks } from './probe/checks-uploads';
import { crashChecks } from './probe/checks-crash';
import { inputChecks } from './probe/checks-input';
import { refusalChecks, secretEnvChecks, tokenChecks } from './probe/checks-keys';
import { defaultOriginChecks, makeDist, originChecks, sourceMapChecks } from './probe/checks-origin';
import { fairUseChecks } from './probe/checks-fair-use';
import { providerServer, roleChecks } from './probe/checks-identity';
import { sessionChecks } from './probe/checks-session';
import { Client } from './probe/client';
import type { Probe } from './probe/context';
import { describe } from './probe/http';
import { newTally, runChecks, skipChecks, type Check, type Tally } from './probe/runner';
import { freePort, launch, PROBE_ADMIN_EMAIL, stop, waitUp, type Proc } from './probe/server';

/** The whole run is bounded: past this, whatever is running is stopped and reported. */
const RUN_LIMIT_MS = 180_000;

function makeSampleClip(dir: string): Buffer {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const ffmpeg = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  const file = path.join(dir, 'sample.mp4');
  execFileSync(
    ffmpeg,
    ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=2:size=320x240:rate=25', '-pix_fmt', 'yuv420p', '-y', file],
    { timeout: 30_000 },
  );
  return readFileSync(file);
}

async function startOrReport(tally: Tally, name: string, proc: Proc): Promise<boolean> {
  const state = await waitUp(proc, 60_000);
  if (state === 'up') return true;
  await runChecks(tally, [
    { name, run: async () => Promise.reject(new Error(`${state}; output: ${proc.output().slice(-600)}`)) },
  ]);
  return false;
}

/** Everything that needs the main server's users, location and clip. */
async function setUp(client: Client, proc: Proc, procs: Proc[], dataDir: string, sampleClip: Buffer): Promise<Probe> {
  const admin = await client.signIn(PROBE_ADMIN_EMAIL);
  const owner = await client.signIn('probe-owner@example.com');
  const loc = await client.call('POST', '/api/v1/locations', admin.token, {
    name: 'Probe Park',
    latitude: 41.9,
    longitude: -87.6,
  });
  const locationId = (loc.json as { data?: { id?: string } } | undefined)?.data?.id;
  if (loc.status !== 201 || !locationId) throw new Error(`POST /api/v1/locations got ${describe(loc)}`);
  return {
    proc,
    track: (p) => procs.push(p),
    client,
    dataDir,
    sampleClip,
    admin,
    owner,
    ownerClipId: null,
    locationId,
    clipIds: new Set(),
  };
}

async function mainServer(tally: Tally, work: string, sampleClip: Buffer, procs: Proc[]): Promise<void> {
  const port = await freePort();
  const dataDir = path.join(work, 'main');
  const origin = `http://127.0.0.1:${port}`;
  const proc = launch({ port, dataDir, distDir: path.join(work, 'dist'), env: { PUBLIC_ORIGIN: origin } });
  procs.push(proc);
  if (!(await startOrReport(tally, 'main server starts (PUBLIC_ORIGIN set)', proc))) return;
  const client = new Client(port);
  let probe: Probe;
  try {
    probe = await setUp(client, proc, procs, dataDir, sampleClip);
  } catch (err) {
    await runChecks(tally, [{ name: 'sign in and create a location (setup)', run: async () => Promise.reject(err) }]);
    return;
  }
  const groups: ((p: Probe) => Check[])[] = [
    tokenChecks,
    () => originChecks(client, origin),
    () => sourceMapChecks(client, false),
    uploadChecks,
    accessChecks,
    inputChecks,
    sessionChecks,
    roleChecks,
    fairUseChecks,
    crashChecks,
  ];
  for (const group of groups) await runChecks(tally, group(probe));
}

async function secretEnvServer(tally: Tally, work: string, procs: Proc[]): Promise<void> {
  const port = await freePort();
  const dataDir = path.join(work, 'env-key');
  mkdirSync(dataDir, { recursive: true });
  const fileKey = randomBytes(32);
  const envKey = randomBytes(32);
  writeFileSync(path.join(dataDir, 'secret.key'), fileKey, { mode: 0o600 });
  const proc = launch({
    port,
    dataDir,
    distDir: path.join(work, 'dist'),
    env: { SECRET_KEY: envKey.toString('base64'), SOURCE_MAPS: '1' },
  });
  procs.push(proc);
  const client = new Client(port);
  const checks = [...secretEnvChecks(client, envKey, fileKey), ...defaultOriginChecks(client), ...sourceMapChecks(client, true)];
  if (!(await startOrReport(tally, 'second server starts (SECRET_KEY, SOURCE_MAPS=1, default origin)', proc))) {
    skipChecks(tally, checks, 'the second server did not start');
    return;
  }
  await runChecks(tally, checks);
}

async function main(): Promise<number> {
  const tally = newTally();
  const work = mkdtempSync(path.join(os.tmpdir(), 'courtside-probe-'));
  const procs: Proc[] = [];
  let timer: NodeJS.Timeout | undefined;
  try {
    const sampleClip = makeSampleClip(work);
    makeDist(path.join(work, 'dist'));
    const all = (async () => {
      await mainServer(tally, work, sampleClip, procs);
      await Promise.all(procs.map(stop));
      await secretEnvServer(tally, work, procs);
      await Promise.all(procs.map(stop));
      await runChecks(tally, refusalChecks(work, path.join(work, 'dist'), procs));
      await providerServer(tally, work, path.join(work, 'dist'), procs);
    })().catch((err: unknown) => {
      // A fault of the probe itself still ends in the tally (and exit 1), not a silent pass.
      tally.failed += 1;
      console.log(`FAIL – probe harness error: ${String(err)}`);
    });
    const limit = new Promise<'limit'>((resolve) => {
      timer = setTimeout(() => resolve('limit'), RUN_LIMIT_MS);
    });
    if ((await Promise.race([all.then(() => 'done' as const), limit])) === 'limit') {
      tally.failed += 1;
      console.log(`FAIL – the whole probe did not finish within ${RUN_LIMIT_MS / 1000} s (stopped)`);
    }
  } finally {
    clearTimeout(timer);
    await Promise.all(procs.map(stop));
    rmSync(work, { recursive: true, force: true });
  }
  console.log(`${tally.passed} passed, ${tally.failed} failed`);
  return tally.failed > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error('probe:security could not run:', err);
    process.exit(1);
  },
);

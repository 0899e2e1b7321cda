/** Hole 8 (crashes and shutdown) and hole 9 (error reports never store a token). Runs last on the main server. */
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ERROR_REPORT_FIELD_LIMITS } from '../../src/app/product';
import { bearer } from './client';
import { listFiles, uploadsDir, type Probe } from './context';
import { describe, isEnvelope, multipart, rawExchange } from './http';
import { expect, fail, type Check } from './runner';
import { exitsWithin, launch, sleep, waitUp } from './server';
import { uploadHead } from './checks-uploads';

const FIELD_LIMITS: Record<string, number> = {
  ...ERROR_REPORT_FIELD_LIMITS,
  timestamp: 64,
  userId: 200,
  sessionId: 200,
};

interface Plant {
  label: string;
  text: string;
  /** What must never be found in what was stored (compared with all whitespace removed). */
  needle: string;
}

const rand = (): string => randomBytes(30).toString('base64url');
const signature = (jwt: string): string => jwt.split('.')[2] ?? '';

function plants(realToken: string, otherRealToken: string): Plant[] {
  const fake = rand();
  const bearerValue = rand();
  const tokenParam = rand();
  const accessToken = rand();
  const code = rand();
  const lines = (otherRealToken.match(/.{1,24}/g) ?? []).join('\n');
  return [
    { label: 'a real JWT', text: `Request failed for ${realToken} at fetch`, needle: signature(realToken) },
    { label: 'a JWT-shaped string', text: `eyJhbGciOiJIUzI1NiJ9.eyJ1c2VySWQiOiJ4In0.${fake}`, needle: fake },
    { label: 'Bearer …', text: `Authorization: Bearer ${bearerValue}`, needle: bearerValue },
    { label: '?token=…', text: `https://app.example/cb?token=${tokenParam}&next=/`, needle: tokenParam },
    {
      label: '#access_token=…',
      text: `https://app.example/cb#access_token=${accessToken}&token_type=bearer`,
      needle: accessToken,
    },
    { label: '?code=…', text: `http://127.0.0.1/login?code=${code}&state=s1`, needle: code },
    { label: 'a real JWT split by line breaks', text: `token:\n${lines}\n`, needle: signature(otherRealToken) },
  ];
}

/** State carried from posting the reports to reading the database after the server stopped. */
interface ReportState {
  plants: Plant[];
  stored: number;
}

function running(probe: Probe): void {
  if (probe.proc.exitCode() !== undefined) fail('the server is not running (restart failed)');
}

/** Every string in a stored payload, by field name. */
function strings(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([k, v]) => strings(v, prefix ? `${prefix}.${k}` : k));
}

/**
 * Waits until `pid` has left the process table. A SIGKILLed grandchild stays a zombie until init reaps it; a
 * restart in that instant would be refused by a live-pid check for a reason no operator could see, so the probe
 * waits for it (up to `ms`) instead of testing that race.
 */
async function vanished(pid: number, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline && Number.isInteger(pid) && pid > 0 && existsSync(`/proc/${pid}`)) await sleep(50);
}

export function crashChecks(probe: Probe): Check[] {
  const reports: ReportState = { plants: [], stored: 0 };
  const body = (): { boundary: string; bytes: Buffer } => {
    const boundary = 'probeCrash';
    return {
      boundary,
      bytes: multipart(boundary, {}, { field: 'video', filename: 'crash.mp4', type: 'video/mp4', content: probe.sampleClip }),
    };
  };
  /** Sends headers and the first part of a real upload, then nothing: the socket stays open. */
  const stalledUpload = async () => {
    const { boundary, bytes } = body();
    const head = uploadHead(probe.client.port, probe.owner.token, boundary, bytes.length);
    return rawExchange(probe.client.port, [head, bytes.subarray(0, Math.floor(bytes.length / 2))], {
      waitMs: 800,
      keepOpen: true,
    });
  };

  return [
    {
      name: 'kill -9 during an upload, start again on the same DATA_DIR → it starts (stale server.pid taken over)',
      timeoutMs: 60_000,
      run: async () => {
        const stalled = await stalledUpload();
        const pidFile = path.join(probe.dataDir, 'server.pid');
        expect(existsSync(pidFile), 'control: no DATA_DIR/server.pid while the server ran');
        const holder = Number(readFileSync(pidFile, 'utf8').trim().split(/\s+/)[0]);
        probe.proc.signal('SIGKILL');
        expect(await exitsWithin(probe.proc, 5_000), 'the server did not die on SIGKILL');
        stalled.socket.destroy();
        await vanished(holder, 5_000);
        expect(existsSync(pidFile), 'control: server.pid is gone after kill -9 (nothing stale to take over)');
        probe.proc = launch(probe.proc.spec);
        probe.track(probe.proc);
        const state = await waitUp(probe.proc, 45_000);
        expect(state === 'up', `restart: ${state}; output: ${probe.proc.output().slice(-400)}`);
      },
    },
    {
      name: 'earlier clips are still listed and served after the crash',
      run: async () => {
        running(probe);
        if (!probe.ownerClipId) fail('no clip from before the crash (the real-clip upload failed)');
        const res = await probe.client.call('GET', `/api/v1/clips/${probe.ownerClipId}`, probe.owner.token);
        expect(res.status === 200, `GET /api/v1/clips/{id} got ${describe(res)}`);
        const url = (res.json as { data?: { videoUrl?: string } }).data?.videoUrl ?? '';
        const u = new URL(url, 'http://x');
        const video = await probe.client.send({ path: `${u.pathname}${u.search}` });
        expect(
          video.status === 200 && video.body.length === probe.sampleClip.length,
          `video got ${video.status}, ${video.body.length} bytes`,
        );
      },
    },
    {
      name: 'nothing left in DATA_DIR/uploads/.partial/ (nor stray files in uploads/) after the crash',
      run: async () => {
        running(probe);
        const files = await listFiles(uploadsDir(probe));
        const partial = files.filter((f) => f.startsWith(`.partial${path.sep}`));
        const stray = files.filter((f) => !f.startsWith('.partial') && !probe.clipIds.has(f.split('.')[0] ?? ''));
        expect(partial.length === 0, `left in .partial/: ${partial.join(', ')}`);
        expect(stray.length === 0, `files of no stored clip in uploads/: ${stray.join(', ')}`);
      },
    },
    {
      name: 'error reports with planted secrets in every field are accepted or refused, never a 5xx',
      timeoutMs: 30_000,
      run: async () => {
        running(probe);
        const second = await probe.client.signIn('probe-report@example.com');
        reports.plants = plants(probe.owner.token, second.token);
        const refused: string[] = [];
        const notStored: string[] = [];
        for (const field of Object.keys(FIELD_LIMITS)) {
          for (const plant of reports.plants) {
            if (plant.text.length > (FIELD_LIMITS[field] ?? 0)) continue;
            const report: Record<string, string> = { message: 'probe report', timestamp: new Date().toISOString() };
            report[field] = plant.text;
            const res = await probe.client.send({
              method: 'POST',
              path: '/api/v1/errors',
              headers: { ...bearer(probe.owner.token), 'content-type': 'application/json' },
              body: JSON.stringify(report),
            });
            if (res.status === 201) reports.stored += 1;
            else if (res.status >= 400 && res.status < 500 && isEnvelope(res.json)) {
              if (['message', 'stack', 'componentStack', 'url'].includes(field)) notStored.push(`${field}: ${plant.label}`);
            } else refused.push(`${field} with ${plant.label}: got ${describe(res)}`);
          }
        }
        expect(refused.length === 0, refused.join('; '));
        // Free-text fields must be stored (scrubbed): refusing them would hide real crashes, and this check.
        expect(notStored.length === 0, `reports refused instead of stored: ${notStored.join('; ')}`);
      },
    },
    {
      name: 'SIGTERM while a stalled upload is in flight → the process exits within 15 s',
      timeoutMs: 25_000,
      run: async () => {
        running(probe);
        const stalled = await stalledUpload();
        expect(stalled.closedMs === null, `control: the stalled upload was answered at once: ${stalled.status}`);
        const started = Date.now();
        probe.proc.signal('SIGTERM');
        const exited = await exitsWithin(probe.proc, 15_000);
        stalled.socket.destroy();
        if (!exited) {
          probe.proc.signal('SIGKILL');
          await exitsWithin(probe.proc, 5_000);
          fail('still running 15 s after SIGTERM (killed)');
        }
        expect(Date.now() - started <= 15_000, `exited after ${Date.now() - started} ms`);
      },
    },
    {
      name: 'stored error reports (PGlite error_reports.payload, read after stop) contain no planted secret',
      timeoutMs: 30_000,
      run: async () => {
        if (reports.plants.length === 0) fail('no reports were posted');
        if (probe.proc.exitCode() === undefined) {
          probe.proc.signal('SIGKILL');
          await exitsWithin(probe.proc, 5_000);
        }
        await sleep(200);
        expect(readdirSync(probe.dataDir).includes('db'), 'no DATA_DIR/db to read');
        const { PGlite } = await import('@electric-sql/pglite');
        const db = new PGlite(path.join(probe.dataDir, 'db'));
        let rows: { payload: unknown }[];
        try {
          rows = (await db.query<{ payload: unknown }>('SELECT payload FROM error_reports')).rows;
        } finally {
          await db.close();
        }
        expect(rows.length >= reports.stored, `read ${rows.length} reports, but ${reports.stored} were accepted`);
        const leaks = new Set<string>();
        for (const row of rows) {
          for (const [field, value] of strings(row.payload)) {
            const flat = value.replace(/\s+/g, '');
            for (const plant of reports.plants) if (flat.includes(plant.needle)) leaks.add(`${plant.label} in ${field}`);
          }
        }
        expect(leaks.size === 0, `stored: ${[...leaks].join('; ')}`);
      },
    },
  ];
}

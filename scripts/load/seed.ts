/**
 * Seeds the load bench's data through the API only, as users would make it: an admin creates events at real venues
 * (server/data/venues.json), then every simulated user signs in through the stand-in IdP, tags moments and uploads
 * a few small clips. Nothing reaches into the database, so both engines get the same data the same way.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BENCH_ADMIN_EMAIL, REPO_ROOT } from './processes';

export interface Venue {
  id: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
}

export interface Seeded {
  tokens: string[];
  /** Events live now: where tags and uploads of the mix go. */
  liveEventIds: string[];
  eventIds: string[];
  /** Where searches look from (a Phoenix venue, with a dozen events around it). */
  near: Venue;
  clip: Buffer;
}

export interface SeedPlan {
  users: number;
  tagsPerUser: number;
  uploadsPerUser: number;
}

/** Every call as the app makes it: the bearer token and the app's marker header. */
export function authHeaders(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}`, 'x-frontend-client': 'true' };
}

/** A ~1 s 160×120 test pattern: small enough that an upload measures the request path, not the disk. */
export function makeClip(): Buffer {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'courtside-bench-load-clip-'));
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const ffmpeg = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
    const file = path.join(dir, 'clip.mp4');
    const src = 'testsrc=duration=1:size=160x120:rate=10';
    execFileSync(ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', src, '-pix_fmt', 'yuv420p', file]);
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A moment in the last 50 minutes (the live events started an hour before seeding). Spread out, not "now": tags
 * and clips all within one minute would make every tag match every clip, and the tag lists grow with the square
 * of the load instead of with it.
 */
export function recentMoment(): string {
  return new Date(Date.now() - Math.random() * 50 * 60_000).toISOString();
}

/** A multipart body with `eventId` and `recordedAt` first (the server checks them before reading the file). */
export function uploadBody(clip: Buffer, eventId: string, recordedAt: string, boundary: string): Buffer {
  const field = (name: string, value: string): string =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const file =
    `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="IMG_0001.MP4"\r\n` +
    'Content-Type: video/mp4\r\n\r\n';
  const head = field('eventId', eventId) + field('recordedAt', recordedAt) + file;
  return Buffer.concat([Buffer.from(head), clip, Buffer.from(`\r\n--${boundary}--\r\n`)]);
}

async function call<T>(origin: string, method: string, url: string, init: { token?: string; json?: unknown } = {}): Promise<T> {
  const headers: Record<string, string> = init.token ? authHeaders(init.token) : {};
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(origin + url, {
    method,
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${text.slice(0, 300)}`);
  return (JSON.parse(text) as { data: T }).data;
}

/** The stand-in IdP's form (302 with ?code=), then the callback that trades the code for a token. */
export async function signIn(origin: string, email: string): Promise<string> {
  const form = new URLSearchParams({ state: 'bench', redirect_uri: '/login', provider: 'google', email });
  const res = await fetch(`${origin}/idp/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
  if (res.status !== 302) throw new Error(`the IdP form answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  const code = new URL(res.headers.get('location') ?? '', origin).searchParams.get('code') ?? '';
  const done = await call<{ token: string }>(origin, 'POST', '/api/v1/auth/local/callback', { json: { code } });
  return done.token;
}

export function loadVenues(): Venue[] {
  return JSON.parse(readFileSync(path.join(REPO_ROOT, 'server', 'data', 'venues.json'), 'utf8')) as Venue[];
}

/** `hours` from now, as ISO. */
const at = (now: number, hours: number): string => new Date(now + hours * 3_600_000).toISOString();

/**
 * 30 events: 3 live now around Phoenix (where searches look), the rest past and upcoming, every third one around
 * Phoenix too and the others over 15 venues elsewhere, so a search finds a dozen and the lists mix events.
 */
async function createEvents(
  origin: string,
  admin: string,
  venues: Venue[],
  now: number,
): Promise<Pick<Seeded, 'eventIds' | 'liveEventIds'>> {
  const eventIds: string[] = [];
  const liveEventIds: string[] = [];
  const phoenix = venues.filter((v) => v.state === 'AZ');
  for (let i = 0; i < 30; i += 1) {
    const live = i < 3;
    const venue = live || i % 3 === 0 ? phoenix[i % phoenix.length] : venues[i % 15];
    if (!venue) throw new Error('server/data/venues.json has too few venues');
    const startHours = live ? -1 : i % 2 === 0 ? -24 * i : 24 * i;
    const event = await call<{ id: string }>(origin, 'POST', '/api/v1/events', {
      token: admin,
      json: {
        name: `${venue.city} ${live ? 'Cup' : 'League'} ${i + 1}`,
        sport: ['Soccer', 'Basketball', 'Baseball'][i % 3],
        startTime: at(now, startHours),
        endTime: at(now, startHours + 3),
        locationId: venue.id,
      },
    });
    eventIds.push(event.id);
    if (live) liveEventIds.push(event.id);
  }
  return { eventIds, liveEventIds };
}

/** One user's own data: tags in the last hour at the live events, and clips recorded there meanwhile. */
async function seedUser(origin: string, token: string, plan: SeedPlan, seeded: Pick<Seeded, 'liveEventIds' | 'clip'>) {
  const pick = (i: number): string => seeded.liveEventIds[i % seeded.liveEventIds.length] ?? '';
  for (let i = 0; i < plan.tagsPerUser; i += 1) {
    await call(origin, 'POST', '/api/v1/tags', {
      token,
      json: { timestamp: recentMoment(), eventId: pick(i), metadata: { description: `Seed moment ${i + 1}` } },
    });
  }
  for (let i = 0; i < plan.uploadsPerUser; i += 1) {
    const boundary = `----courtside-seed-${i}`;
    const res = await fetch(`${origin}/api/v1/uploads`, {
      method: 'POST',
      headers: { ...authHeaders(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: new Uint8Array(uploadBody(seeded.clip, pick(i), recentMoment(), boundary)),
    });
    if (res.status !== 201) throw new Error(`seed upload answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  }
}

export async function seed(origin: string, plan: SeedPlan): Promise<Seeded> {
  const now = Date.now();
  const venues = loadVenues();
  const near = venues.find((v) => v.state === 'AZ');
  if (!near) throw new Error('server/data/venues.json has no venue in Arizona');
  const admin = await signIn(origin, BENCH_ADMIN_EMAIL);
  const events = await createEvents(origin, admin, venues, now);
  const clip = makeClip();
  const tokens: string[] = [];
  for (let u = 0; u < plan.users; u += 1) tokens.push(await signIn(origin, `bench-user-${u + 1}@example.com`));
  // Four users at a time: quicker than one by one, and still far from the load the bench then applies.
  for (let u = 0; u < tokens.length; u += 4) {
    await Promise.all(tokens.slice(u, u + 4).map((token) => seedUser(origin, token, plan, { ...events, clip })));
  }
  return { tokens, ...events, near, clip };
}

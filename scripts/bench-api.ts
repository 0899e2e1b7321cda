/**
 * npm run bench:api — how fast the browsing calls (events, clips) answer with a realistic amount of data.
 *
 * Builds the app (buildApp, as the server tests do) on a temp DATA_DIR, seeds directly in SQL 1,000 events over
 * 50 venues, 10,000 clips (most by one heavy user, the rest by 20 others, ~500 without an event) and ~2,000
 * tags, signs the heavy user in, listens on a free port and times ~200 real HTTP requests per call after a few
 * warm-ups, one at a time. Prints p50 / p95 / max per call and whether p95 meets the 50 ms target. It is a
 * measurement: exit 0 whatever the times, 1 when a call fails.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../server/app';
import { openDb } from '../server/db';
import { loadVenues, type Venue } from '../server/lib/venues';
import { signIn } from '../server/test/helpers';
import { freePort } from './support/net';

const TARGET_P95_MS = 50;
const WARM_UPS = 5;
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const HEAVY_EMAIL = 'bench-heavy@example.com';
const VENUE_COUNT = 50;

interface Seeded {
  heavyId: string;
  /** The event with the most clips (the heavy user's and others'), for deep pages. */
  bigEventId: string;
  venue: Venue;
}

/** Everything in a handful of set-based statements (generate_series), not 10,000 round trips. */
async function seed(dataDir: string, venues: Venue[], now: Date): Promise<Seeded> {
  const db = await openDb(dataDir);
  try {
    await db.query(
      `INSERT INTO locations (id, name, address, city, state, zip, latitude, longitude, timezone, sport)
       SELECT id, name, address, city, state, zip, latitude, longitude, timezone, sport
       FROM jsonb_to_recordset($1::jsonb) AS x(id text, name text, address text, city text, state text, zip text,
         latitude double precision, longitude double precision, timezone text, sport text)
       ON CONFLICT (id) DO NOTHING`,
      [JSON.stringify(venues)],
    );
    const heavy = await db.query<{ id: string }>(`INSERT INTO users (email, roles) VALUES ($1, ARRAY['USER']) RETURNING id`, [
      HEAVY_EMAIL,
    ]);
    const heavyId = heavy.rows[0]?.id ?? '';
    await db.query(`INSERT INTO users (email) SELECT 'bench-user-' || g || '@example.com' FROM generate_series(1, 20) g`);

    // 1,000 events 8 h apart, from ~9 months ago to ~2 months ahead; every 100th is live now; one in 5 has no end.
    await db.query(
      `INSERT INTO events (name, sport, start_time, end_time, location_id, created_by)
       SELECT 'Bench event ' || g, (ARRAY['Soccer', 'Basketball', 'Baseball', 'Hockey'])[1 + g % 4], s.start,
              CASE WHEN g % 5 = 0 THEN NULL ELSE s.start + interval '2 hours' END,
              ($2::text[])[1 + g % cardinality($2::text[])], $3
       FROM generate_series(1, 1000) g,
            LATERAL (SELECT CASE WHEN g % 100 = 0 THEN $1::timestamptz - interval '1 hour'
                                 ELSE $1::timestamptz + (g - 820) * interval '8 hours' END AS start) s`,
      [now, venues.map((v) => v.id), heavyId],
    );
    const big = await db.query<{ id: string }>(`SELECT id FROM events WHERE start_time <= $1 ORDER BY start_time DESC LIMIT 1`, [
      now,
    ]);
    const bigEventId = big.rows[0]?.id ?? '';

    // 10,000 clips: 8 in 10 the heavy user's, the rest spread over 20 users; 1 in 20 (all the heavy user's)
    // without an event; 400 at the big event (200 each for the heavy user and the others); the rest spread
    // over the events that have started, recorded inside them.
    await db.query(
      `WITH ev AS (SELECT array_agg(id ORDER BY start_time) AS ids, array_agg(start_time ORDER BY start_time) AS starts
                   FROM events WHERE start_time <= $1),
            us AS (SELECT array_agg(id ORDER BY email) AS ids FROM users WHERE email LIKE 'bench-user-%'),
            c AS (SELECT gen_random_uuid() AS id, g, 1 + (g * 7919) % (SELECT cardinality(ids) FROM ev) AS k
                  FROM generate_series(1, 10000) g)
       INSERT INTO clips (id, user_id, event_id, filename, stored_name, mime_type, size, duration, width, height,
                          thumbnail_name, recorded_at, device)
       SELECT c.id,
              CASE WHEN g % 10 < 8 THEN $2::uuid ELSE us.ids[1 + g % 20] END,
              CASE WHEN g % 20 = 7 THEN NULL WHEN g % 50 IN (1, 9) THEN $3::uuid ELSE ev.ids[c.k] END,
              'IMG_' || g || '.MP4', c.id || '.mp4', 'video/mp4', 5000000 + g, 4 + g % 7, 1920, 1080, c.id || '.jpg',
              CASE WHEN g % 20 = 7 THEN $1::timestamptz - g * interval '10 minutes'
                   WHEN g % 50 IN (1, 9) THEN (SELECT start_time FROM events WHERE id = $3::uuid) + (g % 3000) * interval '1 second'
                   ELSE ev.starts[c.k] + (g % 100) * interval '1 minute' END,
              (ARRAY['Apple iPhone 15 Pro', 'Google Pixel 8', 'Samsung Galaxy S24'])[1 + g % 3]
       FROM c, ev, us`,
      [now, heavyId, bigEventId],
    );

    // ~2,000 tags, the heavy user's, at the events the clips are at, a few seconds into a clip's minute.
    await db.query(
      `WITH ev AS (SELECT array_agg(id ORDER BY start_time) AS ids, array_agg(start_time ORDER BY start_time) AS starts
                   FROM events WHERE start_time <= $1)
       INSERT INTO tags (user_id, event_id, tagged_at, description)
       SELECT $2::uuid, ev.ids[k], ev.starts[k] + (g % 100) * interval '1 minute' + interval '3 seconds',
              CASE WHEN g % 4 = 0 THEN NULL ELSE 'Bench moment ' || g END
       FROM generate_series(1, 2000) g, ev, LATERAL (SELECT 1 + (g * 7919) % cardinality(ev.ids) AS k) kk`,
      [now, heavyId],
    );
    await db.exec('ANALYZE');
    const venue = venues[0];
    if (!venue || !heavyId || !bigEventId) throw new Error('seeding produced no venue, user or event');
    return { heavyId, bigEventId, venue };
  } finally {
    await db.close();
  }
}

interface Call {
  name: string;
  url: string;
}

function calls(s: Seeded, now: Date): Call[] {
  const near = `near=${s.venue.latitude},${s.venue.longitude}`;
  const big = s.bigEventId;
  return [
    { name: 'GET /clips', url: '/api/v1/clips' },
    { name: 'GET /clips?page=10', url: '/api/v1/clips?page=10' },
    { name: 'GET /clips/event/:id', url: `/api/v1/clips/event/${big}?page=1&limit=12` },
    { name: 'GET /clips/event/:id page 16', url: `/api/v1/clips/event/${big}?page=16&limit=12` },
    { name: 'GET /clips/event/:id allUsers', url: `/api/v1/clips/event/${big}?page=1&limit=12&allUsers=true` },
    { name: 'GET /clips/event/:id allUsers page 32', url: `/api/v1/clips/event/${big}?page=32&limit=12&allUsers=true` },
    { name: 'GET /clips/event/:id allUsers limit 500', url: `/api/v1/clips/event/${big}?page=1&limit=500&allUsers=true` },
    { name: 'GET /clips/unassociated', url: '/api/v1/clips/unassociated?page=1&limit=12' },
    { name: 'GET /clips/unassociated page 40', url: '/api/v1/clips/unassociated?page=40&limit=12' },
    { name: 'GET /events/:id/clips', url: `/api/v1/events/${big}/clips?page=1&userId=${s.heavyId}&showAll=true` },
    { name: 'GET /events/:id', url: `/api/v1/events/${big}` },
    { name: 'GET /events', url: '/api/v1/events' },
    { name: 'GET /events?timeFilter=recent', url: '/api/v1/events?timeFilter=recent' },
    { name: 'GET /events?timeFilter=recent&userAssociated', url: '/api/v1/events?timeFilter=recent&userAssociated=true' },
    { name: 'GET /events?timeFilter=current', url: '/api/v1/events?timeFilter=current' },
    { name: 'GET /events?timeFilter=upcoming', url: '/api/v1/events?timeFilter=upcoming' },
    { name: 'GET /events/search', url: `/api/v1/events/search?${near}&radius=25` },
    { name: 'GET /events/search&time', url: `/api/v1/events/search?${near}&radius=25&time=${now.toISOString()}` },
    { name: 'GET /events/search radius 3000', url: `/api/v1/events/search?${near}&radius=3000` },
    { name: 'GET /locations/search', url: `/api/v1/locations/search?${near}&radius=25` },
  ];
}

/** One request, body read to the end; throws on anything but a 2xx success envelope. */
async function timed(base: string, token: string, url: string): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(base + url, { headers: { authorization: `Bearer ${token}`, 'x-frontend-client': 'true' } });
  const text = await res.text();
  const ms = performance.now() - t0;
  let success = false;
  try {
    success = (JSON.parse(text) as { success?: unknown }).success === true;
  } catch {
    /* not JSON */
  }
  if (!res.ok || !success) throw new Error(`${url} answered ${res.status}: ${text.slice(0, 300)}`);
  return ms;
}

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  return rows
    .map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  '))
    .join('\n');
}

async function main(): Promise<number> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'courtside-bench-api-'));
  const now = new Date();
  const venues = (await loadVenues()).slice(0, VENUE_COUNT);
  let failures = 0;
  try {
    const seedStart = performance.now();
    const seeded = await seed(dataDir, venues, now);
    console.log(
      `Seeded 1,000 events, 10,000 clips, 2,000 tags over ${venues.length} venues in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );

    const app = await buildApp({ dataDir, venues, distDir: path.join(dataDir, 'no-dist'), logger: false, demoData: false });
    try {
      // Before listen: inject's Host (localhost:80) is the app's origin only until it listens on a real port.
      const { token, user } = await signIn(app, HEAVY_EMAIL);
      if (user.id !== seeded.heavyId) throw new Error('signed in as someone else than the seeded heavy user');
      const port = await freePort();
      await app.listen({ port, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${port}`;

      const rows: string[][] = [['call', 'p50 ms', 'p95 ms', 'max ms', `p95 ≤ ${TARGET_P95_MS} ms`]];
      for (const call of calls(seeded, now)) {
        try {
          for (let i = 0; i < WARM_UPS; i += 1) await timed(base, token, call.url);
          const times: number[] = [];
          for (let i = 0; i < RUNS; i += 1) times.push(await timed(base, token, call.url));
          times.sort((a, b) => a - b);
          const p95 = percentile(times, 95);
          rows.push([
            call.name,
            percentile(times, 50).toFixed(1),
            p95.toFixed(1),
            (times[times.length - 1] ?? NaN).toFixed(1),
            p95 <= TARGET_P95_MS ? 'yes' : 'NO',
          ]);
        } catch (err) {
          failures += 1;
          rows.push([call.name, '-', '-', '-', 'ERROR']);
          console.error(`${call.name}: ${(err as Error).message}`);
        }
      }
      console.log(`\n${RUNS} timed requests per call after ${WARM_UPS} warm-ups, one at a time, over HTTP on 127.0.0.1\n`);
      console.log(table(rows));
      const missed = rows.slice(1).filter((r) => r[4] === 'NO').length;
      console.log(
        `\n${rows.length - 1 - failures - missed} of ${rows.length - 1} calls meet the target, ${missed} miss it, ${failures} failed`,
      );
    } finally {
      await app.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  return failures > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error('bench:api could not run:', err);
    process.exit(1);
  },
);

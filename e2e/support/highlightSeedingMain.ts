/**
 * The database half of e2e/support/highlightSeeding.ts, run with tsx in a process of its own: the server's modules
 * are ES modules (import.meta), which Playwright's loader cannot import. Argument: the seed as JSON. The server on
 * that data directory must be halted (PGlite allows one process per database).
 */
import { openDb } from '../../server/db';

interface Seed {
  dataDir: string;
  userId: string;
  eventId: string;
  count: number;
  newestAt: string;
  titlePrefix: string;
  storedName: string;
  sizeBytes: number;
}

async function main(): Promise<void> {
  const seed = JSON.parse(process.argv[2] ?? '') as Seed;
  const clips = JSON.stringify([
    { clipId: '00000000-0000-4000-8000-00000000c001', inSeconds: 0, outSeconds: 2 },
    { clipId: '00000000-0000-4000-8000-00000000c002', inSeconds: 1, outSeconds: 3 },
  ]);
  const db = await openDb(seed.dataDir);
  try {
    await db.query(
      `INSERT INTO highlights (user_id, event_id, title, clips, stage, progress, stored_name, duration_seconds,
                               size_bytes, width, height, created_at, rendered_at)
       SELECT $1::uuid, $2::uuid, $3 || ' ' || g, $4::jsonb, 'done', 100, $5, 2, $6, 320, 240,
              $7::timestamptz - g * interval '1 minute', $7::timestamptz - g * interval '1 minute'
       FROM generate_series(1, $8::int) g`,
      [seed.userId, seed.eventId, seed.titlePrefix, clips, seed.storedName, seed.sizeBytes, seed.newestAt, seed.count],
    );
  } finally {
    await db.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

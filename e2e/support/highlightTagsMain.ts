/**
 * The database half of e2e/support/highlightTags.ts, run with tsx in a process of its own: the server's modules are
 * ES modules (import.meta), which Playwright's loader cannot import. Argument: the seed as JSON. The server on that
 * data directory must be halted (PGlite allows one process per database).
 */
import { openDb } from '../../server/db';
import { DEFAULT_TAG_TYPE } from '../../src/app/product';

interface Seed {
  dataDir: string;
  userId: string;
  eventId: string;
  timestamps: string[];
}

async function main(): Promise<void> {
  const seed = JSON.parse(process.argv[2] ?? '') as Seed;
  const db = await openDb(seed.dataDir);
  try {
    await db.query(
      `INSERT INTO tags (user_id, event_id, tagged_at, type)
       SELECT $1::uuid, $2::uuid, t, $3 FROM unnest($4::timestamptz[]) AS t`,
      [seed.userId, seed.eventId, DEFAULT_TAG_TYPE, seed.timestamps],
    );
  } finally {
    await db.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

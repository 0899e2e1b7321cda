import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './lib/db/driver';
import { openPglite } from './lib/db/pgliteDb';
import { openPostgres } from './lib/db/postgresDb';

export type { Db, Queryable, QueryResult, DbEngine } from './lib/db/driver';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface DbLocation {
  /** PostgreSQL (DATABASE_URL); without it, PGlite in `<dataDir>/db`. */
  databaseUrl?: string;
  /** Connections kept at most on PostgreSQL (DATABASE_POOL_SIZE). */
  poolSize?: number;
  onIdleError?: (err: Error) => void;
}

/** Opens the database (PostgreSQL at `databaseUrl`, else PGlite in DATA_DIR) and applies pending migrations. */
export async function openDb(dataDir: string, where: DbLocation = {}): Promise<Db> {
  const db = where.databaseUrl
    ? await openPostgres(where.databaseUrl, { poolSize: where.poolSize, onIdleError: where.onIdleError })
    : await openPglite(dataDir);
  try {
    // Servers starting together on one PostgreSQL: the first migrates, the others wait and find nothing to do.
    await db.withLock('courtside:migrate', () => migrate(db));
  } catch (err) {
    await db.close();
    throw err;
  }
  return db;
}

/** Applies `server/migrations/NNN_name.sql` files in name order, each once, in a transaction. */
export async function migrate(db: Db): Promise<string[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const done = new Set((await db.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name));
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f)).sort();
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const sql = await readFile(path.join(MIGRATIONS_DIR, file), 'utf8');
    await db.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
    });
    applied.push(file);
  }
  return applied;
}

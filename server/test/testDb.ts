import { createHash, randomBytes } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDb, type Db } from '../db';

/*
 * Which database the server tests run on. Without TEST_DATABASE_URL: PGlite in each test's DATA_DIR. With it
 * (`postgres://…/postgres` of a throwaway cluster, as .ci/run starts): every DATA_DIR gets a database of its own
 * there, copied from a migrated template made once per cluster, so each test still starts on an empty database.
 */
const ADMIN_URL = process.env.TEST_DATABASE_URL || undefined;

export const onPostgres = ADMIN_URL !== undefined;

/** For tests that check what only one engine has (PGlite's DATA_DIR lock and files): the reason to skip. */
export function pgliteOnly(what: string): string | false {
  return onPostgres && `PGlite only: ${what}`;
}

const serverDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const databases = new Map<string, Promise<string>>();
let template: Promise<string> | null = null;

function urlFor(name: string): string {
  const url = new URL(ADMIN_URL ?? '');
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The migrated, empty template database, keyed by the migrations (made by whichever test process comes first). */
function templateName(): Promise<string> {
  template ??= (async () => {
    const hash = createHash('sha256');
    const migrations = path.join(serverDir, 'migrations');
    for (const file of (await readdir(migrations)).sort()) hash.update(file).update(await readFile(path.join(migrations, file)));
    const name = `courtside_template_${hash.digest('hex').slice(0, 12)}`;
    await withAdmin(async (admin) => {
      await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
      try {
        const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        if (found.rows.length > 0) return;
        await admin.query(`CREATE DATABASE ${name}`);
        const db = await openDb('', { databaseUrl: urlFor(name) });
        await db.close();
      } finally {
        await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
      }
    });
    return name;
  })();
  return template;
}

/** The database URL for the app on `dataDir` (made on first use), or undefined on PGlite. */
export function testDatabaseUrl(dataDir: string): Promise<string | undefined> {
  if (!onPostgres) return Promise.resolve(undefined);
  const key = path.resolve(dataDir);
  let url = databases.get(key);
  if (!url) {
    url = (async () => {
      const source = await templateName();
      const name = `courtside_test_${randomBytes(6).toString('hex')}`;
      await withAdmin(async (admin) => {
        // Two copies of one template at once: PostgreSQL refuses the second while the first reads it; try again.
        for (let attempt = 0; ; attempt += 1) {
          try {
            await admin.query(`CREATE DATABASE ${name} TEMPLATE ${source}`);
            return;
          } catch (err) {
            if ((err as { code?: string }).code !== '55006' || attempt >= 50) throw err;
            await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
          }
        }
      });
      return urlFor(name);
    })();
    databases.set(key, url);
  }
  return url;
}

/** The options that put an app on `dataDir`'s test database: spread into buildApp's. */
export async function testDbOptions(dataDir: string): Promise<{ databaseUrl?: string }> {
  const databaseUrl = await testDatabaseUrl(dataDir);
  return databaseUrl ? { databaseUrl } : {};
}

/** Opens the database the app on `dataDir` uses (to look at or change rows while it is stopped). */
export async function openTestDb(dataDir: string): Promise<Db> {
  return openDb(dataDir, await testDbOptions(dataDir));
}

/** Drops `dataDir`'s test database, if it has one (PGlite's lives in DATA_DIR and goes with it). */
export async function dropTestDatabase(dataDir: string): Promise<void> {
  const key = path.resolve(dataDir);
  const url = databases.get(key);
  if (!url) return;
  databases.delete(key);
  const name = new URL(await url).pathname.slice(1);
  await withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

/** The key the app on `dataDir` signs tokens with: DATA_DIR/secret.key on PGlite, the database's on PostgreSQL. */
export async function appSigningKey(dataDir: string): Promise<Buffer> {
  const databaseUrl = await testDatabaseUrl(dataDir);
  if (!databaseUrl) return readFile(path.join(dataDir, 'secret.key'));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const r = await client.query<{ key: string }>('SELECT key FROM server_secret WHERE id = 1');
    return Buffer.from(r.rows[0]?.key ?? '', 'base64');
  } finally {
    await client.end();
  }
}

/**
 * The prototype that holds the `query` the app's database calls outside transactions, on the engine the tests run
 * on (PGlite's, or `pg.Pool`'s; a transaction's queries go elsewhere): tests replace it for a moment to inject faults.
 */
export function appQueryHolder(): { query: (...args: unknown[]) => Promise<unknown> } {
  let proto: unknown = onPostgres ? pg.Pool.prototype : PGlite.prototype;
  while (proto && !Object.prototype.hasOwnProperty.call(proto, 'query')) proto = Object.getPrototypeOf(proto);
  if (!proto) throw new Error('query method not found');
  return proto as { query: (...args: unknown[]) => Promise<unknown> };
}

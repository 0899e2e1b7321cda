import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Db, Queryable } from './driver';
import { DATE_PARSERS } from './pgTypes';

/** The database directory inside DATA_DIR. */
export function pgliteDir(dataDir: string): string {
  return path.join(dataDir, 'db');
}

function queryable(target: PGlite | Transaction): Queryable {
  return {
    query: async (sql, params) => {
      const r = await target.query<never>(sql, params);
      return { rows: r.rows, affectedRows: r.affectedRows };
    },
    exec: async (sql) => {
      await target.exec(sql);
    },
  };
}

/** Opens (creating if needed) the PGlite database in `<dataDir>/db`. One process at a time: see lock.ts. */
export async function openPglite(dataDir: string): Promise<Db> {
  const dir = pgliteDir(dataDir);
  await mkdir(dir, { recursive: true });
  const pg = await PGlite.create(dir, { parsers: DATE_PARSERS });
  return {
    engine: 'pglite',
    ...queryable(pg),
    transaction: (fn) => pg.transaction((tx) => fn(queryable(tx))),
    withLock: (_name, fn) => fn(),
    withLockIfFree: async (_name, fn) => ({ ran: true, value: await fn() }),
    close: () => pg.close(),
  };
}

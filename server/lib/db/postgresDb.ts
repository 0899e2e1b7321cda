import pg from 'pg';
import type { Db, Queryable } from './driver';
import { PG_TYPES } from './pgTypes';

export interface PostgresOptions {
  /** Connections this server keeps at most (DATABASE_POOL_SIZE); default 10. */
  poolSize?: number;
  /** Told about a connection the pool lost while idle (a database restart): logged, then replaced on demand. */
  onIdleError?: (err: Error) => void;
}

function queryable(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    query: async <T>(sql: string, params?: unknown[]) => {
      const r = await client.query(sql, params);
      return { rows: r.rows as T[], affectedRows: r.rowCount ?? undefined };
    },
    exec: async (sql) => {
      await client.query(sql); // no parameters: the simple protocol, which runs several statements
    },
  };
}

/** Connects to PostgreSQL at `url` (DATABASE_URL) and checks the connection works before the server starts. */
export async function openPostgres(url: string, opts: PostgresOptions = {}): Promise<Db> {
  // Dates are sent in UTC whatever the process's zone (in local time, pg drops the seconds of an 1800s offset).
  // Read back, postgres-date takes any session zone's offsets, seconds included (PG_TYPES).
  pg.defaults.parseInputDatesAsUTC = true;
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.poolSize ?? 10,
    types: PG_TYPES,
    connectionTimeoutMillis: 10_000,
  });
  pool.on('error', (err) => opts.onIdleError?.(err));
  try {
    await pool.query('SELECT 1');
  } catch (err) {
    await pool.end().catch(() => undefined);
    // The URL may hold a password: the message names the problem only.
    throw new Error(`Cannot connect to DATABASE_URL: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }

  /** Runs `fn` on one connection; one that `fn` reports broken (a failed ROLLBACK or unlock) is dropped, not reused. */
  async function withClient<T>(fn: (client: pg.PoolClient, broken: (err: Error) => void) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    let failure: Error | undefined;
    try {
      return await fn(client, (err) => {
        failure = err;
      });
    } finally {
      client.release(failure);
    }
  }

  const asError = (err: unknown): Error => (err instanceof Error ? err : new Error(String(err)));

  /** Runs `fn`, then gives back the advisory lock `client` holds; one that cannot be given back goes with its connection. */
  async function unlockAfter<T>(
    client: pg.PoolClient,
    name: string,
    fn: () => Promise<T>,
    broken: (err: Error) => void,
  ): Promise<T> {
    try {
      return await fn();
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [name]).catch((e: unknown) => broken(asError(e)));
    }
  }

  return {
    engine: 'postgres',
    ...queryable(pool),
    transaction: (fn) =>
      withClient(async (client, broken) => {
        await client.query('BEGIN');
        try {
          const result = await fn(queryable(client));
          await client.query('COMMIT');
          return result;
        } catch (err) {
          await client.query('ROLLBACK').catch((e: unknown) => broken(asError(e)));
          throw err;
        }
      }),
    withLock: (name, fn) =>
      withClient(async (client, broken) => {
        await client.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
        return unlockAfter(client, name, fn, broken);
      }),
    withLockIfFree: (name, fn) =>
      withClient(async (client, broken) => {
        const r = await client.query<{ got: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS got', [name]);
        if (!r.rows[0]?.got) return { ran: false } as const;
        return { ran: true, value: await unlockAfter(client, name, fn, broken) } as const;
      }),
    close: () => pool.end(),
  };
}

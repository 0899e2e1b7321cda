/**
 * The one database interface the server is written against (docs/deploy.md "Database"). Two drivers implement
 * it: PGlite (Postgres in WebAssembly, in DATA_DIR: the zero-setup default) and PostgreSQL through `pg`
 * (DATABASE_URL). Both run the same migrations and the same SQL, and parse results alike (pgTypes.ts).
 */

export interface QueryResult<T> {
  rows: T[];
  /** Rows an INSERT, UPDATE or DELETE touched. */
  affectedRows?: number;
}

/** What a query can run on: the database, or one transaction of it. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Runs SQL text that may hold several statements, without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export type DbEngine = 'pglite' | 'postgres';

export interface Db extends Queryable {
  readonly engine: DbEngine;
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Runs `fn` while holding the lock `name`, shared by every server on this database (a PostgreSQL advisory
   * lock), so start-up work (migrations, the demo seed) runs once however many servers start together. PGlite
   * has one process per database, which is lock enough.
   */
  withLock<T>(name: string, fn: () => Promise<T>): Promise<T>;
  /** Like withLock, but runs nothing (and answers `ran: false`) when another server holds the lock now. */
  withLockIfFree<T>(name: string, fn: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }>;
  close(): Promise<void>;
}

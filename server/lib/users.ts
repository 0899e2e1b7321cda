import type { Db } from '../db';
import type { UserRow } from './context';

const COLUMNS = 'id, email, roles, permissions_revoked, deleted_at, created_at';

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const r = await db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [id]);
  return r.rows[0] ?? null;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const r = await db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE email = $1`, [normaliseEmail(email)]);
  return r.rows[0] ?? null;
}

/** Creates the user or updates its ADMIN role: ticking grants ADMIN, unticking removes it. */
export async function upsertUser(db: Db, email: string, admin: boolean): Promise<UserRow> {
  const r = await db.query<UserRow>(
    `INSERT INTO users (email, roles) VALUES ($1, $2)
     ON CONFLICT (email) DO UPDATE SET roles = CASE
       WHEN $3 THEN (CASE WHEN 'ADMIN' = ANY(users.roles) THEN users.roles ELSE array_append(users.roles, 'ADMIN') END)
       ELSE array_remove(users.roles, 'ADMIN') END
     RETURNING ${COLUMNS}`,
    [normaliseEmail(email), admin ? ['USER', 'ADMIN'] : ['USER'], admin],
  );
  const row = r.rows[0];
  if (!row) throw new Error('upsert returned no row');
  return row;
}

export type AdminAction = 'revoke' | 'restore' | 'delete' | 'promote';
export const ADMIN_ACTIONS: readonly AdminAction[] = ['revoke', 'restore', 'delete', 'promote'];

/** Applies an administrative change by e-mail; null when no such user exists. */
export async function applyAdminAction(db: Db, action: AdminAction, email: string): Promise<UserRow | null> {
  const set: Record<AdminAction, string> = {
    revoke: 'permissions_revoked = true',
    restore: 'permissions_revoked = false, deleted_at = NULL',
    delete: 'deleted_at = now()',
    promote: `roles = CASE WHEN 'ADMIN' = ANY(roles) THEN roles ELSE array_append(roles, 'ADMIN') END`,
  };
  const r = await db.query<UserRow>(`UPDATE users SET ${set[action]} WHERE email = $1 RETURNING ${COLUMNS}`, [
    normaliseEmail(email),
  ]);
  return r.rows[0] ?? null;
}

export function isValidEmail(email: string): boolean {
  return email.length <= 254 && /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(email);
}

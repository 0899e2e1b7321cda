import type { Db } from '../db';
import type { UserRow } from './context';
import { revokeUserSignIns } from './signIns';

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

/** Actions after which none of the user's current sign-ins may go on. */
const ENDS_SIGN_INS: ReadonlySet<AdminAction> = new Set(['revoke', 'delete']);

/**
 * Applies an administrative change by e-mail; null when no such user exists. Revoke and delete also end all
 * of the user's sign-ins in the same transaction, so no token issued before keeps working (also not after a
 * later restore: the user signs in again).
 */
export async function applyAdminAction(
  db: Db,
  action: AdminAction,
  email: string,
  now: Date = new Date(),
): Promise<UserRow | null> {
  const set: Record<AdminAction, string> = {
    revoke: 'permissions_revoked = true',
    restore: 'permissions_revoked = false, deleted_at = NULL',
    delete: 'deleted_at = $2',
    promote: `roles = CASE WHEN 'ADMIN' = ANY(roles) THEN roles ELSE array_append(roles, 'ADMIN') END`,
  };
  const params: unknown[] = [normaliseEmail(email)];
  if (action === 'delete') params.push(now);
  return db.transaction(async (tx) => {
    const r = await tx.query<UserRow>(`UPDATE users SET ${set[action]} WHERE email = $1 RETURNING ${COLUMNS}`, params);
    const user = r.rows[0] ?? null;
    if (user && ENDS_SIGN_INS.has(action)) await revokeUserSignIns(tx, user.id, now);
    return user;
  });
}

export function isValidEmail(email: string): boolean {
  return email.length <= 254 && /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(email);
}

import type { Db } from '../db';
import type { UserRow } from './context';
import { revokeUserSignIns } from './signIns';

const COLUMNS = 'id, email, email_verified, roles, permissions_revoked, deleted_at, created_at';

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const r = await db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [id]);
  return r.rows[0] ?? null;
}

/** The user with this e-mail: the one whose address is verified first, else the oldest. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const r = await db.query<UserRow>(
    `SELECT ${COLUMNS} FROM users WHERE email = $1 ORDER BY email_verified DESC, created_at LIMIT 1`,
    [normaliseEmail(email)],
  );
  return r.rows[0] ?? null;
}

export type AdminAction = 'revoke' | 'restore' | 'delete' | 'promote';
export const ADMIN_ACTIONS: readonly AdminAction[] = ['revoke', 'restore', 'delete', 'promote'];

/** Actions after which none of the user's current sign-ins may go on. */
const ENDS_SIGN_INS: ReadonlySet<AdminAction> = new Set(['revoke', 'delete']);

/**
 * Applies an administrative change by e-mail; null when no such user exists. Revoke, restore and delete apply to
 * every account carrying the address (an unverified one included: blocking a person blocks each of their
 * accounts); promote only to the account whose address is verified, as ADMIN_EMAILS does. Revoke and delete also
 * end the accounts' sign-ins in the same transaction, so no token issued before keeps working (also not after a
 * later restore: the user signs in again). Answers the verified account when there is one.
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
    const which = action === 'promote' ? 'email = $1 AND email_verified' : 'email = $1';
    const r = await tx.query<UserRow>(`UPDATE users SET ${set[action]} WHERE ${which} RETURNING ${COLUMNS}`, params);
    if (ENDS_SIGN_INS.has(action)) for (const user of r.rows) await revokeUserSignIns(tx, user.id, now);
    return [...r.rows].sort((a, b) => Number(b.email_verified) - Number(a.email_verified))[0] ?? null;
  });
}

export function isValidEmail(email: string): boolean {
  return email.length <= 254 && /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(email);
}

import type { Queryable } from '../db';

/**
 * A sign-in is what one successful callback starts: every token issued for it, also by refreshes, carries
 * its id (`sid`). Revoking the sign-in ends all of those tokens at once, including ones taken before the
 * last refresh (another tab's, or a stolen copy).
 */

export interface SignInRow {
  user_id: string;
  revoked_at: Date | null;
}

/**
 * Starts a sign-in of a user who may sign in (neither deleted nor revoked) in the same statement that checks it:
 * the sign-in's id, or null when the user may not. The user's row is read FOR SHARE, so an admin's revoke or delete
 * either waits for this sign-in and then ends it with the others, or is seen here and none starts (checked in a
 * statement before, a sign-in started between the two outlived the revoke, and worked again after a restore).
 */
export async function startSignIn(db: Queryable, userId: string, now: Date, expiresAt: Date): Promise<string | null> {
  const r = await db.query<{ id: string }>(
    `INSERT INTO sign_ins (user_id, created_at, expires_at)
     SELECT id, $2, $3 FROM users WHERE id = $1 AND deleted_at IS NULL AND NOT permissions_revoked FOR SHARE
     RETURNING id`,
    [userId, now, expiresAt],
  );
  return r.rows[0]?.id ?? null;
}

export async function findSignIn(db: Queryable, sid: string): Promise<SignInRow | null> {
  const r = await db.query<SignInRow>('SELECT user_id, revoked_at FROM sign_ins WHERE id = $1', [sid]);
  return r.rows[0] ?? null;
}

/** Records the expiry of a newly refreshed token (housekeeping keeps the row until then). */
export async function extendSignIn(db: Queryable, sid: string, expiresAt: Date): Promise<void> {
  await db.query('UPDATE sign_ins SET expires_at = GREATEST(expires_at, $2) WHERE id = $1', [sid, expiresAt]);
}

/** Ends one sign-in (logout); revoking twice keeps the first time. */
export async function revokeSignIn(db: Queryable, sid: string, userId: string, now: Date): Promise<void> {
  await db.query('UPDATE sign_ins SET revoked_at = COALESCE(revoked_at, $3) WHERE id = $1 AND user_id = $2', [sid, userId, now]);
}

/** Ends every open sign-in of a user (admin revoke or delete). Returns how many were open. */
export async function revokeUserSignIns(db: Queryable, userId: string, now: Date): Promise<number> {
  const r = await db.query('UPDATE sign_ins SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL', [userId, now]);
  return r.affectedRows ?? 0;
}

/**
 * Forgets sign-ins no token can use any more: revoked, or past their last token's expiry, before `cutoff`.
 * A token whose sign-in row is gone counts as revoked, so this never brings a token back.
 */
export async function pruneSignIns(db: Queryable, cutoff: Date): Promise<void> {
  await db.query('DELETE FROM sign_ins WHERE (revoked_at IS NOT NULL AND revoked_at < $1) OR expires_at < $1', [cutoff]);
}

export type RefreshVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one refresh of sign-in `sid` unless it already had `limit` within the last `windowMs`. Kept on the
 * sign-in's row, not in a server's memory, so the limit holds across servers and restarts; one UPDATE checks and
 * counts, and its row lock makes concurrent refreshes of one sign-in take turns.
 */
export async function recordRefresh(
  db: Queryable,
  sid: string,
  nowMs: number,
  limit: number,
  windowMs: number,
): Promise<RefreshVerdict> {
  const now = new Date(nowMs);
  const since = new Date(nowMs - windowMs);
  const recent = 'ARRAY(SELECT t FROM unnest(refreshed_at) AS t WHERE t > $2 ORDER BY t)';
  const counted = await db.query(
    `UPDATE sign_ins SET refreshed_at = array_append(${recent}, $3)
      WHERE id = $1 AND cardinality(${recent}) < $4 RETURNING id`,
    [sid, since, now, limit],
  );
  if (counted.rows.length > 0) return { allowed: true };
  const oldest = await db.query<{ first: Date | null }>(
    'SELECT (SELECT min(t) FROM unnest(refreshed_at) AS t WHERE t > $2) AS first FROM sign_ins WHERE id = $1',
    [sid, since],
  );
  const first = oldest.rows[0]?.first;
  // No row: the sign-in is gone (pruned or deleted meanwhile); the token check refuses it next time.
  if (!oldest.rows[0]) return { allowed: true };
  const freeAt = (first ? first.getTime() : nowMs) + windowMs;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((freeAt - nowMs) / 1000)) };
}

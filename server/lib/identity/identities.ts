import type { Db, Queryable } from '../../db';
import type { UserRow } from '../context';
import { normaliseEmail } from '../users';

/** The issuer of the laptop stand-in's identities (server/routes/idp.ts); its subject is the e-mail typed. */
export const STANDIN_ISSUER = 'urn:courtside:stand-in';

/** Who signed in, as the provider vouches for it. */
export interface ProvenIdentity {
  issuer: string;
  subject: string;
  email: string;
  /** The provider says it verified the address (`email_verified`); only then does it join accounts or make admins. */
  emailVerified: boolean;
}

const COLUMNS = 'id, email, email_verified, roles, permissions_revoked, deleted_at, created_at';

/** One holder at a time per key, until the transaction ends (the same on PostgreSQL and PGlite). */
async function lockKey(tx: Queryable, key: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [key]);
}

async function userById(tx: Queryable, id: string): Promise<UserRow> {
  const r = await tx.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [id]);
  const row = r.rows[0];
  if (!row) throw new Error('identity without a user');
  return row;
}

async function verifiedUserByEmail(tx: Queryable, email: string): Promise<UserRow | null> {
  const r = await tx.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE email = $1 AND email_verified`, [email]);
  return r.rows[0] ?? null;
}

/**
 * The provider's current address for a known user: a verified address replaces the stored one unless another
 * account holds it verified; an unverified one only replaces an unverified one (it never undoes a verification).
 */
async function followEmail(tx: Queryable, user: UserRow, email: string, verified: boolean): Promise<UserRow> {
  if (user.email === email && (user.email_verified || !verified)) return user;
  if (verified) {
    await lockKey(tx, `email:${email}`);
    const holder = await verifiedUserByEmail(tx, email);
    if (holder && holder.id !== user.id) return user;
  } else if (user.email_verified) {
    return user;
  }
  const r = await tx.query<UserRow>(`UPDATE users SET email = $2, email_verified = $3 WHERE id = $1 RETURNING ${COLUMNS}`, [
    user.id,
    email,
    verified,
  ]);
  return r.rows[0] ?? user;
}

async function linkIdentity(tx: Queryable, identity: ProvenIdentity, userId: string, now: Date): Promise<void> {
  await tx.query('INSERT INTO user_identities (issuer, subject, user_id, created_at) VALUES ($1, $2, $3, $4)', [
    identity.issuer,
    identity.subject,
    userId,
    now,
  ]);
}

/**
 * The user an identity signs in as, made on its first sign-in. A known (issuer, subject) is its user. A new one
 * joins the account whose verified address it shares only when the provider verified that address too; otherwise
 * it gets an account of its own. Verified addresses in `adminEmails` are given ADMIN; no sign-in removes a role.
 */
export async function userForIdentity(
  db: Db,
  identity: ProvenIdentity,
  adminEmails: ReadonlySet<string>,
  now: Date,
): Promise<UserRow> {
  const email = normaliseEmail(identity.email);
  const verified = identity.emailVerified;
  return db.transaction(async (tx) => {
    // Two first sign-ins of one identity at once (two tabs) make one user, not two.
    await lockKey(tx, `identity:${identity.issuer}\n${identity.subject}`);
    const known = await tx.query<{ user_id: string }>('SELECT user_id FROM user_identities WHERE issuer = $1 AND subject = $2', [
      identity.issuer,
      identity.subject,
    ]);
    let user: UserRow;
    const knownId = known.rows[0]?.user_id;
    if (knownId) {
      user = await followEmail(tx, await userById(tx, knownId), email, verified);
    } else {
      if (verified) await lockKey(tx, `email:${email}`);
      const holder = verified ? await verifiedUserByEmail(tx, email) : null;
      if (holder) {
        user = holder;
      } else {
        const r = await tx.query<UserRow>(
          `INSERT INTO users (email, email_verified, roles, created_at) VALUES ($1, $2, ARRAY['USER']::text[], $3) RETURNING ${COLUMNS}`,
          [email, verified, now],
        );
        const row = r.rows[0];
        if (!row) throw new Error('insert returned no user');
        user = row;
      }
      await linkIdentity(tx, identity, user.id, now);
    }
    if (user.email_verified && adminEmails.has(user.email) && !user.roles.includes('ADMIN')) {
      const r = await tx.query<UserRow>(
        `UPDATE users SET roles = array_append(roles, 'ADMIN') WHERE id = $1 RETURNING ${COLUMNS}`,
        [user.id],
      );
      user = r.rows[0] ?? user;
    }
    return user;
  });
}

/** ADMIN_EMAILS: comma- or space-separated addresses, compared as stored (trimmed, lower case). */
export function parseAdminEmails(value: string | undefined): Set<string> {
  return new Set(
    (value ?? '')
      .split(/[\s,]+/)
      .map((e) => e.trim())
      .filter(Boolean)
      .map(normaliseEmail),
  );
}

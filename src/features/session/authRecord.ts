import * as v from 'valibot';
import { serverNow } from './clockSkew';
import { INACTIVITY_TIMEOUT_MS } from './constants';
import { checkToken } from './token';

/** A finite number: JSON cannot carry NaN or Infinity, but a message between tabs could. */
export const finiteNumber = v.pipe(v.number(), v.finite());

/**
 * A signed-in user (docs/product/part-1.md §3, §5 "Stored session"): a non-empty id (a number is read as its
 * text), a non-empty e-mail and a roles array. The same schema checks the callback and refresh
 * answers (authApi.ts) and every stored or shared record.
 */
const userSchema = v.object({
  id: v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.minLength(1)),
  email: v.pipe(v.string(), v.minLength(1)),
  roles: v.array(v.string()),
});

export type User = v.InferOutput<typeof userSchema>;

/** The data of the callback and refresh answers. */
export const authAnswerSchema = v.object({ user: userSchema, token: v.pipe(v.string(), v.minLength(1)) });

export type AuthResponse = v.InferOutput<typeof authAnswerSchema>;

/**
 * The auth record kept in browser storage and shared between tabs. `clockOffsetMs` is ours: the
 * measured difference between the server's and this device's clock (see clockSkew.ts), kept so a
 * reload does not lose it; records written before it existed read as 0. The token's own validity is
 * checked separately (checkAuthRecord).
 */
export const authRecordSchema = v.object({
  user: userSchema,
  token: v.string(),
  lastActivity: finiteNumber,
  lastRefresh: finiteNumber,
  persistAcrossRestarts: v.boolean(),
  clockOffsetMs: v.optional(finiteNumber, 0),
});

export type AuthRecord = v.InferOutput<typeof authRecordSchema>;
/** A record as it may be stored: a numeric user id, no clock offset yet. */
export type StoredAuthRecord = v.InferInput<typeof authRecordSchema>;

export const ADMIN_ROLE = 'ADMIN';

/** The user normalised (id as text, nothing but id, e-mail and roles); null when it is none. */
export function readUser(value: unknown): User | null {
  const parsed = v.safeParse(userSchema, value);
  return parsed.success ? parsed.output : null;
}

/** Structural check of a stored record (for storage reads, which take a type guard). */
export function isStoredAuthRecord(value: unknown): value is StoredAuthRecord {
  return v.is(authRecordSchema, value);
}

/** A record read from another tab or storage event, normalised; null when it is none. */
export function readAuthRecord(value: unknown): AuthRecord | null {
  const parsed = v.safeParse(authRecordSchema, value);
  return parsed.success ? parsed.output : null;
}

/**
 * "Setting the auth rejects a record lacking user or token, or with an invalid or expired token"
 * (docs/product/part-1.md §4). `serverNow` is the skew-corrected time.
 */
export type AuthValidation =
  | { ok: true; user: User; token: string }
  | { ok: false; reason: 'invalid_token' | 'session_expired' | 'session_corrupted'; message: string };

export function validateAuth(input: { user: unknown; token: unknown }, serverNow: number): AuthValidation {
  const user = readUser(input.user);
  if (!user) return { ok: false, reason: 'session_corrupted', message: 'Failed to load saved session' };
  if (typeof input.token !== 'string' || input.token === '')
    return { ok: false, reason: 'invalid_token', message: 'No authentication token available' };
  const check = checkToken(input.token, serverNow);
  if (check.status === 'invalid') return { ok: false, reason: 'invalid_token', message: check.message };
  // Within the grace period a token is still accepted: the refresh that follows renews it.
  if (check.status === 'expired') return { ok: false, reason: 'session_expired', message: 'Session expired' };
  return { ok: true, user, token: input.token };
}

export type RecordCheck =
  | { ok: true; record: AuthRecord }
  | { ok: false; reason: 'invalid_token' | 'session_expired' | 'session_corrupted' | 'session_timeout'; message: string };

/**
 * The one check on every way into a session: sign-in, restore from storage (tab, persistent, legacy),
 * a page shown again, another tab's session or newer token, and the persistent copy changed by
 * another tab. Refuses a record lacking user or token, with a token that fails to decode, expired
 * beyond the grace (on the record's skew-corrected clock), or idle for 30 minutes. An accepted
 * record comes back normalised.
 */
export function checkAuthRecord(record: StoredAuthRecord, deviceNow: number): RecordCheck {
  const clockOffsetMs = record.clockOffsetMs !== undefined && Number.isFinite(record.clockOffsetMs) ? record.clockOffsetMs : 0;
  const check = validateAuth(record, serverNow(deviceNow, clockOffsetMs));
  if (!check.ok) return check;
  if (!Number.isFinite(record.lastActivity) || deviceNow - record.lastActivity >= INACTIVITY_TIMEOUT_MS)
    return { ok: false, reason: 'session_timeout', message: 'Session expired' };
  return { ok: true, record: { ...record, user: check.user, token: check.token, clockOffsetMs } };
}

/** Name and avatar letter shown for a user: the e-mail prefix, else 'Sports User'. */
export function displayName(email: string | null | undefined): string {
  const prefix = (email ?? '').split('@')[0]?.trim();
  return prefix ? prefix : 'Sports User';
}

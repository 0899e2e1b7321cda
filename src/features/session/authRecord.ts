import { serverNow } from './clockSkew';
import { INACTIVITY_TIMEOUT_MS } from './constants';
import { checkToken } from './token';

/** A signed-in user (spec part 1 §3). */
export interface User {
  id: string;
  email: string;
  roles: string[];
}

/**
 * The auth record kept in browser storage. `clockOffsetMs` is ours: the measured difference between
 * the server's and this device's clock (see clockSkew.ts), kept so a reload does not lose it.
 */
export interface AuthRecord {
  user: User;
  token: string;
  lastActivity: number;
  lastRefresh: number;
  persistAcrossRestarts: boolean;
  clockOffsetMs: number;
}

export const ADMIN_ROLE = 'ADMIN';

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A user is accepted only with id, e-mail and a roles array (spec part 1 §5 "Stored session"). */
export function isUser(v: unknown): v is User {
  if (!isObject(v)) return false;
  const { id, email, roles } = v;
  return (
    (typeof id === 'string' || typeof id === 'number') &&
    String(id) !== '' &&
    typeof email === 'string' &&
    email !== '' &&
    Array.isArray(roles) &&
    roles.every((r) => typeof r === 'string')
  );
}

export function normalizeUser(v: User): User {
  return { id: String(v.id), email: v.email, roles: [...v.roles] };
}

/** Structural check of a stored record; the token's own validity is checked separately. */
export function isStoredAuthRecord(v: unknown): v is AuthRecord {
  if (!isObject(v) || !isUser(v.user) || typeof v.token !== 'string') return false;
  const finite = (x: unknown) => typeof x === 'number' && Number.isFinite(x);
  return (
    finite(v.lastActivity) &&
    finite(v.lastRefresh) &&
    typeof v.persistAcrossRestarts === 'boolean' &&
    (v.clockOffsetMs === undefined || finite(v.clockOffsetMs))
  );
}

/**
 * "Setting the auth rejects a record lacking user or token, or with an invalid or expired token"
 * (spec part 1 §4). `serverNow` is the skew-corrected time.
 */
export type AuthValidation =
  | { ok: true; user: User; token: string }
  | { ok: false; reason: 'invalid_token' | 'session_expired' | 'session_corrupted'; message: string };

export function validateAuth(input: { user: unknown; token: unknown }, serverNow: number): AuthValidation {
  if (!isUser(input.user)) return { ok: false, reason: 'session_corrupted', message: 'Failed to load saved session' };
  if (typeof input.token !== 'string' || input.token === '')
    return { ok: false, reason: 'invalid_token', message: 'No authentication token available' };
  const check = checkToken(input.token, serverNow);
  if (check.status === 'invalid') return { ok: false, reason: 'invalid_token', message: check.message };
  // Within the grace period a token is still accepted: the refresh that follows renews it.
  if (check.status === 'expired') return { ok: false, reason: 'session_expired', message: 'Session expired' };
  return { ok: true, user: normalizeUser(input.user), token: input.token };
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
export function checkAuthRecord(record: AuthRecord, deviceNow: number): RecordCheck {
  const clockOffsetMs = Number.isFinite(record.clockOffsetMs) ? record.clockOffsetMs : 0;
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

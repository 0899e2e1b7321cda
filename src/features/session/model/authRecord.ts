import { serverNow } from './clockSkew';
import { INACTIVITY_TIMEOUT_MS } from './constants';
import { authAnswerSchema, authRecordSchema, readWith, userSchema } from '../api/sessionSchemas';
import { checkToken } from './token';

/** A signed-in user (docs/product/part-1.md §3, §5 "Stored session"). */
export interface User {
  id: string;
  email: string;
  roles: string[];
}

/** The data of the callback and refresh answers. */
export interface AuthResponse {
  user: User;
  token: string;
}

/**
 * The auth record kept in browser storage and shared between tabs. `clockOffsetMs` is ours: the
 * measured difference between the server's and this device's clock (see clockSkew.ts), kept so a
 * reload does not lose it; records written before it existed read as 0. The token's own validity is
 * checked separately (checkAuthRecord).
 */
export interface AuthRecord {
  user: User;
  token: string;
  lastActivity: number;
  lastRefresh: number;
  persistAcrossRestarts: boolean;
  clockOffsetMs: number;
}

/** A record as it may be stored: a numeric user id, no clock offset yet. */
export type StoredAuthRecord = Omit<AuthRecord, 'user' | 'clockOffsetMs'> & {
  user: Omit<User, 'id'> & { id: string | number };
  clockOffsetMs?: number;
};

export const ADMIN_ROLE = 'ADMIN';

/**
 * The user normalised: a non-empty id (a number is read as its text), a non-empty e-mail and a roles array, and
 * nothing else; null when it is none. The same check reads the callback and refresh answers (authApi.ts) and
 * every stored or shared record.
 */
export function readUser(value: unknown): User | null {
  return readWith(userSchema, value);
}

/** A callback or refresh answer's data: the user and a non-empty token; null when it is none. */
export function readAuthAnswer(value: unknown): AuthResponse | null {
  return readWith(authAnswerSchema, value);
}

/** A record read from storage or another tab, normalised; null when it is none. */
export function readAuthRecord(value: unknown): AuthRecord | null {
  return readWith(authRecordSchema, value);
}

/** Structural check of a stored record (for storage reads, which take a type guard). */
export function isStoredAuthRecord(value: unknown): value is StoredAuthRecord {
  return readAuthRecord(value) !== null;
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

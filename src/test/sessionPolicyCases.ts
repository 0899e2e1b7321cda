import type { ForcedLogoutReason } from '../api/sessionPolicy';

/**
 * One table of how a failed answer ends the session (docs/product/part-1.md §6–§8, api/sessionPolicy.ts), run
 * against both paths that send authenticated calls: the baseQuery (baseQuery.test.ts) and the upload
 * transport (features/uploads/model/uploadSend.test.ts). 'success' is each path's own success answer.
 */
export type PolicyAnswer = { status: number; body: unknown } | 'success';

export interface SessionPolicyCase {
  name: string;
  /** The call's first answer. */
  first: PolicyAnswer;
  /** The refresh's answer ('success': a new token); absent when no refresh may happen. */
  refresh?: PolicyAnswer;
  /** The repeated call's answer; absent when the call must not be repeated. */
  repeat?: PolicyAnswer;
  /** The reason the session ends with, or null: it goes on. */
  reason: ForcedLogoutReason | null;
}

const refused = (status: number, code: string, error = 'Refused') => ({ status, body: { success: false, error, code } });

const INVALID_TOKEN = refused(401, 'INVALID_TOKEN', 'Invalid token');

export const SESSION_POLICY_CASES: SessionPolicyCase[] = [
  { name: '403 PERMISSION_REVOKED', first: refused(403, 'PERMISSION_REVOKED', 'Access denied'), reason: 'permission_revoked' },
  { name: '401 USER_NOT_FOUND', first: refused(401, 'USER_NOT_FOUND', 'User not found'), reason: 'account_deleted' },
  {
    name: '401, the refresh refused',
    first: INVALID_TOKEN,
    refresh: refused(401, 'TOKEN_EXPIRED'),
    reason: 'authentication_failed',
  },
  {
    name: '401, the refresh rate limited (429)',
    first: INVALID_TOKEN,
    refresh: refused(429, 'RATE_LIMITED'),
    reason: 'authentication_failed',
  },
  {
    name: '401, the refresh answers USER_NOT_FOUND',
    first: INVALID_TOKEN,
    refresh: refused(401, 'USER_NOT_FOUND'),
    reason: 'account_deleted',
  },
  {
    name: '401, the refresh answers PERMISSION_REVOKED',
    first: INVALID_TOKEN,
    refresh: refused(403, 'PERMISSION_REVOKED'),
    reason: 'permission_revoked',
  },
  {
    name: '401, refreshed, the repeat 401 again',
    first: INVALID_TOKEN,
    refresh: 'success',
    repeat: INVALID_TOKEN,
    reason: 'authentication_failed',
  },
  {
    name: '401, refreshed, the repeat 401 USER_NOT_FOUND',
    first: INVALID_TOKEN,
    refresh: 'success',
    repeat: refused(401, 'USER_NOT_FOUND'),
    reason: 'account_deleted',
  },
  {
    name: '401, refreshed, the repeat 403 PERMISSION_REVOKED',
    first: INVALID_TOKEN,
    refresh: 'success',
    repeat: refused(403, 'PERMISSION_REVOKED'),
    reason: 'permission_revoked',
  },
  { name: '401, refreshed, the repeat succeeds', first: INVALID_TOKEN, refresh: 'success', repeat: 'success', reason: null },
  { name: '403 with another code', first: refused(403, 'FORBIDDEN', 'Not allowed'), reason: null },
  { name: '404', first: refused(404, 'NOT_FOUND', 'Not found'), reason: null },
  { name: '500', first: refused(500, 'INTERNAL', 'Boom'), reason: null },
];

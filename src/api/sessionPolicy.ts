import { readErrorBody } from './envelope';

/**
 * When a failed answer ends the session, and with which reason (docs/product/part-1.md §6, §7, §8). The one policy
 * of every authenticated call: the baseQuery (`baseQuery.ts`, every RTK Query endpoint) and the upload
 * transport (`features/uploads/model/uploadSend.ts`, XHR) both drive their requests by these decisions.
 */

export type ForcedLogoutReason = 'session_expired' | 'authentication_failed' | 'account_deleted' | 'permission_revoked';

/** How a refresh ended; the caller picks the logout reason for the failures. */
export type RefreshOutcome =
  'refreshed' | 'rate_limited' | 'failed' | 'unreachable' | 'account_deleted' | 'permission_revoked' | 'no_session';

/** A token's state on the server's clock, as the session bridge reports it. */
export type TokenStatus = 'valid' | 'grace' | 'expired' | 'invalid' | 'none';

/** What to do before sending an authenticated request. */
export type BeforeSending =
  | { kind: 'send' }
  /** Past expiry but within the 2-minute grace: refresh first (a failed refresh ends with `session_expired`). */
  | { kind: 'refresh' }
  | { kind: 'end'; reason: ForcedLogoutReason; message: string };

export function beforeSending(token: TokenStatus): BeforeSending {
  switch (token) {
    case 'grace':
      return { kind: 'refresh' };
    case 'expired':
      return { kind: 'end', reason: 'session_expired', message: 'Session expired' };
    case 'invalid':
      return { kind: 'end', reason: 'authentication_failed', message: 'Token validation failed' };
    default:
      return { kind: 'send' };
  }
}

/** What a server's answer means for the session. */
export type AnswerVerdict =
  | { kind: 'none' }
  /** A first 401: one refresh (shared with every other caller), then the request once more. */
  | { kind: 'refresh' }
  | { kind: 'end'; reason: ForcedLogoutReason };

export interface AnswerFacts {
  /** HTTP status (a transport failure is no session matter and never gets here). */
  status: number;
  /** The answer's body, parsed JSON or anything else. */
  body: unknown;
}

/** The code of a refused answer: `code`, else `errorCode`. */
export function answerCode(body: unknown): string | null {
  const parsed = readErrorBody(body);
  return parsed?.code ?? parsed?.errorCode ?? null;
}

/**
 * - 403 `PERMISSION_REVOKED` → `permission_revoked`;
 * - 401 `USER_NOT_FOUND` → `account_deleted` (no refresh can help);
 * - another 401 → refresh and repeat once; the repeat's 401 → `authentication_failed`;
 * - a 401 to a request sent without a token is not the session's (nothing to refresh or end);
 * - anything else is not a session matter.
 */
export function judgeAnswer(answer: AnswerFacts, request: { sentWithToken: boolean; repeated: boolean }): AnswerVerdict {
  const code = answerCode(answer.body);
  if (answer.status === 403 && code === 'PERMISSION_REVOKED') return { kind: 'end', reason: 'permission_revoked' };
  if (answer.status !== 401 || !request.sentWithToken) return { kind: 'none' };
  if (code === 'USER_NOT_FOUND') return { kind: 'end', reason: 'account_deleted' };
  return request.repeated ? { kind: 'end', reason: 'authentication_failed' } : { kind: 'refresh' };
}

/**
 * A refresh that did not succeed ends the session: with the server's own reason (account deleted,
 * permission revoked), else `otherwise` (`authentication_failed` after a 401, `session_expired` for a
 * token in grace). Null when there is nothing to end (refreshed, or the session had already ended).
 */
export function afterRefresh(outcome: RefreshOutcome, otherwise: ForcedLogoutReason): ForcedLogoutReason | null {
  if (outcome === 'refreshed' || outcome === 'no_session') return null;
  return outcome === 'account_deleted' || outcome === 'permission_revoked' ? outcome : otherwise;
}

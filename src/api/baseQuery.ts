import {
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query';
import { apiBaseUrl } from '../app/config';
import type { AppServices } from '../app/services';
import {
  afterRefresh,
  beforeSending,
  judgeAnswer,
  type ForcedLogoutReason,
  type RefreshOutcome,
  type TokenStatus,
} from './sessionPolicy';

/** The parts of the store the baseQuery uses; kept structural so this module needs no store import. */
export interface AuthView {
  token: string | null;
  status: 'loading' | 'signedOut' | 'signedIn';
}

export type { ForcedLogoutReason, RefreshOutcome } from './sessionPolicy';

/**
 * What the session feature plugs into the API layer (through AppServices, so api/ never imports a feature): how to read the token, refresh it and end the
 * session. The same `refresh` is used by the session timer saga (features/session/model/refreshSession.ts).
 */
export interface SessionBridge {
  readAuth(state: unknown): AuthView;
  /** 'valid' | 'grace' (past expiry, refreshable) | 'expired' | 'invalid', on the server's clock. */
  tokenStatus(state: unknown, services: AppServices): TokenStatus;
  refresh(store: { dispatch: (a: unknown) => unknown; getState: () => unknown }, services: AppServices): Promise<RefreshOutcome>;
  forceLogout(reason: ForcedLogoutReason): { type: string; payload: unknown };
}

/** Per-endpoint switches, passed as an endpoint's `extraOptions`. */
export interface ApiExtraOptions {
  /** Calls made without a session (login) or that manage it (refresh, logout): no re-auth around them. */
  auth?: 'none' | 'session-call';
}

type Raw = BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, ApiExtraOptions, FetchBaseQueryMeta>;

export function createRawBaseQuery(): Raw {
  return fetchBaseQuery({
    baseUrl: apiBaseUrl(),
    prepareHeaders: (headers, { getState, extra }) => {
      headers.set('X-Frontend-Client', 'true');
      const token = (extra as AppServices | undefined)?.session?.readAuth(getState()).token;
      // An explicit Authorization (the failed-logout retry) wins over the session's token.
      if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
      return headers;
    },
    // fetchBaseQuery already sends JSON for plain objects and leaves FormData to the browser.
  });
}

function sessionEndedError(message: string): { error: FetchBaseQueryError } {
  return { error: { status: 401, data: { success: false, error: message, code: 'SESSION_ENDED' } } };
}

/** The facts the session policy judges: an HTTP refusal (transport failures are no session matter). */
function answerOf(result: { error?: FetchBaseQueryError }): { status: number; body: unknown } | null {
  const error = result.error;
  if (!error) return null;
  if (typeof error.status === 'number') return { status: error.status, body: error.data };
  if (error.status === 'PARSING_ERROR') return { status: error.originalStatus, body: error.data };
  return null;
}

/**
 * The baseQuery every endpoint uses (docs/product/part-1.md §7 "shared request behaviour"):
 * bearer + X-Frontend-Client headers; a token past expiry is refreshed first when inside the grace
 * period, otherwise the session ends; on 401 one refresh — shared by every request that hits 401
 * at the same time — then the request is repeated once; 401 USER_NOT_FOUND and 403
 * PERMISSION_REVOKED end the session with their own reasons.
 */
export function createBaseQuery(raw: Raw = createRawBaseQuery()): Raw {
  return async (args, api, extraOptions) => {
    const services = api.extra as AppServices;
    const b = services.session;
    if (!b || extraOptions?.auth) return raw(args, api, extraOptions);

    const store = { dispatch: api.dispatch as (a: unknown) => unknown, getState: api.getState };
    const endSession = (reason: ForcedLogoutReason | null) => {
      if (reason && b.readAuth(api.getState()).status === 'signedIn') api.dispatch(b.forceLogout(reason));
    };

    const before = beforeSending(b.tokenStatus(api.getState(), services));
    if (before.kind === 'refresh') {
      const outcome = await b.refresh(store, services);
      if (outcome !== 'refreshed') {
        endSession(afterRefresh(outcome, 'session_expired'));
        return sessionEndedError('Session expired');
      }
    } else if (before.kind === 'end') {
      endSession(before.reason);
      return sessionEndedError(before.message);
    }

    const sentWith = b.readAuth(api.getState()).token;
    let result = await raw(args, api, extraOptions);
    const first = answerOf(result);
    const verdict = first ? judgeAnswer(first, { sentWithToken: sentWith !== null, repeated: false }) : { kind: 'none' as const };
    if (verdict.kind === 'end') endSession(verdict.reason);
    if (verdict.kind !== 'refresh') return result;

    // Another request may already have refreshed while this one was in flight: then just repeat.
    const current = b.readAuth(api.getState()).token;
    const outcome: RefreshOutcome = current !== null && current !== sentWith ? 'refreshed' : await b.refresh(store, services);
    if (outcome !== 'refreshed') {
      endSession(afterRefresh(outcome, 'authentication_failed'));
      return result;
    }
    result = await raw(args, api, extraOptions);
    const repeat = answerOf(result);
    const again = repeat ? judgeAnswer(repeat, { sentWithToken: true, repeated: true }) : null;
    if (again?.kind === 'end') endSession(again.reason);
    return result;
  };
}

import type { SagaIterator } from 'redux-saga';
import { call, getContext } from 'redux-saga/effects';
import type { AppServices } from '../../../app/services';
import type { RefreshOutcome } from '../../../api/baseQuery';
import type { RootState } from '../../../app/rootReducer';
import { toApiFailure } from '../../../api/apiErrors';
import { authApi } from '../api/authApi';
import type { AuthResponse } from './authRecord';
import { measureClockOffset } from './clockSkew';
import { withRefreshLock } from './refreshLock';
import { readRefreshMarker, writeRefreshMarker } from './crossTab';
import { tokenRefreshed } from './sessionSlice';
import { decodeToken } from './token';

export interface StoreLike {
  dispatch: (action: unknown) => unknown;
  getState: () => unknown;
}

/** How long a tab that lost the race waits for the winner's new token to reach it. */
const ADOPTION_WAIT_MS = 1_000;

/** Resolves true as soon as the session's token differs from `token`, false after `ms`. */
function tokenChanges(store: StoreLike, token: string | null, ms: number): Promise<boolean> {
  const read = () => (store.getState() as RootState).session.token;
  if (read() !== token) return Promise.resolve(true);
  const subscribable = store as StoreLike & { subscribe?: (listener: () => void) => () => void };
  if (!subscribable.subscribe) return Promise.resolve(false);
  const subscribe = subscribable.subscribe;
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      unsubscribe();
      resolve(false);
    }, ms);
    const unsubscribe = subscribe(() => {
      if (read() !== token) {
        clearTimeout(timer);
        unsubscribe();
        resolve(true);
      }
    });
  });
}

type RefreshRequest = Promise<{ data: AuthResponse } | { error: unknown }> & { reset(): void };

/**
 * The one token refresh, used by the baseQuery (on 401 and for a token in grace) and by the
 * session timer saga. In this tab concurrent callers share one call (services.refreshGate); across
 * tabs only the lock holder calls the server, and a tab that waited re-reads the token first — if
 * another tab's refresh has already reached it, there is nothing left to do.
 */
export function refreshSession(store: StoreLike, services: AppServices): Promise<RefreshOutcome> {
  const state = () => store.getState() as RootState;
  return services.refreshGate.run(async () => {
    if (state().session.status !== 'signedIn') return 'no_session';
    const tokenBefore = state().session.token;
    return withRefreshLock(async (): Promise<RefreshOutcome> => {
      const session = state().session;
      if (session.status !== 'signedIn') return 'no_session';
      if (session.token !== tokenBefore) return 'refreshed';
      // Another tab refreshed while we waited for the lock; its token is on its way over the tab link.
      const marker = readRefreshMarker();
      const mine = decodeToken(session.token);
      if (marker && mine && marker.exp > mine.exp && (await tokenChanges(store, session.token, ADOPTION_WAIT_MS))) {
        return 'refreshed';
      }

      const request = store.dispatch(authApi.endpoints.refreshToken.initiate()) as RefreshRequest;
      try {
        const result = await request;
        if ('error' in result) {
          const failure = toApiFailure(result.error as Parameters<typeof toApiFailure>[0]);
          if (failure.status === 429) return 'rate_limited';
          if (failure.status === 'network' || failure.status === 'timeout') return 'unreachable';
          if (failure.status === 401 && failure.code === 'USER_NOT_FOUND') return 'account_deleted';
          if (failure.status === 403 && failure.code === 'PERMISSION_REVOKED') return 'permission_revoked';
          console.warn(`Token refresh failed (${String(failure.status)}${failure.code ? ` ${failure.code}` : ''})`);
          return 'failed';
        }
        // The answer's shape was checked at the boundary (authApi's schema); its token must still decode.
        const claims = decodeToken(result.data.token);
        if (!claims) return 'failed';
        if (state().session.status !== 'signedIn') return 'no_session';
        const now = services.clock.now();
        writeRefreshMarker({ exp: claims.exp, at: now });
        store.dispatch(
          tokenRefreshed({
            token: result.data.token,
            user: result.data.user,
            at: now,
            clockOffsetMs: measureClockOffset(claims.iat, now),
          }),
        );
        return 'refreshed';
      } finally {
        request.reset(); // the mutation's cache entry held the token: drop it
      }
    }, services.clock);
  });
}

/** The same refresh, from a saga: bound to the running store (saga context 'store'). */
export function* refreshViaStore(): SagaIterator<RefreshOutcome> {
  const services: AppServices = yield getContext('services');
  const store: StoreLike = yield getContext('store');
  return (yield call(refreshSession, store, services)) as RefreshOutcome;
}

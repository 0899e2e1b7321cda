import type { SagaIterator } from 'redux-saga';
import { call, getContext, put, select } from 'redux-saga/effects';
import type { AppServices } from '../../../app/services';
import { checkAuthRecord, type AuthResponse } from './authRecord';
import { measureClockOffset } from './clockSkew';
import { selectSessionStatus } from './selectors';
import { logoutRequested, sessionAbsent, sessionStarted, type SessionStatus } from './sessionSlice';
import { clearSession } from './sessionStorage';
import { decodeToken } from './token';

/**
 * What the session offers the sign-in flow (features/login): starting a session from a callback
 * answer, and dropping whatever is stored when a sign-in or a provider logout comes back. The
 * session's storage, clock correction and record checks stay behind these three sagas.
 */

export type SignInOutcome = { ok: true } | { ok: false; message: string };

/**
 * Starts the session a callback answered with: the clock offset is measured on the fresh token's
 * `iat`, and the record passes the same check as every other way into a session (checkAuthRecord).
 * A refused answer starts nothing; `message` says why ('Token validation failed', say).
 */
export function* completeSignIn(answer: AuthResponse, keepSignedIn: boolean): SagaIterator<SignInOutcome> {
  const services: AppServices = yield getContext('services');
  const now = services.clock.now();
  const claims = decodeToken(answer.token);
  const check = checkAuthRecord(
    {
      user: answer.user,
      token: answer.token,
      lastActivity: now,
      lastRefresh: now,
      persistAcrossRestarts: keepSignedIn,
      clockOffsetMs: claims ? measureClockOffset(claims.iat, now) : 0,
    },
    now,
  );
  if (!check.ok) return { ok: false, message: check.message };
  yield put(sessionStarted({ record: check.record, source: 'login' }));
  return { ok: true };
}

/** Forgets the stored session; a start-up still waiting for one learns there is none. */
export function* discardStoredSession(): SagaIterator {
  clearSession();
  const status: SessionStatus = yield select(selectSessionStatus);
  if (status === 'loading') yield put(sessionAbsent({ reason: null }));
}

/** Back from the provider's logout page: end the session here too (once), or drop what is stored. */
export function* endSessionAfterProviderLogout(): SagaIterator {
  const status: SessionStatus = yield select(selectSessionStatus);
  if (status === 'signedIn') yield put(logoutRequested({ reason: 'user_logout' }));
  else yield call(discardStoredSession);
}

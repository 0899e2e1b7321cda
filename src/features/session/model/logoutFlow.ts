import { call, getContext, put, select } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { AppServices } from '../../../app/services';
import { runMutation, type MutationAnswer } from '../../../api/runMutation';
import { authApi } from '../api/authApi';
import { selectToken } from './selectors';
import { clearSession, forgetFailedLogoutToken, keepFailedLogoutToken, readFailedLogoutToken } from './sessionStorage';
import { signedOut } from './sessionSlice';
import type { LogoutReason } from './logoutReasons';

type LogoutResult = { requiresRedirect: boolean; logoutUrl: string | null };
type LogoutAnswer = MutationAnswer<LogoutResult>;

export function loginPageUrl(): string {
  return `${window.location.origin}/login`;
}

/** POST /auth/logout with an explicit token; the mutation entry (it holds the token) is dropped after. */
export function* callServerLogout(token: string): SagaIterator<LogoutAnswer> {
  return (yield call(
    runMutation<LogoutResult>,
    authApi.endpoints.serverLogout.initiate({ token, returnTo: loginPageUrl() }),
  )) as LogoutAnswer;
}

/**
 * Logout (docs/product/part-1.md §4): clear local state, storage and timers (the session scope is already
 * cancelled when this runs), then the server logout; follow its redirect when it asks for one,
 * else /login. A failed server logout keeps the token to retry later.
 */
export function* performLogout(reason: LogoutReason, fromOtherTab: boolean): SagaIterator {
  const services: AppServices = yield getContext('services');
  const token: string | null = yield select(selectToken);
  yield put(signedOut({ reason }));
  clearSession();
  services.navigate('/login', { replace: true });
  // Another tab that logged out has already told the server.
  if (!token || fromOtherTab) return;
  const answer: LogoutAnswer = yield call(callServerLogout, token);
  if ('error' in answer) {
    keepFailedLogoutToken(token);
    return;
  }
  if (answer.data.requiresRedirect && answer.data.logoutUrl) services.redirect(answer.data.logoutUrl);
}

/** Retries a logout that failed earlier (at start and at the next sign-in). */
export function* retryFailedLogout(): SagaIterator {
  const token = readFailedLogoutToken();
  if (!token) return;
  const answer: LogoutAnswer = yield call(callServerLogout, token);
  // 401 means the server no longer honours that token: nothing left to log out.
  if (
    !('error' in answer) ||
    (typeof answer.error === 'object' && answer.error !== null && (answer.error as { status?: unknown }).status === 401)
  ) {
    forgetFailedLogoutToken();
  }
}

import { call, delay, getContext, put, select, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { AppServices } from '../../app/services';
import { config } from '../../app/config';
import { toApiFailure } from '../../api/apiErrors';
import { runMutation, type MutationAnswer } from '../../api/runMutation';
import { authApi, type AuthResponse } from '../session/authApi';
import { checkAuthRecord } from '../session/authRecord';
import { measureClockOffset } from '../session/clockSkew';
import { SILENT_RECOVERY_DELAY_MS } from '../session/constants';
import { retryFailedLogout } from '../session/logoutFlow';
import { selectSessionStatus } from '../session/selectors';
import { clearSession } from '../session/sessionStorage';
import { logoutRequested, sessionAbsent, sessionStarted } from '../session/sessionSlice';
import { decodeToken } from '../session/token';
import { parseLoginReturn, stateOfAuthUrl } from './loginCallback';
import { EXPIRED_CODE, INVALID_AUTH_RESPONSE, loginErrorFor, providerErrorFor } from './loginErrors';
import { loginCompleting, loginFailed, loginPageOpened, loginRecovering, loginStarted, loginSucceeded } from './loginSlice';
import { findPendingLogin, forgetPendingLogin, rememberPendingLogin, type PendingLogin } from './pendingLogin';

type Answer<T> = MutationAnswer<T>;

function failureOf(answer: { error: unknown }) {
  return toApiFailure(answer.error as Parameters<typeof toApiFailure>[0]);
}

/**
 * Off to the provider. The authUrl's `state`, when it has one, is remembered for the login CSRF check
 * on the way back; without one the sign-in goes ahead unchecked (docs/decisions.md: it then rests on
 * the single-use, 60 s code and the same-origin redirect).
 */
function* startLogin(action: ReturnType<typeof loginStarted>): SagaIterator {
  const services: AppServices = yield getContext('services');
  const answer: Answer<string> = yield call(runMutation, authApi.endpoints.startLogin.initiate());
  if ('error' in answer) {
    yield put(loginFailed(loginErrorFor('start', failureOf(answer))));
    return;
  }
  rememberPendingLogin(stateOfAuthUrl(answer.data), action.payload.keepSignedIn, services.clock.now());
  services.redirect(answer.data);
}

function* clearAuth(): SagaIterator {
  clearSession();
  const status: string = yield select(selectSessionStatus);
  if (status === 'loading') yield put(sessionAbsent({ reason: null }));
}

function* completeLogin(code: string, returnedState: string | null): SagaIterator {
  const services: AppServices = yield getContext('services');
  // Login CSRF: the provider must return the state of a sign-in this browser started (any tab).
  const pending: PendingLogin | null = findPendingLogin(returnedState, services.clock.now());
  if (!pending) {
    services.navigate('/login', { replace: true });
    yield call(clearAuth);
    yield put(loginFailed(INVALID_AUTH_RESPONSE));
    return;
  }
  yield put(loginCompleting());
  const answer: Answer<AuthResponse> = yield call(runMutation, authApi.endpoints.completeLogin.initiate({ code }));
  const now = services.clock.now();
  if ('error' in answer) {
    const failure = failureOf(answer);
    // The pending login is kept until the server has answered. A dropped or aborted request (a
    // reload) is no answer: reloading while 'Completing sign-in...' then reaches the silent recovery.
    if (typeof failure.status === 'number') forgetPendingLogin(pending, now);
    yield call(clearAuth);
    if (failure.status === 400 && failure.code === EXPIRED_CODE) {
      // Silent recovery: typically a reload of the callback URL after the code was used.
      yield put(loginRecovering());
      yield delay(SILENT_RECOVERY_DELAY_MS);
      services.navigate('/', { replace: true });
      yield put(loginSucceeded());
      return;
    }
    services.navigate('/login', { replace: true });
    yield put(loginFailed(loginErrorFor('callback', failure)));
    return;
  }
  forgetPendingLogin(pending, now);
  const claims = decodeToken(answer.data.token);
  const check = checkAuthRecord(
    {
      user: answer.data.user,
      token: answer.data.token,
      lastActivity: now,
      lastRefresh: now,
      persistAcrossRestarts: pending.keepSignedIn,
      clockOffsetMs: claims ? measureClockOffset(claims.iat, now) : 0,
    },
    now,
  );
  if (!check.ok) {
    services.navigate('/login', { replace: true });
    yield call(clearAuth);
    yield put(loginFailed({ message: check.message, hint: null }));
    return;
  }
  yield put(sessionStarted({ record: check.record, source: 'login' }));
  yield put(loginSucceeded());
  services.navigate('/', { replace: true });
  yield call(retryFailedLogout);
}

function* handleLoginPage(action: ReturnType<typeof loginPageOpened>): SagaIterator {
  const services: AppServices = yield getContext('services');
  const back = parseLoginReturn(action.payload.search, config.idpName);
  switch (back.kind) {
    case 'none':
      return;
    case 'logout': {
      const status: string = yield select(selectSessionStatus);
      if (status === 'signedIn') yield put(logoutRequested({ reason: 'user_logout' }));
      else yield call(clearAuth);
      services.navigate('/login', { replace: true });
      return;
    }
    case 'providerError':
      services.navigate('/login', { replace: true });
      yield call(clearAuth);
      yield put(loginFailed(providerErrorFor(back.message)));
      return;
    case 'invalid':
      services.navigate('/login', { replace: true });
      yield call(clearAuth);
      yield put(loginFailed(INVALID_AUTH_RESPONSE));
      return;
    case 'callback':
      yield call(completeLogin, back.code, back.state);
  }
}

export function* loginSaga(): SagaIterator {
  yield takeLeading(loginStarted.type, startLogin);
  yield takeLeading(loginPageOpened.type, handleLoginPage);
}

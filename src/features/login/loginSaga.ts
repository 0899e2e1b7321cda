import { call, delay, getContext, put, select, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { AppServices } from '../../app/services';
import { config } from '../../app/config';
import { readJson, remove, StorageKeys, writeJson } from '../../app/storage';
import { toApiFailure } from '../../api/apiErrors';
import { runMutation, type MutationAnswer } from '../../api/runMutation';
import { authApi, type AuthResponse } from '../session/authApi';
import { validateAuth } from '../session/authRecord';
import { measureClockOffset, serverNow } from '../session/clockSkew';
import { SILENT_RECOVERY_DELAY_MS } from '../session/constants';
import { retryFailedLogout } from '../session/logoutFlow';
import { selectSessionStatus } from '../session/selectors';
import { clearSession } from '../session/sessionStorage';
import { logoutRequested, sessionAbsent, sessionStarted } from '../session/sessionSlice';
import { decodeToken } from '../session/token';
import { parseLoginReturn, stateOfAuthUrl } from './loginCallback';
import { EXPIRED_CODE, INVALID_AUTH_RESPONSE, loginErrorFor, providerErrorFor } from './loginErrors';
import { loginCompleting, loginFailed, loginPageOpened, loginRecovering, loginStarted, loginSucceeded } from './loginSlice';

/** What we remember across the trip to the provider (tab storage, no secret in it). */
interface PendingLogin {
  state: string;
  keepSignedIn: boolean;
}

const isPendingLogin = (v: unknown): v is PendingLogin =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as PendingLogin).state === 'string' &&
  typeof (v as PendingLogin).keepSignedIn === 'boolean';

type Answer<T> = MutationAnswer<T>;

function failureOf(answer: { error: unknown }) {
  return toApiFailure(answer.error as Parameters<typeof toApiFailure>[0]);
}

function* startLogin(action: ReturnType<typeof loginStarted>): SagaIterator {
  const services: AppServices = yield getContext('services');
  const answer: Answer<string> = yield call(runMutation, authApi.endpoints.startLogin.initiate());
  if ('error' in answer) {
    yield put(loginFailed(loginErrorFor('start', failureOf(answer))));
    return;
  }
  const state = stateOfAuthUrl(answer.data);
  if (!state) {
    yield put(
      loginFailed(loginErrorFor('start', { status: 'invalid_response', serverMessage: null, code: null, details: null })),
    );
    return;
  }
  writeJson('tab', StorageKeys.loginState, { state, keepSignedIn: action.payload.keepSignedIn } satisfies PendingLogin);
  services.redirect(answer.data);
}

function* clearAuth(): SagaIterator {
  clearSession();
  const status: string = yield select(selectSessionStatus);
  if (status === 'loading') yield put(sessionAbsent({ reason: null }));
}

function* completeLogin(code: string, returnedState: string | null): SagaIterator {
  const services: AppServices = yield getContext('services');
  const pending = readJson('tab', StorageKeys.loginState, isPendingLogin);
  // Login CSRF: the provider must return the state we were sent off with.
  if (pending.status !== 'ok' || !returnedState || pending.value.state !== returnedState) {
    remove('tab', StorageKeys.loginState);
    services.navigate('/login', { replace: true });
    yield call(clearAuth);
    yield put(loginFailed(INVALID_AUTH_RESPONSE));
    return;
  }
  yield put(loginCompleting());
  const answer: Answer<AuthResponse> = yield call(runMutation, authApi.endpoints.completeLogin.initiate({ code }));
  if ('error' in answer) {
    const failure = failureOf(answer);
    // The pending login is kept until the server has answered. A dropped or aborted request (a
    // reload) is no answer: reloading while 'Completing sign-in...' then reaches the silent recovery.
    if (typeof failure.status === 'number') remove('tab', StorageKeys.loginState);
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
  remove('tab', StorageKeys.loginState);
  const now = services.clock.now();
  const claims = decodeToken(answer.data.token);
  const clockOffsetMs = claims ? measureClockOffset(claims.iat, now) : 0;
  const check = validateAuth(answer.data, serverNow(now, clockOffsetMs));
  if (!check.ok) {
    services.navigate('/login', { replace: true });
    yield call(clearAuth);
    yield put(loginFailed({ message: check.message, hint: null }));
    return;
  }
  yield put(
    sessionStarted({
      record: {
        user: check.user,
        token: check.token,
        lastActivity: now,
        lastRefresh: now,
        persistAcrossRestarts: pending.value.keepSignedIn,
        clockOffsetMs,
      },
      source: 'login',
    }),
  );
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

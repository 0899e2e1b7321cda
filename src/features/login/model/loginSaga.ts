import { call, delay, getContext, put, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { AppServices } from '../../../app/services';
import { toApiFailure } from '../../../api/apiErrors';
import { runMutation, type MutationAnswer } from '../../../api/runMutation';
import {
  authApi,
  completeSignIn,
  discardStoredSession,
  endSessionAfterProviderLogout,
  retryFailedLogout,
  type AuthResponse,
  type SignInOutcome,
} from '../../session/public';
import { parseLoginReturn, stateOfAuthUrl } from './loginCallback';
import { EXPIRED_CODE, INVALID_AUTH_RESPONSE, loginErrorFor, providerErrorFor } from './loginMessages';
import { loginCompleting, loginFailed, loginPageOpened, loginRecovering, loginStarted, loginSucceeded } from './loginSlice';
import { findPendingLogin, forgetPendingLogin, rememberPendingLogin, type PendingLogin } from './pendingLogin';

type Answer<T> = MutationAnswer<T>;

/** Silent recovery shows its message this long before going home (docs/product/part-1.md §9). */
const SILENT_RECOVERY_DELAY_MS = 1_000;

function failureOf(answer: { error: unknown }) {
  return toApiFailure(answer.error as Parameters<typeof toApiFailure>[0]);
}

/** The server's identity provider name (IDP_NAME), asked at run time so one build serves any provider. */
function* askProvider(): SagaIterator<Answer<string>> {
  const answer: Answer<string> = yield call(runMutation<string>, authApi.endpoints.authProvider.initiate());
  return answer;
}

/**
 * Off to the provider. The authUrl's `state`, when it has one, is remembered for the login CSRF check
 * on the way back; without one the sign-in goes ahead unchecked (docs/decisions.md: it then rests on
 * the single-use, 60 s code and the same-origin redirect). The provider's name is remembered with it.
 */
function* startLogin(action: ReturnType<typeof loginStarted>): SagaIterator {
  const services: AppServices = yield getContext('services');
  const provider: Answer<string> = yield call(askProvider);
  if ('error' in provider) {
    yield put(loginFailed(loginErrorFor('start', failureOf(provider))));
    return;
  }
  const answer: Answer<string> = yield call(
    runMutation<string>,
    authApi.endpoints.startLogin.initiate({ provider: provider.data }),
  );
  if ('error' in answer) {
    yield put(loginFailed(loginErrorFor('start', failureOf(answer))));
    return;
  }
  rememberPendingLogin(stateOfAuthUrl(answer.data), action.payload.keepSignedIn, services.clock.now(), provider.data);
  services.redirect(answer.data);
}

function* completeLogin(code: string, returnedState: string | null, iss: string | undefined): SagaIterator {
  const services: AppServices = yield getContext('services');
  // Login CSRF: the provider must return the state of a sign-in this browser started (any tab).
  const pending: PendingLogin | null = findPendingLogin(returnedState, services.clock.now());
  if (!pending) {
    services.navigate('/login', { replace: true });
    yield call(discardStoredSession);
    yield put(loginFailed(INVALID_AUTH_RESPONSE));
    return;
  }
  yield put(loginCompleting());
  const provider: Answer<string> = pending.provider ? { data: pending.provider } : yield call(askProvider);
  const answer: Answer<AuthResponse> =
    'error' in provider
      ? provider
      : yield call(
          runMutation<AuthResponse>,
          authApi.endpoints.completeLogin.initiate({ provider: provider.data, code, state: returnedState, iss }),
        );
  const now = services.clock.now();
  if ('error' in answer) {
    const failure = failureOf(answer);
    // The pending login is kept until the server has answered. A dropped or aborted request (a
    // reload) is no answer: reloading while 'Completing sign-in...' then reaches the silent recovery.
    if (typeof failure.status === 'number') forgetPendingLogin(pending, now);
    yield call(discardStoredSession);
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
  const signIn: SignInOutcome = yield call(completeSignIn, answer.data, pending.keepSignedIn);
  if (!signIn.ok) {
    services.navigate('/login', { replace: true });
    yield call(discardStoredSession);
    yield put(loginFailed({ message: signIn.message, hint: null }));
    return;
  }
  yield put(loginSucceeded());
  services.navigate('/', { replace: true });
  yield call(retryFailedLogout);
}

function* handleLoginPage(action: ReturnType<typeof loginPageOpened>): SagaIterator {
  const services: AppServices = yield getContext('services');
  const back = parseLoginReturn(action.payload.search);
  switch (back.kind) {
    case 'none':
      return;
    case 'logout':
      yield call(endSessionAfterProviderLogout);
      services.navigate('/login', { replace: true });
      return;
    case 'providerError':
      services.navigate('/login', { replace: true });
      yield call(discardStoredSession);
      yield put(loginFailed(providerErrorFor(back.message)));
      return;
    case 'invalid':
      services.navigate('/login', { replace: true });
      yield call(discardStoredSession);
      yield put(loginFailed(INVALID_AUTH_RESPONSE));
      return;
    case 'callback':
      yield call(completeLogin, back.code, back.state, back.iss);
  }
}

export function* loginSaga(): SagaIterator {
  yield takeLeading(loginStarted.type, startLogin);
  yield takeLeading(loginPageOpened.type, handleLoginPage);
}

import { call, fork, getContext, put, race, select, take, takeLatest } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { AppServices } from '../../app/services';
import { isMobileDevice } from '../../app/device';
import { performLogout, retryFailedLogout } from './logoutFlow';
import { selectSession, selectSessionStatus } from './selectors';
import { restoreSession, saveSession } from './sessionStorage';
import { activityRecorded, logoutRequested, sessionAbsent, sessionStarted, tokenRefreshed, type SessionState } from './sessionSlice';
import type { AuthRecord } from './authRecord';

export function recordFromState(s: SessionState): AuthRecord | null {
  if (s.status !== 'signedIn' || !s.user || !s.token) return null;
  return {
    user: s.user,
    token: s.token,
    lastActivity: s.lastActivity ?? 0,
    lastRefresh: s.lastRefresh ?? 0,
    persistAcrossRestarts: s.persistAcrossRestarts,
    clockOffsetMs: s.clockOffsetMs,
  };
}

function* persistSession(): SagaIterator {
  const record = recordFromState(yield select(selectSession));
  if (record) {
    const result = saveSession(record, isMobileDevice());
    if (!result.ok) console.warn(result.reason === 'quota' ? 'Session storage full' : 'Session storage unavailable');
  }
}

/** Everything that runs while signed in; cancelled as a whole when the session ends. */
function* signedInScope(): SagaIterator {
  yield call(persistSession);
  yield takeLatest([tokenRefreshed.type, activityRecorded.type], persistSession);
}

/** Start → (signed in ⇄ signed out). Only one logout runs, however many ask for it at once. */
function* lifecycle(): SagaIterator {
  for (;;) {
    const status: SessionState['status'] = yield select(selectSessionStatus);
    if (status !== 'signedIn') yield take(sessionStarted.type);
    const { end } = yield race({ run: call(signedInScope), end: take(logoutRequested.type) });
    const { reason, fromOtherTab } = (end as ReturnType<typeof logoutRequested>).payload;
    yield call(performLogout, reason, fromOtherTab ?? false);
  }
}

function* restoreAtStart(): SagaIterator {
  const services: AppServices = yield getContext('services');
  // A store created with a session already in it (tests, a hand-off) has nothing to restore.
  const status: SessionState['status'] = yield select(selectSessionStatus);
  if (status !== 'loading') return;
  const outcome = restoreSession(services.clock.now());
  if (outcome.kind === 'restored') yield put(sessionStarted({ record: outcome.record, source: outcome.source }));
  else yield put(sessionAbsent({ reason: outcome.reason }));
  yield fork(retryFailedLogout);
}

export function* sessionSaga(): SagaIterator {
  yield fork(lifecycle);
  yield call(restoreAtStart);
}

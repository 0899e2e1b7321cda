import type { EventChannel, SagaIterator, Task } from 'redux-saga';
import { call, delay, fork, getContext, join, put, race, select, take, takeEvery, takeLatest } from 'redux-saga/effects';
import type { AppServices } from '../../../app/services';
import { isMobileDevice } from '../../../app/device';
import { activityChannel, pageLifecycleChannel, type PageLifecycleEvent } from './browserEvents';
import { ACTIVITY_THROTTLE_MS, SESSION_HANDOFF_WAIT_MS } from './constants';
import { openTabLink, type TabEvent, type TabLink } from './crossTab';
import { checkAuthRecord, type AuthRecord } from './authRecord';
import { performLogout, retryFailedLogout } from './logoutFlow';
import { refreshViaStore } from './refreshSession';
import { selectSession, selectSessionStatus } from './selectors';
import { decideSessionTimers, type TimerDecision } from './sessionClock';
import {
  activityRecorded,
  logoutRequested,
  sessionAbsent,
  sessionStarted,
  sessionWarningChanged,
  staySignedInRequested,
  tokenRefreshed,
  type SessionState,
} from './sessionSlice';
import { restoreSession, saveSession } from './sessionStorage';
import { decodeToken } from './token';
import type { RefreshOutcome } from '../../../api/baseQuery';

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
  if (!record) return;
  const result = saveSession(record, isMobileDevice());
  if (!result.ok) console.warn(result.reason === 'quota' ? 'Session storage full' : 'Session storage unavailable');
}

// ── activity ────────────────────────────────────────────────────────────────────────────────

/** Pointer, key, touch, scroll and visibility activity, counted at most every few seconds. */
function* watchActivity(): SagaIterator {
  const services: AppServices = yield getContext('services');
  const channel: EventChannel<true> = yield call(activityChannel);
  let last = 0;
  try {
    for (;;) {
      yield take(channel);
      const now = services.clock.now();
      if (now - last < ACTIVITY_THROTTLE_MS) continue;
      last = now;
      yield put(activityRecorded({ at: now }));
    }
  } finally {
    channel.close();
  }
}

// ── timers ──────────────────────────────────────────────────────────────────────────────────

/**
 * The session timers as one loop over wall-clock deadlines (sessionClock.ts): sleep until the
 * nearest one, or until something moves them — activity, a new token, 'Stay signed in', or the
 * page waking up — and decide again. A refresh that cannot reach the server is retried after the
 * cooldown until the token's grace runs out; any other refresh failure ends the session.
 */
function* runTimers(wake: EventChannel<PageLifecycleEvent>): SagaIterator {
  const services: AppServices = yield getContext('services');
  let refreshRetryAt: number | null = null;
  let shownWarning: string | null = null;

  for (;;) {
    const session: SessionState = yield select(selectSession);
    const claims = decodeToken(session.token);
    if (session.status !== 'signedIn' || !claims) return;
    const now = services.clock.now();
    const decision: TimerDecision = decideSessionTimers(
      {
        lastActivity: session.lastActivity ?? now,
        lastRefresh: session.lastRefresh ?? now,
        tokenExp: claims.exp,
        clockOffsetMs: session.clockOffsetMs,
        refreshRetryAt,
      },
      now,
    );

    if (decision.kind === 'logout') {
      yield put(logoutRequested({ reason: decision.reason }));
      return;
    }
    if (decision.kind === 'refresh') {
      const outcome: RefreshOutcome = yield call(refreshViaStore);
      if (outcome === 'refreshed') refreshRetryAt = null;
      else if (outcome === 'unreachable') refreshRetryAt = services.clock.now() + 60_000;
      else if (outcome !== 'no_session') {
        const reason = outcome === 'account_deleted' || outcome === 'permission_revoked' ? outcome : 'refresh_failed';
        yield put(logoutRequested({ reason }));
        return;
      }
      continue;
    }

    const warningKey = decision.warning ? `${decision.warning.cause}:${Math.ceil(decision.warning.remainingMs / 1000)}` : null;
    if (warningKey !== shownWarning) {
      shownWarning = warningKey;
      yield put(sessionWarningChanged(decision.warning));
    }

    const { stay, wake: woke } = yield race({
      due: delay(Math.max(0, decision.until - now)),
      activity: take(activityRecorded.type),
      refreshed: take(tokenRefreshed.type),
      stay: take(staySignedInRequested.type),
      wake: take(wake),
    });
    // Mobile: save when the page is hidden or left (it may be discarded without notice).
    if (woke === 'hidden') yield call(persistSession);
    if (stay) {
      // 'Stay signed in' is activity, and a reason to try a refresh that was waiting on the network.
      yield put(activityRecorded({ at: services.clock.now() }));
      if (refreshRetryAt !== null) refreshRetryAt = services.clock.now();
    }
  }
}

// ── cross-tab ───────────────────────────────────────────────────────────────────────────────

/** Tells other tabs what happened here (never echoing what came from them). */
function* announce(link: TabLink): SagaIterator {
  yield takeEvery(
    [sessionStarted.type, tokenRefreshed.type],
    function* (action: ReturnType<typeof sessionStarted> | ReturnType<typeof tokenRefreshed>) {
      if (sessionStarted.match(action) && (action.payload.source === 'otherTab' || action.payload.source === 'tab')) return;
      if (tokenRefreshed.match(action) && action.payload.fromOtherTab) return;
      const record = recordFromState(yield select(selectSession));
      if (record) link.post({ type: 'session', record, reason: sessionStarted.match(action) ? 'signedIn' : 'refreshed' });
    },
  );
  yield takeEvery(activityRecorded.type, (action: ReturnType<typeof activityRecorded>) => {
    if (!action.payload.fromOtherTab) link.post({ type: 'activity', at: action.payload.at });
  });
}

/** What other tabs say, applied here. */
function* listen(link: TabLink): SagaIterator {
  const channel: EventChannel<TabEvent> = yield call([link, link.events]);
  try {
    for (;;) {
      const event: TabEvent = yield take(channel);
      const session: SessionState = yield select(selectSession);
      const signedIn = session.status === 'signedIn';
      switch (event.type) {
        case 'request':
          if (signedIn) {
            const record = recordFromState(session);
            if (record) link.post({ type: 'session', record, reason: 'answer' });
          }
          break;
        case 'session':
        case 'storedAuthChanged':
          yield call(adoptRecord, event.record, session);
          break;
        case 'activity':
          if (signedIn && event.at > (session.lastActivity ?? 0))
            yield put(activityRecorded({ at: event.at, fromOtherTab: true }));
          break;
        case 'logout':
          if (signedIn) yield put(logoutRequested({ reason: event.reason, fromOtherTab: true }));
          break;
        case 'storedAuthRemoved':
          // Only a remembered (persistent) session is shared through local storage.
          if (signedIn && (session.persistAcrossRestarts || isMobileDevice()))
            yield put(logoutRequested({ reason: 'user_logout', fromOtherTab: true }));
          break;
      }
    }
  } finally {
    channel.close();
  }
}

/**
 * Another tab's session: start it here when signed out, or take its newer token when signed in. It
 * passes the same check as a session restored from storage (checkAuthRecord): a token that fails to
 * decode, is expired beyond the grace, or a session idle for 30 minutes is refused.
 */
function* adoptRecord(record: AuthRecord, session: SessionState): SagaIterator {
  const services: AppServices = yield getContext('services');
  const now = services.clock.now();
  if (session.status !== 'signedIn') {
    const verdict = checkAuthRecord(record, now);
    if (verdict.ok) yield put(sessionStarted({ record: verdict.record, source: 'otherTab' }));
    return;
  }
  // One session shared by the tabs: its last activity is the latest either of them has seen.
  const verdict = checkAuthRecord({ ...record, lastActivity: Math.max(record.lastActivity, session.lastActivity ?? 0) }, now);
  if (!verdict.ok || session.user?.id !== verdict.record.user.id) return;
  const incoming = decodeToken(verdict.record.token);
  const mine = decodeToken(session.token);
  if (incoming && verdict.record.token !== session.token && (!mine || incoming.exp > mine.exp)) {
    yield put(
      tokenRefreshed({
        token: verdict.record.token,
        user: verdict.record.user,
        at: record.lastRefresh,
        clockOffsetMs: verdict.record.clockOffsetMs,
        fromOtherTab: true,
      }),
    );
  }
  if (record.lastActivity > (session.lastActivity ?? 0))
    yield put(activityRecorded({ at: record.lastActivity, fromOtherTab: true }));
}

// ── lifecycle ───────────────────────────────────────────────────────────────────────────────

/** Everything that runs while signed in; cancelled as a whole when the session ends. */
function* signedInScope(): SagaIterator {
  const wake: EventChannel<PageLifecycleEvent> = yield call(pageLifecycleChannel);
  try {
    yield call(persistSession);
    yield takeLatest([tokenRefreshed.type, activityRecorded.type], persistSession);
    yield fork(watchActivity);
    yield call(runTimers, wake);
  } finally {
    wake.close();
    yield put(sessionWarningChanged(null));
  }
}

/** Start → (signed in ⇄ signed out). Only one logout runs, however many ask for it at once. */
function* lifecycle(link: TabLink): SagaIterator {
  for (;;) {
    const status: SessionState['status'] = yield select(selectSessionStatus);
    if (status !== 'signedIn') yield take(sessionStarted.type);
    const { end } = yield race({ run: call(signedInScope), end: take(logoutRequested.type) });
    if (!end) {
      // The scope ended without a logout request (cannot happen: runTimers only returns after asking).
      continue;
    }
    const { reason, fromOtherTab } = (end as ReturnType<typeof logoutRequested>).payload;
    yield call(performLogout, reason, fromOtherTab ?? false);
    if (!fromOtherTab) link.post({ type: 'logout', reason });
  }
}

/** Mobile: a signed-out page shown again restores what another tab or an earlier visit saved. */
function* restoreOnShow(): SagaIterator {
  const services: AppServices = yield getContext('services');
  const channel: EventChannel<PageLifecycleEvent> = yield call(pageLifecycleChannel);
  try {
    for (;;) {
      const e: PageLifecycleEvent = yield take(channel);
      if (e !== 'wake') continue;
      const status: SessionState['status'] = yield select(selectSessionStatus);
      if (status !== 'signedOut') continue;
      const outcome = restoreSession(services.clock.now());
      if (outcome.kind === 'restored') yield put(sessionStarted({ record: outcome.record, source: outcome.source }));
    }
  } finally {
    channel.close();
  }
}

/**
 * Restore at start: tab storage → persistent → legacy (sessionStorage.ts), then a live tab's hand-off. The sagas
 * start with the store, before the first render, so a stored session is in the store when the first screen renders.
 */
function* restoreAtStart(link: TabLink): SagaIterator {
  const status: SessionState['status'] = yield select(selectSessionStatus);
  // A store created with a session already in it (tests, a hand-off) has nothing to restore.
  if (status !== 'loading') return;
  const services: AppServices = yield getContext('services');
  const outcome = restoreSession(services.clock.now());
  if (outcome.kind === 'restored') {
    yield put(sessionStarted({ record: outcome.record, source: outcome.source }));
  } else {
    // A tab opened while another is signed in starts signed in: ask the live tabs.
    link.post({ type: 'request' });
    const { started } = yield race({ started: take(sessionStarted.type), timeout: delay(SESSION_HANDOFF_WAIT_MS) });
    if (!started) yield put(sessionAbsent({ reason: outcome.reason }));
  }
  yield fork(retryFailedLogout);
}

export function* sessionSaga(): SagaIterator {
  const link: TabLink = openTabLink();
  try {
    const tasks: Task[] = [
      yield fork(listen, link),
      yield fork(announce, link),
      yield fork(lifecycle, link),
      yield fork(restoreOnShow),
      yield fork(restoreAtStart, link),
    ];
    // Keep this body alive while they run, so the link closes only when the session saga ends.
    yield join(tasks);
  } finally {
    link.close();
  }
}

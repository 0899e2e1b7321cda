import type { EventChannel, SagaIterator } from 'redux-saga';
import { call, getContext, put, select, take } from 'redux-saga/effects';
import { apiBaseUrl } from '../../app/config';
import type { AppServices } from '../../app/services';
import type { RootState } from '../../app/store';
import { afterRefresh, beforeSending, judgeAnswer, type ForcedLogoutReason, type RefreshOutcome } from '../../api/sessionPolicy';
import type { StoreLike } from '../session/refreshSession';
import { PROGRESS_INTERVAL_MS } from './uploadConstants';
import type { UploadServices } from './uploadServices';
import type { UploadEvent, UploadOutcome } from './uploadTransport';
import { fileProgressed } from './uploadsSlice';
import type { UploadFileItem } from './uploadTypes';

/** How one sending ended: the server's answer, a lost connection, or the end of the session. */
export type SendResult = UploadOutcome | { kind: 'sessionEnded' };

/** Sends the file once, reporting progress; closing (cancelling) aborts the request. */
function* transfer(item: UploadFileItem, file: File, token: string | null): SagaIterator<UploadOutcome> {
  const io: UploadServices = yield getContext('uploads');
  const services: AppServices = yield getContext('services');
  const state: RootState = yield select();
  const request = { url: `${apiBaseUrl()}uploads`, file, eventId: state.uploads.selectedEvent?.id ?? null, token };
  const events: EventChannel<UploadEvent> = yield call([io, io.openUpload], request);
  let shown = -1;
  let shownAt = 0;
  try {
    for (;;) {
      const event: UploadEvent = yield take(events);
      if (event.type === 'done') return event.outcome;
      // At most a few updates a second per file: every update re-renders the list, and on a small
      // device the CPU that costs is taken from the upload itself.
      const percent = Math.floor(event.percent);
      const now = services.clock.now();
      if (percent !== shown && now - shownAt >= PROGRESS_INTERVAL_MS) {
        shown = percent;
        shownAt = now;
        yield put(fileProgressed({ id: item.id, progress: percent }));
      }
    }
  } finally {
    events.close(); // aborts the request when the upload is cancelled
  }
}

/** Ends the session once (the session saga carries it out), as the baseQuery does. */
function* endSession(reason: ForcedLogoutReason | null): SagaIterator {
  const services: AppServices = yield getContext('services');
  const bridge = services.session;
  const state: unknown = yield select();
  if (reason && bridge && bridge.readAuth(state).status === 'signedIn') yield put(bridge.forceLogout(reason));
}

/**
 * POST /api/v1/uploads under the session policy every authenticated call follows (api/sessionPolicy.ts,
 * the same decisions as api/baseQuery.ts): a token in its grace is refreshed first and a dead one ends the
 * session without sending; a 401 waits on the one shared refresh and repeats once; 401 USER_NOT_FOUND,
 * 403 PERMISSION_REVOKED, a failed refresh or a repeated 401 end the session with their reason.
 */
export function* sendUpload(item: UploadFileItem, file: File): SagaIterator<SendResult> {
  const services: AppServices = yield getContext('services');
  const store: StoreLike = yield getContext('store');
  const bridge = services.session;
  const readToken = (s: unknown) => (bridge ? bridge.readAuth(s).token : (s as RootState).session.token);

  const before = beforeSending(bridge ? bridge.tokenStatus(yield select(), services) : 'none');
  if (before.kind === 'end') {
    yield call(endSession, before.reason);
    return { kind: 'sessionEnded' };
  }
  if (before.kind === 'refresh' && bridge) {
    const outcome: RefreshOutcome = yield call([bridge, bridge.refresh], store, services);
    if (outcome !== 'refreshed') {
      yield call(endSession, afterRefresh(outcome, 'session_expired'));
      return { kind: 'sessionEnded' };
    }
  }

  const sentWith: string | null = readToken(yield select());
  const first: UploadOutcome = yield call(transfer, item, file, sentWith);
  if (first.kind === 'network') return first;
  const verdict = judgeAnswer(first, { sentWithToken: sentWith !== null, repeated: false });
  if (verdict.kind === 'end') {
    yield call(endSession, verdict.reason);
    return { kind: 'sessionEnded' };
  }
  if (verdict.kind === 'none' || !bridge) return first;

  // Another request may already have refreshed while this one was in flight: then just repeat.
  const current: string | null = readToken(yield select());
  const outcome: RefreshOutcome =
    current !== null && current !== sentWith ? 'refreshed' : yield call([bridge, bridge.refresh], store, services);
  if (outcome !== 'refreshed') {
    yield call(endSession, afterRefresh(outcome, 'authentication_failed'));
    return { kind: 'sessionEnded' };
  }
  const repeat: UploadOutcome = yield call(transfer, item, file, readToken(yield select()));
  if (repeat.kind === 'network') return repeat;
  const again = judgeAnswer(repeat, { sentWithToken: true, repeated: true });
  if (again.kind === 'end') {
    yield call(endSession, again.reason);
    return { kind: 'sessionEnded' };
  }
  return repeat;
}

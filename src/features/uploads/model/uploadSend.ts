import type { SagaIterator } from 'redux-saga';
import { call, getContext, put, select } from 'redux-saga/effects';
import { apiBaseUrl } from '../../../app/config';
import type { AppServices } from '../../../app/services';
import type { RootState } from '../../../app/rootReducer';
import {
  afterRefresh,
  beforeSending,
  judgeAnswer,
  type ForcedLogoutReason,
  type RefreshOutcome,
} from '../../../api/sessionPolicy';
import type { StoreLike } from '../../session/public';
import { readUploadAnswer, type UploadAnswer } from './uploadFailure';
import { transfer, type UploadOutcome } from './uploadTransfer';

/**
 * How one sending ended: the server's answer as its schema reads it (completed with a clip id, or
 * refused), a lost connection, or the end of the session.
 */
export type SendResult = UploadAnswer | { kind: 'network' } | { kind: 'sessionEnded' };

/** Ends the session once (the session saga carries it out), as the baseQuery does. */
function* endSession(reason: ForcedLogoutReason | null): SagaIterator {
  const services: AppServices = yield getContext('services');
  const bridge = services.session;
  const state: unknown = yield select();
  if (reason && bridge && bridge.readAuth(state).status === 'signedIn') yield put(bridge.forceLogout(reason));
}

/** Every answer, 2xx or not, JSON or not, is read by the one schema (uploadFailure.ts). */
function answerOf(outcome: Extract<UploadOutcome, { kind: 'answered' }>): SendResult {
  return readUploadAnswer(outcome.status, outcome.body);
}

/**
 * POST /api/v1/uploads of the file `fileId` (with `eventId`, or none) under the session policy every
 * authenticated call follows (api/sessionPolicy.ts, the same decisions as api/baseQuery.ts): a token in
 * its grace is refreshed first and a dead one ends the session without sending; a 401 waits on the one
 * shared refresh and repeats once; 401 USER_NOT_FOUND, 403 PERMISSION_REVOKED, a failed refresh or a
 * repeated 401 end the session with their reason.
 */
export function* sendUpload(fileId: string, file: File, eventId: string | null): SagaIterator<SendResult> {
  const services: AppServices = yield getContext('services');
  const store: StoreLike = yield getContext('store');
  const bridge = services.session;
  const readToken = (s: unknown) => (bridge ? bridge.readAuth(s).token : (s as RootState).session.token);
  // Every sending of one picked file carries its id as the key: the server stores one clip per key.
  const requestWith = (token: string | null) => ({ url: `${apiBaseUrl()}uploads`, file, eventId, token, key: fileId });

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
  const first: UploadOutcome = yield call(transfer, fileId, requestWith(sentWith));
  if (first.kind === 'network') return first;
  const verdict = judgeAnswer(first, { sentWithToken: sentWith !== null, repeated: false });
  if (verdict.kind === 'end') {
    yield call(endSession, verdict.reason);
    return { kind: 'sessionEnded' };
  }
  if (verdict.kind === 'none' || !bridge) return answerOf(first);

  // Another request may already have refreshed while this one was in flight: then just repeat.
  const current: string | null = readToken(yield select());
  const outcome: RefreshOutcome =
    current !== null && current !== sentWith ? 'refreshed' : yield call([bridge, bridge.refresh], store, services);
  if (outcome !== 'refreshed') {
    yield call(endSession, afterRefresh(outcome, 'authentication_failed'));
    return { kind: 'sessionEnded' };
  }
  const repeat: UploadOutcome = yield call(transfer, fileId, requestWith(readToken(yield select())));
  if (repeat.kind === 'network') return repeat;
  const again = judgeAnswer(repeat, { sentWithToken: true, repeated: true });
  if (again.kind === 'end') {
    yield call(endSession, again.reason);
    return { kind: 'sessionEnded' };
  }
  return answerOf(repeat);
}

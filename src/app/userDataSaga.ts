import type { SagaIterator } from 'redux-saga';
import { put, select, takeEvery } from 'redux-saga/effects';
import { api } from '../api/apiSlice';
import { sessionAbsent, sessionStarted, signedOut } from '../features/session/model/sessionSlice';
import { removeUserStorage } from './userData';
import { selectSignedInUserId } from '../features/session/public';

/**
 * A user's data lives and dies with their sign-in (userData.ts): at every session end the per-user
 * storage entries go and the RTK Query cache is reset, so nothing one user fetched is shown to the next.
 * A session that starts for another user without a sign-out in between (another tab) counts as one.
 * The uploads feature ends its own part (aborts, its slice, the kept upload session) in uploadQueueSaga.
 */
export function* userDataSaga(): SagaIterator {
  let current: string | null = yield select(selectSignedInUserId);
  yield takeEvery([signedOut.type, sessionAbsent.type, sessionStarted.type], function* (action: { type: string }) {
    if (sessionStarted.match(action)) {
      const next = action.payload.record.user.id;
      const switched = current !== null && current !== next;
      current = next;
      if (!switched) return;
    } else {
      current = null;
    }
    removeUserStorage();
    if (!sessionAbsent.match(action)) yield put(api.util.resetApiState());
  });
}

import { call, select, takeEvery } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { readRaw, StorageKeys, writeRaw } from '../../../app/storage';
import { runMutation, type MutationAnswer } from '../../../api/runMutation';
import { selectCurrentUser } from '../../session/public';
import type { User } from '../../session/public';
import { buildErrorReport } from './errorReport';
import { errorsApi } from '../api/errorsApi';
import { renderErrorCaught } from './errorsSlice';
import { randomId } from '../../../lib/randomId';

function* reportRenderError(action: ReturnType<typeof renderErrorCaught>): SagaIterator {
  const user: User | null = yield select(selectCurrentUser);
  const report = buildErrorReport(action.payload, {
    userId: user?.id ?? null,
    sessionId: readRaw('tab', StorageKeys.tabSessionId),
    userAgent: navigator.userAgent,
  });
  const answer: MutationAnswer<null> = yield call(runMutation<null>, errorsApi.endpoints.reportError.initiate(report));
  // A failure to send is only logged (docs/product/part-1.md §7).
  if ('error' in answer) console.warn('Could not send the error report');
}

/** An id for this tab's visit, so reports from one visit can be grouped (kept in tab storage). */
function ensureTabSessionId(): void {
  if (readRaw('tab', StorageKeys.tabSessionId)) return;
  writeRaw('tab', StorageKeys.tabSessionId, randomId());
}

export function* errorsSaga(): SagaIterator {
  ensureTabSessionId();
  yield takeEvery(renderErrorCaught.type, reportRenderError);
}

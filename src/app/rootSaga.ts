import { all, call } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { sessionSaga } from '../features/session/sessionSaga';
import { loginSaga } from '../features/login/loginSaga';
import { shellSaga } from '../features/shell/shellSaga';
import { errorsSaga } from '../features/errors/errorsSaga';
import { uploadQueueSaga } from '../features/uploads/uploadQueueSaga';

export function* rootSaga(): SagaIterator {
  yield all([call(sessionSaga), call(loginSaga), call(shellSaga), call(errorsSaga), call(uploadQueueSaga)]);
}

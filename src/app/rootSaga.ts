import { call, fork } from 'redux-saga/effects';
import type { Saga, SagaIterator } from 'redux-saga';
import { sessionSaga } from '../features/session/sessionSaga';
import { loginSaga } from '../features/login/loginSaga';
import { shellSaga } from '../features/shell/shellSaga';
import { errorsSaga } from '../features/errors/errorsSaga';
import { uploadEngineSaga } from '../features/uploads/uploadEngineSaga';
import { startTagOutbox } from './startTagOutbox';
import { userDataSaga } from './userDataSaga';

/** A saga that crashes this often in a row is given up on (a bug that throws at once would spin forever). */
export const MAX_RESTARTS = 5;

/** Every long-running saga of the app, each kept alive on its own. */
export const APP_SAGAS: ReadonlyArray<[name: string, saga: Saga]> = [
  ['session', sessionSaga],
  ['login', loginSaga],
  ['shell', shellSaga],
  ['errors', errorsSaga],
  ['uploads', uploadEngineSaga],
  ['userData', userDataSaga],
  ['tagOutboxStart', startTagOutbox],
];

/**
 * Runs `saga`, restarting it when it throws: one saga's crash (a malformed address in the login saga, say)
 * must not end the session timers, uploads and shortcuts beside it. The redux-saga docs' "keeping the root
 * alive" pattern. The wrapper catches whatever the saga (or a task it forked) throws, so the root keeps
 * running and cancelling it still cancels everything.
 */
export function keepAlive(name: string, saga: Saga, maxRestarts = MAX_RESTARTS): Saga {
  return function* kept(): SagaIterator {
    for (let restarts = 0; ; restarts += 1) {
      try {
        yield call(saga);
        return;
      } catch (error) {
        console.error(`Background task "${name}" failed${restarts < maxRestarts ? '; restarting it' : '; giving up'}`, error);
        if (restarts >= maxRestarts) return;
      }
    }
  };
}

/** How the app's start spaces the sagas out: `between` runs after each one is started, `started` after the last. */
export interface SagaStartPacing {
  between?: () => Promise<void>;
  started: () => void;
}

/**
 * Starts every saga, each kept alive on its own, in order. With `pacing.between` (the app's start,
 * src/index.tsx) each saga starts in a task of its own, so starting them all is no one long task on a slow
 * phone; without it (tests) they all start at once. `pacing.started` is told once the last has started (the
 * store then hands them the actions they have not seen yet: sagaRuntime.ts).
 */
export function* rootSaga(sagas: ReadonlyArray<[string, Saga]> = APP_SAGAS, pacing?: SagaStartPacing): SagaIterator {
  for (const [index, [name, saga]] of sagas.entries()) {
    yield fork(keepAlive(name, saga));
    if (pacing?.between && index < sagas.length - 1) yield call(pacing.between);
  }
  pacing?.started();
}

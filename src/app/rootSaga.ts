import { all, call, cancel, delay, fork, select, take } from 'redux-saga/effects';
import type { Saga, SagaIterator, Task } from 'redux-saga';
import { errorsSaga } from '../features/errors/model/errorsSaga';
import { loginSaga } from '../features/login/model/loginSaga';
import { selectSignedInUserId } from '../features/session/model/selectors';
import { sessionSaga } from '../features/session/model/sessionSaga';
import { sessionStarted, signedOut } from '../features/session/model/sessionSlice';
import { shellSaga } from '../features/shell/model/shellSaga';
import { uploadEngineSaga } from '../features/uploads/model/uploadEngineSaga';
import { userDataSaga } from './userDataSaga';

/** A saga that crashes this often in a row is given up on (a bug that throws at once would spin forever). */
export const MAX_RESTARTS = 5;

export type NamedSaga = readonly [name: string, saga: Saga];

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

/**
 * Runs `sagas` for each signed-in user in turn: from a session's start (a sign-in, a restored or handed-over
 * session) until it ends (a sign-out, or another user's session starting in another tab), when they are cancelled
 * with everything they started. What one user's sagas hold never reaches the next.
 */
export function withAuthSession(sagas: readonly NamedSaga[]): Saga {
  return function* authSession(): SagaIterator {
    for (;;) {
      let owner: string | null = yield select(selectSignedInUserId);
      if (!owner) {
        const started: ReturnType<typeof sessionStarted> = yield take(sessionStarted.type);
        owner = started.payload.record.user.id;
      }
      const user = owner;
      const tasks: Task[] = yield all(sagas.map(([name, saga]) => fork(keepAlive(name, saga))));
      yield take((action: { type: string }) =>
        signedOut.match(action) ? true : sessionStarted.match(action) && action.payload.record.user.id !== user,
      );
      yield cancel(tasks);
    }
  };
}

/** Runs every one of `sagas`, each kept alive on its own. */
export function allOf(sagas: readonly NamedSaga[]): Saga {
  return function* all_(): SagaIterator {
    yield all(sagas.map(([name, saga]) => fork(keepAlive(name, saga))));
  };
}

/** The longest wait between two tries at loading a saga's code. */
export const MAX_LOAD_RETRY_MS = 60_000;

/**
 * A saga whose code is a chunk of its own, loaded as it starts. A failed load (offline, a deploy in between) is
 * tried again after 2 s, doubling to a minute: giving up would leave, say, kept tags unsent until a reload.
 */
export function lazySaga(load: () => Promise<Saga>): Saga {
  return function* loaded(): SagaIterator {
    for (let attempt = 0; ; attempt += 1) {
      let saga: Saga;
      try {
        saga = (yield call(load)) as Saga;
      } catch (error) {
        console.warn("A background task's code could not be loaded; trying again", error);
        yield delay(Math.min(2_000 * 2 ** attempt, MAX_LOAD_RETRY_MS));
        continue;
      }
      yield call(saga);
      return;
    }
  };
}

/** The code of the sagas that live for one signed-in user (userSagas.ts): a chunk the sign-in page never needs. */
export const loadUserSagas = () => import(/* webpackChunkName: "user-sagas" */ './userSagas');

const LAZY_USER_SAGAS: readonly NamedSaga[] = [
  ['user', lazySaga(() => loadUserSagas().then(({ USER_SAGAS }) => allOf(USER_SAGAS)))],
];

/** Every long-running saga of the app, each kept alive on its own; tests may run other user sagas. */
export function appSagas(userSagas: readonly NamedSaga[] = LAZY_USER_SAGAS): readonly NamedSaga[] {
  return [
    ['session', sessionSaga],
    ['login', loginSaga],
    ['shell', shellSaga],
    ['errors', errorsSaga],
    ['uploads', uploadEngineSaga],
    ['userData', userDataSaga],
    ['user', withAuthSession(userSagas)],
  ];
}

/** The one root saga: starts every saga of the app. */
export function rootSaga(sagas: readonly NamedSaga[] = appSagas()): SagaIterator {
  return allOf(sagas)() as SagaIterator;
}

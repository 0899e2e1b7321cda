import { combineSlices, configureStore, createAction, type Middleware } from '@reduxjs/toolkit';
import createSagaMiddleware, { type SagaIterator } from 'redux-saga';
import { cancelled, put, select, take } from 'redux-saga/effects';
import { selectSignedInUserId } from '../features/session/model/selectors';
import { initialSessionState, sessionReducer, sessionStarted, signedOut } from '../features/session/model/sessionSlice';
import { rootSaga, withAuthSession } from './rootSaga';

const ping = createAction<string>('test/ping');
const pong = createAction<string>('test/pong');
const boom = createAction('test/boom');

function setup(sagas: Parameters<typeof rootSaga>[0]) {
  const seen: string[] = [];
  const sagaMiddleware = createSagaMiddleware();
  const recordPongs: Middleware = () => (next) => (action) => {
    if (pong.match(action)) seen.push(action.payload);
    return next(action);
  };
  const store = configureStore({
    reducer: (state: null = null) => state,
    middleware: (getDefault) => getDefault().concat(sagaMiddleware, recordPongs),
  });
  const task = sagaMiddleware.run(rootSaga, sagas);
  return { store, seen, task };
}

function* echo(): SagaIterator {
  for (;;) {
    const action: ReturnType<typeof ping> = yield take(ping.type);
    yield put(pong(`echo:${action.payload}`));
  }
}

function* fragile(): SagaIterator {
  for (;;) {
    yield take(boom.type);
    throw new Error('fragile saga crashed');
  }
}

describe('rootSaga', () => {
  let errorSpy: jest.SpyInstance;
  beforeEach(() => {
    errorSpy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => errorSpy.mockRestore());

  it('keeps the other sagas running when one crashes, and restarts the crashed one', () => {
    let starts = 0;
    function* counted(): SagaIterator {
      starts += 1;
      yield* fragile();
    }
    const { store, seen, task } = setup([
      ['echo', echo],
      ['fragile', counted],
    ]);
    store.dispatch(boom());
    store.dispatch(ping('after-crash'));
    expect(seen).toEqual(['echo:after-crash']);
    expect(starts).toBe(2);
    expect(task.isRunning()).toBe(true);
    expect(errorSpy).toHaveBeenCalledWith(expect.stringContaining('"fragile" failed; restarting it'), expect.any(Error));
  });

  it('gives up on a saga that keeps crashing, without ending the root', () => {
    let starts = 0;
    function* throwsAtOnce(): SagaIterator {
      starts += 1;
      yield take('never');
      throw new Error('unreachable');
    }
    function* crashesImmediately(): SagaIterator {
      starts += 1;
      yield* [];
      throw new Error('broken at start');
    }
    const { store, seen, task } = setup([
      ['echo', echo],
      ['broken', crashesImmediately],
      ['idle', throwsAtOnce],
    ]);
    expect(starts).toBe(7); // 1 + 5 restarts of the broken one, 1 idle
    store.dispatch(ping('still-alive'));
    expect(seen).toEqual(['echo:still-alive']);
    expect(task.isRunning()).toBe(true);
    expect(errorSpy).toHaveBeenCalledWith(expect.stringContaining('"broken" failed; giving up'), expect.any(Error));
  });
});

describe('withAuthSession', () => {
  const ALICE = { id: 'alice', email: 'alice@example.com', roles: [] };
  const BOB = { id: 'bob', email: 'bob@example.com', roles: [] };
  const record = (user: typeof ALICE) => ({
    user,
    token: 't',
    lastActivity: 0,
    lastRefresh: 0,
    persistAcrossRestarts: false,
    clockOffsetMs: 0,
  });

  function setupSessions(signedInAs: typeof ALICE | null) {
    const runs: string[] = [];
    const ended: string[] = [];
    function* perUser(): SagaIterator {
      const user: string | null = yield select(selectSignedInUserId);
      runs.push(String(user));
      try {
        yield take('never');
      } finally {
        if (yield cancelled()) ended.push(String(user));
      }
    }
    const sagaMiddleware = createSagaMiddleware();
    const store = configureStore({
      reducer: combineSlices({ session: sessionReducer }),
      preloadedState: signedInAs
        ? { session: { ...initialSessionState, status: 'signedIn' as const, user: signedInAs, token: 't' } }
        : undefined,
      middleware: (getDefault) => getDefault().concat(sagaMiddleware),
    });
    const task = sagaMiddleware.run(withAuthSession([['perUser', perUser]]));
    return { store, runs, ended, task };
  }

  it('starts the user sagas at sign-in and cancels them at sign-out, then again for the next sign-in', () => {
    const { store, runs, ended, task } = setupSessions(null);
    expect(runs).toEqual([]);
    store.dispatch(sessionStarted({ record: record(ALICE), source: 'login' }));
    expect(runs).toEqual(['alice']);
    store.dispatch(signedOut({ reason: 'user_logout' }));
    expect(ended).toEqual(['alice']);
    store.dispatch(sessionStarted({ record: record(BOB), source: 'login' }));
    expect(runs).toEqual(['alice', 'bob']);
    task.cancel();
  });

  it('runs at once for a session already in the store, and starts afresh when another user signs in elsewhere', () => {
    const { store, runs, ended, task } = setupSessions(ALICE);
    expect(runs).toEqual(['alice']);
    // The same user's session again (a refreshed or re-announced record) keeps the sagas running.
    store.dispatch(sessionStarted({ record: record(ALICE), source: 'tab' }));
    expect(runs).toEqual(['alice']);
    store.dispatch(sessionStarted({ record: record(BOB), source: 'tab' }));
    expect(ended).toEqual(['alice']);
    expect(runs).toEqual(['alice', 'bob']);
    task.cancel();
  });
});

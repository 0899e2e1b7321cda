import { configureStore, createAction, type Middleware } from '@reduxjs/toolkit';
import createSagaMiddleware, { type SagaIterator } from 'redux-saga';
import { put, take } from 'redux-saga/effects';
import { rootSaga } from './rootSaga';

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

  it('with pacing, starts one saga per step and says when the last has started', async () => {
    const order: string[] = [];
    const named = (name: string) =>
      function* started(): SagaIterator {
        order.push(name);
        yield take('never');
      };
    const steps: Array<() => void> = [];
    const started = jest.fn();
    const sagaMiddleware = createSagaMiddleware();
    configureStore({ reducer: (state: null = null) => state, middleware: (getDefault) => getDefault().concat(sagaMiddleware) });
    const between = () => new Promise<void>((resolve) => steps.push(resolve));
    const task = sagaMiddleware.run(
      rootSaga,
      [
        ['a', named('a')],
        ['b', named('b')],
        ['c', named('c')],
      ],
      { between, started },
    );
    expect(order).toEqual(['a']);
    steps.shift()?.();
    await Promise.resolve();
    expect(order).toEqual(['a', 'b']);
    expect(started).not.toHaveBeenCalled();
    steps.shift()?.();
    await Promise.resolve();
    expect(order).toEqual(['a', 'b', 'c']);
    expect(started).toHaveBeenCalledTimes(1);
    expect(steps).toEqual([]); // no step after the last saga
    task.cancel();
  });
});

import { take } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { makeStore, type AppStore } from './store';

describe('lazily started sagas', () => {
  const stores: AppStore[] = [];
  const storeFor = (options?: Parameters<typeof makeStore>[0]): AppStore => {
    const store = makeStore(options);
    stores.push(store);
    return store;
  };
  afterEach(() => stores.splice(0).forEach((store) => store.sagaTask?.cancel()));

  it('runs a saga once per name, listening from the moment it is injected', () => {
    const seen: string[] = [];
    function* listener(): SagaIterator {
      for (;;) {
        const action: { type: string } = yield take('test/ping');
        seen.push(action.type);
      }
    }
    const store = storeFor();
    store.dispatch({ type: 'test/ping' });
    store.injectSaga('listener', listener);
    store.injectSaga('listener', listener);
    store.dispatch({ type: 'test/ping' });
    expect(seen).toEqual(['test/ping']);
  });

  it('restarts an injected saga that crashes, like the root sagas', () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let runs = 0;
    function* flaky(): SagaIterator {
      runs += 1;
      yield take('test/boom');
      throw new Error('boom');
    }
    const store = storeFor();
    store.injectSaga('flaky', flaky);
    store.dispatch({ type: 'test/boom' });
    expect(runs).toBe(2);
    errors.mockRestore();
  });

  it('starts nothing in a store that runs no sagas', () => {
    let ran = false;
    function* saga(): SagaIterator {
      ran = true;
      yield take('never');
    }
    const store = storeFor({ runSagas: false });
    store.injectSaga('saga', saga);
    expect(ran).toBe(false);
  });

  it('a store made with deferSagas runs none until startSagas, which starts them once, a task each, and ends them with the root', async () => {
    const store = storeFor({ deferSagas: true });
    expect(store.sagaTask).toBeNull();
    let steps = 0;
    await store.startSagas(async () => {
      steps += 1;
    });
    expect(steps).toBeGreaterThan(1); // one step between each of the root's sagas
    const root = store.sagaTask;
    expect(root?.isRunning()).toBe(true);
    await store.startSagas();
    expect(store.sagaTask).toBe(root);
    // Injected sagas end with the root, which may only have started after the injector was made.
    let injected = 0;
    function* listener(): SagaIterator {
      for (;;) {
        yield take('test/ping');
        injected += 1;
      }
    }
    store.injectSaga('listener', listener);
    store.dispatch({ type: 'test/ping' });
    root?.cancel();
    await new Promise((resolve) => setTimeout(resolve, 0));
    store.dispatch({ type: 'test/ping' });
    expect(injected).toBe(1);
  });
});

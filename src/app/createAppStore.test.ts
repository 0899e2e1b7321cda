import type { SagaIterator } from 'redux-saga';
import { take } from 'redux-saga/effects';
import { makeToken, TEST_USER } from '../test/tokens';
import { createAppStore, type AppStore, type SagaRuntime } from './createAppStore';
import * as sagaRuntime from './sagaRuntime';
import { fullKey } from './storage';

/** The sagas' file, arriving when the test says so (the app loads it after its first render). */
function lateRuntime() {
  let arrive!: (runtime: SagaRuntime) => void;
  let fail!: (error: Error) => void;
  const loads = jest.fn(() => new Promise<SagaRuntime>((resolve, reject) => ((arrive = resolve), (fail = reject))));
  return { load: loads, arrive: () => arrive(sagaRuntime), fail: (error: Error) => fail(error) };
}

const stores: AppStore[] = [];
function storeWith(runtime: ReturnType<typeof lateRuntime>): AppStore {
  const store = createAppStore(runtime.load, { services: { navigate: jest.fn(), redirect: jest.fn() }, deferSagas: true });
  stores.push(store);
  return store;
}

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});
afterEach(() => stores.splice(0).forEach((store) => store.sagaTask?.cancel()));

const now = Date.now();
const storedRecord = (token: string) => ({
  user: TEST_USER,
  token,
  lastActivity: now,
  lastRefresh: now,
  persistAcrossRestarts: false,
  clockOffsetMs: 0,
});

describe('a store whose sagas load after the first render', () => {
  it('reads the stored session before any saga runs, so a signed-in page renders signed in', async () => {
    const token = makeToken({ iat: Math.floor(now / 1000), exp: Math.floor(now / 1000) + 3600 });
    sessionStorage.setItem(fullKey('auth'), JSON.stringify(storedRecord(token)));
    const runtime = lateRuntime();
    const store = storeWith(runtime);
    store.restoreSession();
    expect(store.getState().session).toMatchObject({ status: 'signedIn', user: TEST_USER, token });

    const started = store.startSagas();
    runtime.arrive();
    await started;
    // The session saga takes the session as it is, and its timers run: still signed in, no second restore.
    expect(store.getState().session).toMatchObject({ status: 'signedIn', token });
    expect(store.sagaTask?.isRunning()).toBe(true);
  });

  it('keeps the reason a stored session was refused for the login page, though the saga restores after the start read it', async () => {
    sessionStorage.setItem(fullKey('auth'), '{not json');
    const runtime = lateRuntime();
    const store = storeWith(runtime);
    store.restoreSession();
    // Nothing stored to start: still loading (a live tab may hand its session over once the sagas run).
    expect(store.getState().session.status).toBe('loading');
    expect(sessionStorage.getItem(fullKey('auth'))).toBeNull();

    const started = store.startSagas();
    runtime.arrive();
    await started;
    await new Promise((resolve) => setTimeout(resolve, 400)); // SESSION_HANDOFF_WAIT_MS: no tab answers
    expect(store.getState().session).toMatchObject({ status: 'signedOut', logoutReason: 'session_corrupted' });
  });

  it('hands the sagas every action dispatched before they ran, and starts the sagas screens asked for meanwhile', async () => {
    const runtime = lateRuntime();
    const store = storeWith(runtime);
    const seen: string[] = [];
    function* listener(): SagaIterator {
      for (;;) {
        const action: { type: string } = yield take((a: { type: string }) => a.type.startsWith('test/'));
        seen.push(action.type);
      }
    }
    store.injectSaga('listener', listener);
    store.injectSaga('listener', listener);
    store.dispatch({ type: 'test/one' });
    store.dispatch({ type: 'test/two' });
    expect(seen).toEqual([]);

    const started = store.startSagas();
    runtime.arrive();
    await started;
    expect(seen).toEqual(['test/one', 'test/two']);
    store.dispatch({ type: 'test/three' });
    expect(seen).toEqual(['test/one', 'test/two', 'test/three']);
  });

  it('asks for the sagas’ file again after a failed load, keeping the actions for them', async () => {
    const first = lateRuntime();
    const store = createAppStore(
      (...args) => (first.load.mock.calls.length === 0 ? first.load(...args) : Promise.resolve(sagaRuntime)),
      { services: { navigate: jest.fn(), redirect: jest.fn() }, deferSagas: true },
    );
    stores.push(store);
    const seen: string[] = [];
    function* listener(): SagaIterator {
      const action: { type: string } = yield take('test/kept');
      seen.push(action.type);
    }
    store.injectSaga('listener', listener);
    store.dispatch({ type: 'test/kept' });

    const failed = store.startSagas();
    first.fail(new Error('offline'));
    await expect(failed).rejects.toThrow('offline');
    expect(store.sagaTask).toBeNull();

    await store.startSagas();
    expect(store.sagaTask?.isRunning()).toBe(true);
    expect(seen).toEqual(['test/kept']);
  });
});

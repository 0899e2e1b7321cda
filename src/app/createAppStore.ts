import {
  configureStore,
  createAction,
  createDynamicMiddleware,
  type Middleware,
  type Reducer,
  type UnknownAction,
} from '@reduxjs/toolkit';
import type { Saga, Task } from 'redux-saga';
import { loadedApi, whenApiLoaded } from '../api/apiRegistry';
import { sessionBridge } from '../features/session/sessionBridge';
import { sessionStarted, signedOut } from '../features/session/sessionSlice';
import { createStartRestore } from '../features/session/startRestore';
import type { UploadEngineLoader } from '../features/uploads/loadUploadEngine';
import type { UploadServices } from '../features/uploads/uploadServices';
import { actionLogMiddleware, attachActionLog, createActionLog } from '../features/diagnostics/actionLog';
import { devToolsOptions } from './devtools';
import { rootReducer, type RootState } from './rootReducer';
import { createSagaDoor } from './sagaDoor';
import type { runAppSagas } from './sagaRuntime';
import { createAppServices, type AppServices } from './services';

export interface MakeStoreOptions {
  preloadedState?: Partial<RootState>;
  services?: Partial<AppServices>;
  /** Tests that only need reducers and the API can leave the sagas out. */
  runSagas?: boolean;
  /** Browser capabilities of the upload queue (tests replace them). */
  uploadServices?: Partial<UploadServices>;
  /** How the upload queue's code is loaded; lazily by default (tests hand over the module, so it starts at once). */
  loadUploadEngine?: UploadEngineLoader;
  /** Extra middleware after ours (tests record actions with it); only the diagnostics recorder comes later. */
  middleware?: Middleware[];
  /**
   * The app's start makes the store before its first render and starts the sagas after it (`startSagas`, each
   * saga after `between`); by default they start with the store.
   */
  deferSagas?: boolean;
}

/** The sagas' code (sagaRuntime.ts): handed over at once (store.ts, tests) or loaded (the app's start). */
export type SagaRuntime = { runAppSagas: typeof runAppSagas };
export type LoadSagaRuntime = () => SagaRuntime | Promise<SagaRuntime>;

/** The API slice has joined the store (its code loaded): its state is made with this action. */
export const apiJoined = createAction('app/apiJoined');

/**
 * The store, without the sagas' code: `loadSagas` brings it (store.ts hands it over at once, the app's start loads
 * it after the first render). Until the sagas run, the actions they would have seen are kept for them
 * (sagaDoor.ts) and lazily started sagas wait their turn.
 */
export function createAppStore(
  loadSagas: LoadSagaRuntime,
  {
    preloadedState,
    services: overrides,
    runSagas = true,
    middleware = [],
    uploadServices,
    loadUploadEngine,
    deferSagas = false,
  }: MakeStoreOptions = {},
) {
  const services = createAppServices({ session: sessionBridge, ...overrides });
  const sagaDoor = createSagaDoor();
  if (!runSagas) sagaDoor.close();
  // The latest actions for 'Download diagnostics'. Recorded last, next to the reducer (see the middleware).
  // A session's end starts it afresh, so a file made afterwards carries nothing of the previous user:
  // `signedOut`, and the API cache reset that follows it (also for another user signing in, in another tab).
  const actionLog = createActionLog();
  const recordActions = actionLogMiddleware(
    actionLog,
    (action) => signedOut.match(action) || loadedApi()?.util.resetApiState.match(action) === true,
  );
  // RTK Query's middleware, once the API's code has loaded (api/apiRegistry.ts): in the chain where it always stood.
  const apiMiddleware = createDynamicMiddleware();
  // Loaded already (a test, a store made again): its slice is part of the store from the start.
  const apiAtStart = loadedApi();
  if (apiAtStart) rootReducer.inject(apiAtStart);
  const store = configureStore({
    // Typed with the API slice's state as always there (RootState says why).
    reducer: rootReducer as Reducer<RootState, UnknownAction, Partial<RootState>>,
    preloadedState,
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: services } }).concat(
        apiMiddleware.middleware,
        sagaDoor.middleware,
        ...middleware,
        recordActions,
      ),
    // On in production too, so support can replay a user's state; the sanitizers keep tokens out.
    devTools: devToolsOptions,
  });
  attachActionLog(store, actionLog);
  whenApiLoaded((api) => {
    rootReducer.inject(api);
    apiMiddleware.addMiddleware(api.middleware);
    // An injected slice's state is made by the next action: the API's must be there before its first request.
    if (!(api.reducerPath in store.getState())) store.dispatch(apiJoined());
  });
  const startRestore = createStartRestore(() => services.clock.now());
  // Sagas a lazily loaded screen asked for before the sagas' code is here: started with the others (sagaRuntime.ts).
  const waitingSagas: Array<[name: string, saga: Saga]> = [];
  let starting: Promise<void> | null = null;

  const run = (runtime: SagaRuntime, between?: () => Promise<void>): Promise<void> => {
    const running = runtime.runAppSagas({
      dispatch: store.dispatch,
      getState: store.getState,
      // Sagas reach the store's own dispatch/getState/subscribe for the shared refresh function.
      context: { services, store, uploadOverrides: uploadServices ?? {}, loadUploadEngine, startRestore },
      openDoor: sagaDoor.open,
      between,
      waitingSagas,
    });
    handle.sagaTask = running.task;
    handle.injectSaga = running.injectSaga;
    return running.started;
  };

  const handle = Object.assign(store, {
    services,
    sagaTask: null as Task | null,
    /** Starts a lazily loaded feature's saga once per name (sagaInjector.ts); before the sagas run, with them. */
    injectSaga(name: string, saga: Saga): void {
      if (runSagas && !waitingSagas.some(([waiting]) => waiting === name)) waitingSagas.push([name, saga]);
    },
    /**
     * Reads the stored session now and starts it if there is one (startRestore.ts): the app's start does, before
     * its first render, so a signed-in page renders signed in before the sagas have loaded.
     */
    restoreSession(): void {
      if (store.getState().session.status !== 'loading') return;
      const outcome = startRestore.read();
      if (outcome?.kind === 'restored') store.dispatch(sessionStarted({ record: outcome.record, source: outcome.source }));
    },
    /**
     * Starts the sagas (once), each after `between`; resolves once every one has started. With a runtime handed
     * over at once and no `between`, they have all started when this returns.
     */
    startSagas(between?: () => Promise<void>): Promise<void> {
      if (!runSagas) return Promise.resolve();
      if (!starting) {
        const runtime = loadSagas();
        starting = runtime instanceof Promise ? runtime.then((loaded) => run(loaded, between)) : run(runtime, between);
        // A failed load may be asked for again.
        starting.catch(() => (starting = null));
      }
      return starting;
    },
  });
  if (!deferSagas) void handle.startSagas();
  return handle;
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];

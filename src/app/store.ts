import {
  configureStore,
  createAction,
  createDynamicMiddleware,
  type Middleware,
  type Reducer,
  type UnknownAction,
} from '@reduxjs/toolkit';
import createSagaMiddleware, { type Task } from 'redux-saga';
import { loadedApi, whenApiLoaded } from '../api/apiRegistry';
import { signedOut } from '../features/session/sessionSlice';
import { sessionBridge } from '../features/session/sessionBridge';
import type { UploadEngineLoader } from '../features/uploads/uploadEngineSaga';
import type { UploadServices } from '../features/uploads/uploadServices';
import { actionLogMiddleware, attachActionLog, createActionLog } from '../features/diagnostics/actionLog';
import { devToolsOptions } from './devtools';
import { rootReducer, type RootState } from './rootReducer';
import { APP_SAGAS, rootSaga } from './rootSaga';
import { createSagaInjector } from './sagaInjector';
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
   * The app's start makes the store in one task and starts the sagas in the next ones (`startSagas`, each
   * saga after `between`); by default they start with the store.
   */
  deferSagas?: boolean;
}

/** The API slice has joined the store (its code loaded): its state is made with this action. */
export const apiJoined = createAction('app/apiJoined');

export function makeStore({
  preloadedState,
  services: overrides,
  runSagas = true,
  middleware = [],
  uploadServices,
  loadUploadEngine,
  deferSagas = false,
}: MakeStoreOptions = {}) {
  const services = createAppServices({ session: sessionBridge, ...overrides });
  // The upload queue's browser capabilities load with it (features/uploads/uploadEngineSaga.ts), these on top.
  const sagaMiddleware = createSagaMiddleware<{
    services: AppServices;
    store?: unknown;
    uploadOverrides: Partial<UploadServices>;
    loadUploadEngine?: UploadEngineLoader;
  }>({
    context: { services, uploadOverrides: uploadServices ?? {}, loadUploadEngine },
    // A saga that throws has stopped working: say so loudly rather than fail in silence.
    onError: (error, { sagaStack }) => console.error('Background task failed', error, sagaStack),
  });
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
        sagaMiddleware,
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
  // Sagas reach the store's own dispatch/getState/subscribe for the shared refresh function.
  sagaMiddleware.setContext({ store });
  const handle = Object.assign(store, {
    services,
    sagaTask: null as Task | null,
    injectSaga: createSagaInjector(null),
    /** Starts the sagas (once), each after `between`; resolves once every one has started. */
    startSagas(between?: () => Promise<void>): Promise<void> {
      if (!runSagas || handle.sagaTask) return Promise.resolve();
      return new Promise<void>((started) => {
        // The injector first: the last of the root's sagas (the tag outbox's launcher) already uses it.
        let rootEnded!: () => void;
        handle.injectSaga = createSagaInjector(
          (saga) => sagaMiddleware.run(saga),
          new Promise<void>((ended) => (rootEnded = ended)),
        );
        handle.sagaTask = sagaMiddleware.run(rootSaga, APP_SAGAS, { between, started });
        handle.sagaTask.toPromise().then(rootEnded, rootEnded);
      });
    },
  });
  if (!deferSagas) void handle.startSagas();
  return handle;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

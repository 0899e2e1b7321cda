import { configureStore, type Middleware } from '@reduxjs/toolkit';
import createSagaMiddleware, { type Task } from 'redux-saga';
import { api } from '../api/apiSlice';
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
    (action) => signedOut.match(action) || api.util.resetApiState.match(action),
  );
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: services } }).concat(api.middleware, sagaMiddleware, ...middleware, recordActions),
    // On in production too, so support can replay a user's state; the sanitizers keep tokens out.
    devTools: devToolsOptions,
  });
  attachActionLog(store, actionLog);
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

import { configureStore, type Middleware } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { api } from '../api/apiSlice';
import { actionLogMiddleware, attachActionLog, createActionLog } from '../features/diagnostics/model/actionLog';
import { sessionBridge } from '../features/session/model/sessionBridge';
import { signedOut } from '../features/session/model/sessionSlice';
import type { UploadEngineLoader } from '../features/uploads/model/loadUploadEngine';
import type { UploadServices } from '../features/uploads/model/uploadServices';
import { devToolsOptions } from './devtools';
import { rootReducer, type RootState } from './rootReducer';
import { appSagas, rootSaga, type NamedSaga } from './rootSaga';
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
  /** The sagas run for each signed-in user (rootSaga.ts USER_SAGAS); tests run theirs with stand-in browser services. */
  userSagas?: readonly NamedSaga[];
  /** Extra middleware after ours (tests record actions with it); only the diagnostics recorder comes later. */
  middleware?: Middleware[];
}

/** The store: every reducer, RTK Query's middleware and the sagas, which start as it is made. */
export function makeStore({
  preloadedState,
  services: overrides,
  runSagas = true,
  middleware = [],
  uploadServices,
  loadUploadEngine,
  userSagas,
}: MakeStoreOptions = {}) {
  const services = createAppServices({ session: sessionBridge, ...overrides });
  const context: Record<string, unknown> = { services, uploadOverrides: uploadServices ?? {}, loadUploadEngine };
  const sagaMiddleware = createSagaMiddleware({
    context,
    onError: (error, { sagaStack }) => console.error('Background task failed', error, sagaStack),
  });
  // The latest actions for 'Download diagnostics', recorded last, next to the reducer. A session's end (a sign-out,
  // or the API cache reset when another user signs in) starts it afresh, so a file holds nothing of an earlier user.
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
  // The sagas reach the store itself for the shared token refresh (its dispatch, state and subscribe).
  sagaMiddleware.setContext({ store });
  const sagaTask = runSagas ? sagaMiddleware.run(rootSaga, appSagas(userSagas)) : null;
  return Object.assign(store, { services, sagaTask });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import { makeStore, type MakeStoreOptions } from '../app/store';
import { initialSessionState } from '../features/session/model/sessionSlice';
import type { User } from '../features/session/model/authRecord';
import * as uploadEngine from '../features/uploads/model/uploadEngine';
import { TEST_USER } from './tokens';

/** Records every action that reaches the reducers, sagas' puts included. */
export function actionRecorder() {
  const actions: UnknownAction[] = [];
  const middleware: Middleware = () => (next) => (action) => {
    actions.push(action as UnknownAction);
    return next(action);
  };
  return { actions, middleware, ofType: (type: string) => actions.filter((a) => a.type === type) };
}

/** A real store (sagas running) that starts signed in; setupTests.ts stops its sagas after the test. */
export function signedInStore(token: string, options: MakeStoreOptions & { user?: User; now?: number } = {}) {
  const now = options.now ?? Date.now();
  const recorder = actionRecorder();
  const navigate = jest.fn();
  const redirect = jest.fn();
  const store = makeStore({
    // The upload queue starts with the store, as it did before it was loaded lazily (uploadEngineSaga.ts).
    loadUploadEngine: () => uploadEngine,
    ...options,
    middleware: [recorder.middleware],
    services: { navigate, redirect, ...options.services },
    preloadedState: {
      session: {
        ...initialSessionState,
        status: 'signedIn',
        user: options.user ?? TEST_USER,
        token,
        lastActivity: now,
        lastRefresh: now,
      },
      ...options.preloadedState,
    },
  });
  return { store, recorder, navigate, redirect };
}

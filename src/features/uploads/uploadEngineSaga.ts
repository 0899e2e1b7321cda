import type { SagaIterator } from 'redux-saga';
import { call, delay, getContext, setContext } from 'redux-saga/effects';
import type { uploadQueueSaga } from './uploadQueueSaga';
import type { UploadServices } from './uploadServices';

/** What uploadEngine.ts exports. */
export interface UploadEngine {
  uploadQueueSaga: typeof uploadQueueSaga;
  browserUploadServices: UploadServices;
}

/** How the engine is had: a chunk in the app, the module itself in tests (then the queue starts at once). */
export type UploadEngineLoader = () => Promise<UploadEngine> | UploadEngine;

/** Its own chunk: the first screen does not wait for the upload machinery (docs/performance.md). */
export const loadUploadEngine = (): Promise<UploadEngine> => import(/* webpackChunkName: "upload-engine" */ './uploadEngine');

/** A chunk that failed to load (offline, a deploy in between) is asked for again after this long. */
export const ENGINE_RETRY_MS = 5_000;

/**
 * The root saga's entry to the upload queue: loads the engine right after the start ('loadUploadEngine' in the
 * saga context; tests hand over the module itself), gives it the browser's capabilities with the store's
 * overrides ('uploadOverrides'), and runs it. The queue reads the session as it is when it starts
 * (uploadQueueSaga), so a sign-in restored meanwhile is not missed, and the Upload Clips screen loads the engine
 * with its own chunk (app/routes.ts), so no file can be picked before the queue listens.
 */
export function* uploadEngineSaga(): SagaIterator {
  const load: UploadEngineLoader | undefined = yield getContext('loadUploadEngine');
  let engine: UploadEngine | null = null;
  while (!engine) {
    try {
      engine = yield call(load ?? loadUploadEngine);
    } catch (error) {
      console.warn('The upload engine did not load; trying again', error);
      yield delay(ENGINE_RETRY_MS);
    }
  }
  const overrides: Partial<UploadServices> | undefined = yield getContext('uploadOverrides');
  yield setContext({ uploads: { ...engine.browserUploadServices, ...overrides } });
  yield call(engine.uploadQueueSaga);
}

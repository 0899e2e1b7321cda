import type { SagaIterator } from 'redux-saga';
import { call, delay, getContext, setContext } from 'redux-saga/effects';
import { loadUploadEngine, type UploadEngine, type UploadEngineLoader } from './loadUploadEngine';
import type { UploadServices } from './uploadServices';

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

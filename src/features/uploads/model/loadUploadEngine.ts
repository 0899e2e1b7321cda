import type { uploadQueueSaga } from './uploadQueueSaga';
import type { UploadServices } from './uploadServices';

/** What uploadEngine.ts exports. */
export interface UploadEngine {
  uploadQueueSaga: typeof uploadQueueSaga;
  browserUploadServices: UploadServices;
}

/** How the engine is had: a chunk in the app, the module itself in tests (then the queue starts at once). */
export type UploadEngineLoader = () => Promise<UploadEngine> | UploadEngine;

let loaded: UploadEngine | null = null;

/**
 * Its own chunk: the first screen does not wait for the upload machinery (docs/performance.md). Once loaded it is
 * handed over at once, not through a promise: the Upload Clips screen loads it before it shows, so the queue
 * the sagas start later listens from its first step, before the actions kept for the sagas reach it (a file
 * picked before the sagas' file arrived; app/sagaDoor.ts).
 */
export const loadUploadEngine: UploadEngineLoader = () =>
  loaded ??
  import(/* webpackChunkName: "upload-engine" */ './uploadEngine').then((engine) => {
    loaded = engine;
    return engine;
  });

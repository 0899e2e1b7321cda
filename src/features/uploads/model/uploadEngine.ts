/**
 * What the upload queue needs beyond its slice: its sagas and the browser's capabilities (transfers, IndexedDB,
 * video metadata). Loaded by uploadEngineSaga.ts once the app has started, so none of it is initial JS
 * (docs/performance.md).
 */
export { uploadQueueSaga } from './uploadQueueSaga';
export { browserUploadServices } from './uploadServices';

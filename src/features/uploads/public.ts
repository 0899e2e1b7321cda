/**
 * Uploads as other features see it (lint: import-x/no-restricted-paths): the count the shell's badge shows,
 * and the shapes its tests build state from.
 */
export { selectActiveUploadCount } from './selectors';
export { initialUploadsState } from './uploadsSlice';
export type { UploadFileItem, UploadStatus } from './uploadTypes';

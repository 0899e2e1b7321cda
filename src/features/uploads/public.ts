/**
 * Uploads as other features see it (lint: import-x/no-restricted-paths): the count the shell's badge shows,
 * the shapes its tests build state from, and what a completed upload changes (tags, the other tabs' signal).
 */
export { selectActiveUploadCount } from './model/selectors';
export { initialUploadsState } from './model/uploadsSlice';
export type { UploadFileItem, UploadStatus } from './model/uploadTypes';
export { completedUploadTags } from './model/uploadQueuePolicy';
export { CLIPS_CHANNEL, THIS_TAB, type ClipsChangedMessage } from './model/clipsChangedSignal';

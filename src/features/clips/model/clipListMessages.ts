import { listLoadError, loadFailed, SERVER_UNREACHABLE } from '../../../api/listLoadErrors';

export { EVENT_NOT_FOUND, isEventNotFound } from '../../../api/listLoadErrors';

/** The clip lists' load errors (docs/product/part-2.md §8 "Clips"; src/api/listLoadErrors.ts). */
export const CLIPS_UNREACHABLE = SERVER_UNREACHABLE;
export const clipsLoadFailed = (status: number) => loadFailed('clips', status);
export const CLIPS_FAILED = 'Failed to load clips';
export const clipsLoadError = listLoadError('clips');

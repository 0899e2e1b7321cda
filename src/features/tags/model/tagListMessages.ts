import { listLoadError, loadFailed, SERVER_UNREACHABLE } from '../../../api/listLoadErrors';

export { EVENT_NOT_FOUND, isEventNotFound } from '../../../api/listLoadErrors';

/** The tag lists' load errors, as the clip lists' (§8 names none for loading tags; src/api/listLoadErrors.ts). */
export const TAGS_UNREACHABLE = SERVER_UNREACHABLE;
export const tagsLoadFailed = (status: number) => loadFailed('tags', status);
export const TAGS_FAILED = 'Failed to load tags';
export const tagsLoadError = listLoadError('tags');
/** docs/product/part-2.md §8 "Tags". */
export const EVENT_ID_NOT_PROVIDED = 'Event ID not provided';

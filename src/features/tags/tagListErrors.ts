import { INVALID_RESPONSE, type ApiFailure } from '../../api/apiErrors';
import type { ListErrorProps } from '../../components/ListError';

/** No connection: the text docs/product/part-2.md §8 gives the event lists; every list in the app says the same. */
export const TAGS_UNREACHABLE = 'Unable to connect to the server. Please check if the backend is running or try again later.';
/** Modelled on §8 "Clips" ('HTTP {status}: Failed to load clips'): §8 names no text for loading tags. */
export const tagsLoadFailed = (status: number) => `HTTP ${status}: Failed to load tags`;
export const TAGS_FAILED = 'Failed to load tags';
/** docs/product/part-2.md §8 "Tags". */
export const EVENT_ID_NOT_PROVIDED = 'Event ID not provided';
export const EVENT_NOT_FOUND = 'Event not found';

/**
 * What a tag list shows when loading failed: no connection → the connection text with 'Try again'; an answer of
 * the wrong shape → 'Unexpected response format'; a refusal → 'HTTP {status}: Failed to load tags'; each with
 * 'Retry'. A 401 shows nothing (§6: an authentication failure stops the screens silently).
 */
export function tagsLoadError(failure: ApiFailure): Omit<ListErrorProps, 'onRetry'> | null {
  if (failure.status === 401) return null;
  if (failure.status === 'network' || failure.status === 'timeout') return { message: TAGS_UNREACHABLE, retryLabel: 'Try again' };
  if (failure.status === 'invalid_response') return { message: INVALID_RESPONSE, retryLabel: 'Retry' };
  if (typeof failure.status === 'number') return { message: tagsLoadFailed(failure.status), retryLabel: 'Retry' };
  return { message: TAGS_FAILED, retryLabel: 'Retry' };
}

/**
 * The event of /tags/by-event/{id} does not exist: the API's 404 EVENT_NOT_FOUND, or its 400 for an id that cannot
 * be one (a mistyped address) — retrying would not help either.
 */
export function isEventNotFound(failure: ApiFailure): boolean {
  if (failure.status === 404) return failure.code === null || failure.code === 'EVENT_NOT_FOUND';
  const details = failure.details;
  return (
    failure.status === 400 &&
    failure.code === 'INVALID_INPUT' &&
    typeof details === 'object' &&
    details !== null &&
    'params.eventId' in details
  );
}

import { INVALID_RESPONSE, type ApiFailure } from '../../api/apiErrors';
import type { ListErrorProps } from '../../components/ListError';

/**
 * No connection: docs/product/part-2.md §8 names this text for the event lists ("Events"); the clip lists say
 * the same, so the app has one way of saying it.
 */
export const CLIPS_UNREACHABLE = 'Unable to connect to the server. Please check if the backend is running or try again later.';
/** docs/product/part-2.md §8 "Clips". */
export const clipsLoadFailed = (status: number) => `HTTP ${status}: Failed to load clips`;
export const CLIPS_FAILED = 'Failed to load clips';
export const EVENT_NOT_FOUND = 'Event not found';

/**
 * What a clip list shows when loading failed (docs/product/part-2.md §8 "Clips"): no connection (or no answer in
 * time) → the connection text with 'Try again'; an answer of the wrong shape → 'Unexpected response format';
 * a refusal → 'HTTP {status}: Failed to load clips'; each with 'Retry'. A 401 shows nothing (§6: an
 * authentication failure stops the screens silently; the session ends or is refreshed elsewhere).
 */
export function clipsLoadError(failure: ApiFailure): Omit<ListErrorProps, 'onRetry'> | null {
  if (failure.status === 401) return null;
  if (failure.status === 'network' || failure.status === 'timeout') {
    return { message: CLIPS_UNREACHABLE, retryLabel: 'Try again' };
  }
  if (failure.status === 'invalid_response') return { message: INVALID_RESPONSE, retryLabel: 'Retry' };
  if (typeof failure.status === 'number') return { message: clipsLoadFailed(failure.status), retryLabel: 'Retry' };
  return { message: CLIPS_FAILED, retryLabel: 'Retry' };
}

/**
 * The event of /clips/event/{id} does not exist: the API's 404 EVENT_NOT_FOUND (or a 404 without a body), or
 * its 400 for an id that cannot be one (a mistyped address), where retrying would not help either.
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

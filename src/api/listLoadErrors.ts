import type { ListErrorProps } from '../components/ListError';
import { INVALID_RESPONSE, type ApiFailure } from './apiErrors';

/**
 * No connection: docs/product/part-2.md §8 names this text for the event lists ("Events"); the clip and tag lists
 * say the same, so the app has one way of saying it.
 */
export const SERVER_UNREACHABLE = 'Unable to connect to the server. Please check if the backend is running or try again later.';

/** docs/product/part-2.md §8 "Clips": 'HTTP {status}: Failed to load clips'; the tag lists follow it. */
export const loadFailed = (what: string, status: number) => `HTTP ${status}: Failed to load ${what}`;

/**
 * What a list of `what` ('clips', 'tags') shows when loading failed: no connection (or no answer in time) → the
 * connection text with 'Try again'; an answer of the wrong shape → 'Unexpected response format'; a refusal →
 * 'HTTP {status}: Failed to load {what}'; each with 'Retry'. A 401 shows nothing (§6: an authentication failure
 * stops the screens silently; the session ends or is refreshed elsewhere).
 */
export function listLoadError(what: string) {
  return (failure: ApiFailure): Omit<ListErrorProps, 'onRetry'> | null => {
    if (failure.status === 401) return null;
    if (failure.status === 'network' || failure.status === 'timeout')
      return { message: SERVER_UNREACHABLE, retryLabel: 'Try again' };
    if (failure.status === 'invalid_response') return { message: INVALID_RESPONSE, retryLabel: 'Retry' };
    if (typeof failure.status === 'number') return { message: loadFailed(what, failure.status), retryLabel: 'Retry' };
    return { message: `Failed to load ${what}`, retryLabel: 'Retry' };
  };
}

export const EVENT_NOT_FOUND = 'Event not found';

/**
 * The event of an address (/clips/event/{id}, /tags/by-event/{id}) does not exist: the API's 404 EVENT_NOT_FOUND
 * (or a 404 without a body), or its 400 for an id that cannot be one (a mistyped address) — retrying would not help.
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

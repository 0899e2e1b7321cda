import { INVALID_RESPONSE, type ApiFailure } from '../../../api/apiErrors';
import type { ListErrorProps } from '../../../components/ListError';

/** docs/product/part-2.md §8 "Events": the server could not be reached. */
export const EVENTS_UNREACHABLE = 'Unable to connect to the server. Please check if the backend is running or try again later.';
export const eventsFetchFailed = (status: ApiFailure['status']) => `Failed to fetch events: ${status}`;

/**
 * What an event list shows when loading failed (docs/product/part-2.md §8 "Events"): no connection (or no answer
 * in time) → the connection text with 'Try again'; otherwise the server's own message, else
 * 'Failed to fetch events: {status}' (an answer of the wrong shape says so), with 'Retry'. A 401 shows nothing
 * (§6: an authentication failure stops the screens silently; the session is refreshed or ended elsewhere).
 */
export function eventsLoadError(failure: ApiFailure): Omit<ListErrorProps, 'onRetry'> | null {
  if (failure.status === 401) return null;
  if (failure.status === 'network' || failure.status === 'timeout') {
    return { message: EVENTS_UNREACHABLE, retryLabel: 'Try again' };
  }
  if (failure.status === 'invalid_response') return { message: INVALID_RESPONSE, retryLabel: 'Retry' };
  return { message: failure.serverMessage || eventsFetchFailed(failure.status), retryLabel: 'Retry' };
}

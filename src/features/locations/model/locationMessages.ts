import { INVALID_RESPONSE, type ApiFailure } from '../../../api/apiErrors';

/** Add Location texts (docs/product/part-1.md §8 "Add Location"). */
export const LOCATION_TEXT = {
  loading: 'Loading location search...',
  noPlace: 'No place selected',
  placeFailed: 'Error processing selected place',
  suggestionsFailed: 'Error fetching place suggestions',
  initFailed: 'Failed to initialize location search',
  timedOut: 'Request timed out. Please try again.',
} as const;

export function locationSavedMessage(name: string): string {
  return `Location "${name}" saved successfully!`;
}

const TRANSPORT_REASON: Partial<Record<ApiFailure['status'], string>> = {
  network: 'Network error. Please check your connection.',
  invalid_response: INVALID_RESPONSE,
};

/** 'Failed to save location: {reason}' with the server's text, else '… ({status})'; a timeout has its own text. */
export function saveLocationFailedMessage(failure: ApiFailure): string {
  if (failure.status === 'timeout') return LOCATION_TEXT.timedOut;
  if (failure.serverMessage) return `Failed to save location: ${failure.serverMessage}`;
  if (typeof failure.status === 'number') return `Failed to save location (${failure.status})`;
  return `Failed to save location: ${TRANSPORT_REASON[failure.status] ?? 'Unknown error'}`;
}

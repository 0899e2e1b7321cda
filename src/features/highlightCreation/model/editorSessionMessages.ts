import type { ApiFailure } from '../../../api/apiErrors';

/** docs/product/part-2.md §8 "Editing session creation". */
export const INVALID_REQUEST_DATA = 'Invalid request data';
export const AUTHENTICATION_REQUIRED = 'Authentication required. Please log in.';
export const SERVER_ERROR = 'Server error. Please try again.';
export const CANNOT_CONNECT = 'Cannot connect to server. Please check your connection.';
export const SESSION_CREATION_FAILED = 'Failed to create editing session. Please try again.';
/** The start failure's default: nothing more specific is known (an answer without the editor's address). */
export const START_EDITOR_FAILED = 'Failed to start video editor. Please try again.';
/** What the creation screen says above the reason (§8: "on the creation screen an alert"). */
export const CREATE_HIGHLIGHT_FAILED = 'Failed to create highlight';

/** The message for a failed POST /api/v1/editor-sessions. */
export function editorSessionErrorMessage(failure: ApiFailure): string {
  switch (failure.status) {
    case 400:
      return failure.serverMessage || INVALID_REQUEST_DATA;
    case 401:
      return AUTHENTICATION_REQUIRED;
    case 500:
      return SERVER_ERROR;
    case 'network':
      return CANNOT_CONNECT;
    case 'invalid_response':
      return START_EDITOR_FAILED;
    default:
      return SESSION_CREATION_FAILED;
  }
}

import type { ApiFailure } from '../../../api/apiErrors';
import type { LoginError } from './loginSlice';

export const EXPIRED_HINT = 'This can happen if you take too long to complete the login process. Please try again.';
/** The identity provider's error code for an authorization code that is used up or too old. */
export const EXPIRED_CODE = 'AUTH_CODE_EXPIRED';
export const INVALID_AUTH_RESPONSE: LoginError = { message: 'Invalid authentication response', hint: null };

function withHint(message: string): LoginError {
  return { message, hint: /expired/i.test(message) ? EXPIRED_HINT : null };
}

/**
 * Login error texts, verbatim from docs/product/part-1.md §8 Login. A malformed answer: 'Invalid response from
 * authentication service' when starting (no authUrl), 'Invalid authentication response' for the
 * callback (no token or user, or the wrong shape).
 */
export function loginErrorFor(stage: 'start' | 'callback', failure: ApiFailure): LoginError {
  if (failure.status === 'timeout') return withHint('Request timed out. Please try again.');
  if (failure.status === 'network') return withHint('Network error. Please check your connection.');
  if (failure.status === 'invalid_response')
    return stage === 'callback' ? INVALID_AUTH_RESPONSE : withHint('Invalid response from authentication service');
  if (typeof failure.status === 'number' && failure.status >= 500) return withHint('Server error. Please try again later.');
  if (failure.status === 400) {
    const details = typeof failure.details === 'string' && failure.details ? failure.details : null;
    return withHint(details ?? failure.serverMessage ?? 'Authentication failed. Please try again.');
  }
  if (stage === 'start') return withHint('Failed to initiate authentication');
  return withHint(failure.serverMessage ?? 'Authentication failed. Please try again.');
}

export function providerErrorFor(message: string): LoginError {
  return withHint(message);
}

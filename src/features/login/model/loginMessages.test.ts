import type { ApiFailure } from '../../../api/apiErrors';
import { EXPIRED_HINT, loginErrorFor } from './loginMessages';

const failure = (f: Partial<ApiFailure>): ApiFailure => ({
  status: 'unknown',
  serverMessage: null,
  code: null,
  details: null,
  ...f,
});

describe('login error texts (docs/product/part-1.md §8 Login)', () => {
  it.each<[Partial<ApiFailure>, string]>([
    [{ status: 'timeout' }, 'Request timed out. Please try again.'],
    [{ status: 'network' }, 'Network error. Please check your connection.'],
    [{ status: 500 }, 'Server error. Please try again later.'],
    [{ status: 'invalid_response' }, 'Invalid authentication response'],
    [{ status: 400 }, 'Authentication failed. Please try again.'],
    [{ status: 400, serverMessage: 'Code not recognised' }, 'Code not recognised'],
    [{ status: 400, serverMessage: 'x', details: 'The details win' }, 'The details win'],
  ])('%j → %s', (f, message) => {
    expect(loginErrorFor('callback', failure(f)).message).toBe(message);
  });

  it("says 'Invalid response from authentication service' for a malformed answer when starting", () => {
    expect(loginErrorFor('start', failure({ status: 'invalid_response' })).message).toBe(
      'Invalid response from authentication service',
    );
  });

  it("says 'Failed to initiate authentication' when starting fails otherwise", () => {
    expect(loginErrorFor('start', failure({ status: 404 })).message).toBe('Failed to initiate authentication');
  });

  it("adds the hint when the text mentions 'expired'", () => {
    expect(loginErrorFor('callback', failure({ status: 400, serverMessage: 'Authorization code has expired' }))).toEqual({
      message: 'Authorization code has expired',
      hint: EXPIRED_HINT,
    });
    expect(EXPIRED_HINT).toBe('This can happen if you take too long to complete the login process. Please try again.');
  });

  it('adds no hint otherwise', () => {
    expect(loginErrorFor('callback', failure({ status: 'network' })).hint).toBeNull();
  });
});

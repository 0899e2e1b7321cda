import type { ApiFailure } from '../../../api/apiErrors';
import { CLIPS_UNREACHABLE, clipsLoadError, isEventNotFound } from './clipListMessages';

const failure = (status: ApiFailure['status'], code: string | null = null, serverMessage: string | null = null): ApiFailure => ({
  status,
  serverMessage,
  code,
  details: null,
});

describe('clipsLoadError (docs/product/part-2.md §8 "Clips")', () => {
  it("without a connection (or an answer in time): the connection text and 'Try again'", () => {
    expect(clipsLoadError(failure('network'))).toEqual({ message: CLIPS_UNREACHABLE, retryLabel: 'Try again' });
    expect(clipsLoadError(failure('timeout'))).toEqual({ message: CLIPS_UNREACHABLE, retryLabel: 'Try again' });
  });

  it("a refusal: 'HTTP {status}: Failed to load clips' with Retry, whatever the server said", () => {
    expect(clipsLoadError(failure(500))).toEqual({ message: 'HTTP 500: Failed to load clips', retryLabel: 'Retry' });
    expect(clipsLoadError(failure(503, 'X', 'Database is waking up'))).toEqual({
      message: 'HTTP 503: Failed to load clips',
      retryLabel: 'Retry',
    });
  });

  it("an answer of the wrong shape: 'Unexpected response format'", () => {
    expect(clipsLoadError(failure('invalid_response'))).toEqual({ message: 'Unexpected response format', retryLabel: 'Retry' });
  });

  it('anything else still says loading failed', () => {
    expect(clipsLoadError(failure('unknown'))).toEqual({ message: 'Failed to load clips', retryLabel: 'Retry' });
  });

  it('an authentication failure shows nothing (§6: the screens stop silently)', () => {
    expect(clipsLoadError(failure(401))).toBeNull();
  });
});

describe('isEventNotFound', () => {
  it('is the API’s 404 EVENT_NOT_FOUND, or a bare 404', () => {
    expect(isEventNotFound(failure(404, 'EVENT_NOT_FOUND'))).toBe(true);
    expect(isEventNotFound(failure(404))).toBe(true);
    expect(isEventNotFound(failure(404, 'ROUTE_NOT_FOUND'))).toBe(false);
    expect(isEventNotFound(failure(400, 'INVALID_INPUT'))).toBe(false);
    expect(isEventNotFound(failure('network'))).toBe(false);
  });

  it('is also the API’s refusal of an id that cannot be an event’s (a mistyped address)', () => {
    const badId = { ...failure(400, 'INVALID_INPUT'), details: { 'params.eventId': 'must be a UUID' } };
    expect(isEventNotFound(badId)).toBe(true);
    expect(isEventNotFound({ ...badId, details: { 'query.page': 'must be a whole number' } })).toBe(false);
    expect(isEventNotFound({ ...badId, details: null })).toBe(false);
  });
});

import type { ApiFailure } from '../../../api/apiErrors';
import { isEventNotFound, tagsLoadError } from './tagListMessages';

const failure = (over: Partial<ApiFailure>): ApiFailure => ({
  status: 500,
  serverMessage: null,
  code: null,
  details: null,
  ...over,
});

describe('tagsLoadError', () => {
  it.each([
    ['network', 'Unable to connect to the server. Please check if the backend is running or try again later.', 'Try again'],
    ['timeout', 'Unable to connect to the server. Please check if the backend is running or try again later.', 'Try again'],
    ['invalid_response', 'Unexpected response format', 'Retry'],
    [503, 'HTTP 503: Failed to load tags', 'Retry'],
    ['unknown', 'Failed to load tags', 'Retry'],
  ] as const)('%s → %s', (status, message, retryLabel) => {
    expect(tagsLoadError(failure({ status }))).toEqual({ message, retryLabel });
  });

  it('shows nothing on a 401 (docs/product/part-2.md §6: screens stop silently)', () => {
    expect(tagsLoadError(failure({ status: 401 }))).toBeNull();
  });
});

describe('isEventNotFound', () => {
  it('is the API’s 404, or its 400 naming the event id', () => {
    expect(isEventNotFound(failure({ status: 404, code: 'EVENT_NOT_FOUND' }))).toBe(true);
    expect(isEventNotFound(failure({ status: 404 }))).toBe(true);
    expect(
      isEventNotFound(failure({ status: 400, code: 'INVALID_INPUT', details: { 'params.eventId': 'must be a UUID' } })),
    ).toBe(true);
    expect(isEventNotFound(failure({ status: 400, code: 'INVALID_INPUT', details: { 'query.limit': 'x' } }))).toBe(false);
    expect(isEventNotFound(failure({ status: 404, code: 'NOT_FOUND_ELSEWHERE' }))).toBe(false);
    expect(isEventNotFound(failure({ status: 500 }))).toBe(false);
  });
});

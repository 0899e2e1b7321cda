import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { ApiFailure } from '../../../api/apiErrors';
import { EVENTS_UNREACHABLE, eventsLoadError } from './eventListMessages';
import { eventsLoadErrorOf } from './eventListView';

const failure = (status: ApiFailure['status'], serverMessage: string | null = null): ApiFailure => ({
  status,
  serverMessage,
  code: null,
  details: null,
});

describe('eventsLoadError', () => {
  it("without a connection: the connection text and 'Try again'", () => {
    expect(eventsLoadError(failure('network'))).toEqual({ message: EVENTS_UNREACHABLE, retryLabel: 'Try again' });
    expect(eventsLoadError(failure('timeout'))).toEqual({ message: EVENTS_UNREACHABLE, retryLabel: 'Try again' });
  });

  it("the server's message when it sent one, with Retry", () => {
    expect(eventsLoadError(failure(503, 'Database is waking up'))).toEqual({
      message: 'Database is waking up',
      retryLabel: 'Retry',
    });
  });

  it("else 'Failed to fetch events: {status}'", () => {
    expect(eventsLoadError(failure(500))).toEqual({ message: 'Failed to fetch events: 500', retryLabel: 'Retry' });
  });

  it('a 401 shows nothing: an authentication failure stops the screens silently (§6)', () => {
    expect(eventsLoadError(failure(401))).toBeNull();
    expect(eventsLoadError(failure(401, 'Session expired'))).toBeNull();
  });

  it('an answer of the wrong shape says so', () => {
    expect(eventsLoadError(failure('invalid_response'))).toEqual({
      message: 'Unexpected response format',
      retryLabel: 'Retry',
    });
  });
});

describe('eventsLoadErrorOf', () => {
  const failedWith = (error: unknown) => ({ isError: true, error: error as FetchBaseQueryError, refetch: jest.fn() });
  const fine = { isError: false, refetch: jest.fn() };

  it('the first failure, with a retry of every failed query', () => {
    const a = failedWith({ status: 500, data: { success: false } });
    const b = failedWith({ status: 502, data: { success: false } });
    const error = eventsLoadErrorOf([fine, a, b]);
    expect(error).toMatchObject({ message: 'Failed to fetch events: 500', retryLabel: 'Retry' });
    error?.onRetry();
    expect(a.refetch).toHaveBeenCalledTimes(1);
    expect(b.refetch).toHaveBeenCalledTimes(1);
    expect(fine.refetch).not.toHaveBeenCalled();
  });

  it('nothing when a query was refused for authentication (401), whatever the others did', () => {
    expect(eventsLoadErrorOf([failedWith({ status: 401, data: { success: false } })])).toBeNull();
    expect(
      eventsLoadErrorOf([failedWith({ status: 'FETCH_ERROR', error: 'down' }), failedWith({ status: 401, data: {} })]),
    ).toBeNull();
  });

  it('nothing when nothing failed', () => {
    expect(eventsLoadErrorOf([fine])).toBeNull();
  });
});

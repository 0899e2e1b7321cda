import type { ApiFailure } from '../../api/apiErrors';
import { EVENTS_UNREACHABLE, eventsLoadError } from './eventListErrors';

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

  it('an answer of the wrong shape says so', () => {
    expect(eventsLoadError(failure('invalid_response'))).toEqual({
      message: 'Unexpected response format',
      retryLabel: 'Retry',
    });
  });
});

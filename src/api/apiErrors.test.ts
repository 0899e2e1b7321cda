import { toApiFailure } from './apiErrors';

describe('toApiFailure', () => {
  it('keeps the HTTP status of an error answer that is not JSON', () => {
    expect(
      toApiFailure({ status: 'PARSING_ERROR', originalStatus: 502, data: '<h1>Bad gateway</h1>', error: 'SyntaxError' }),
    ).toMatchObject({ status: 502, serverMessage: null });
  });

  it('reads the envelope of an ordinary error answer', () => {
    expect(toApiFailure({ status: 400, data: { success: false, error: 'Bad', code: 'INVALID_INPUT' } })).toMatchObject({
      status: 400,
      serverMessage: 'Bad',
      code: 'INVALID_INPUT',
    });
    expect(toApiFailure({ status: 'TIMEOUT_ERROR', error: 'AbortError' })).toMatchObject({ status: 'timeout' });
  });

  it('calls an unparsable success an invalid response', () => {
    expect(toApiFailure({ status: 'PARSING_ERROR', originalStatus: 200, data: 'x', error: 'SyntaxError' })).toMatchObject({
      status: 'invalid_response',
    });
  });
});

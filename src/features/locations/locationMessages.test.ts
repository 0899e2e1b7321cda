import type { ApiFailure } from '../../api/apiErrors';
import { locationSavedMessage, saveLocationFailedMessage, saveLocationFailure } from './locationMessages';

const failure = (over: Partial<ApiFailure>): ApiFailure => ({
  status: 'unknown',
  serverMessage: null,
  code: null,
  details: null,
  ...over,
});

describe('Add Location messages', () => {
  it('names the saved location', () => {
    expect(locationSavedMessage('Wrigley Field')).toBe('Location "Wrigley Field" saved successfully!');
  });

  it("gives the server's reason when it sent one", () => {
    expect(saveLocationFailedMessage(failure({ status: 400, serverMessage: 'latitude: must be a number' }))).toBe(
      'Failed to save location: latitude: must be a number',
    );
  });

  it('gives the status when the server sent no reason', () => {
    expect(saveLocationFailedMessage(failure({ status: 502 }))).toBe('Failed to save location (502)');
  });

  it('has its own text for a timeout', () => {
    expect(saveLocationFailedMessage(failure({ status: 'timeout' }))).toBe('Request timed out. Please try again.');
  });

  it('names a transport failure as the reason', () => {
    expect(saveLocationFailedMessage(failure({ status: 'network' }))).toBe(
      'Failed to save location: Network error. Please check your connection.',
    );
    expect(saveLocationFailedMessage(failure({ status: 'invalid_response' }))).toBe(
      'Failed to save location: Invalid response from server',
    );
  });
});

describe('saveLocationFailure', () => {
  it('keeps the HTTP status of an error answer that is not JSON', () => {
    expect(
      saveLocationFailure({ status: 'PARSING_ERROR', originalStatus: 502, data: '<h1>Bad gateway</h1>', error: 'SyntaxError' }),
    ).toMatchObject({ status: 502, serverMessage: null });
  });

  it('reads the envelope of an ordinary error answer', () => {
    expect(saveLocationFailure({ status: 400, data: { success: false, error: 'Bad', code: 'INVALID_INPUT' } })).toMatchObject({
      status: 400,
      serverMessage: 'Bad',
      code: 'INVALID_INPUT',
    });
    expect(saveLocationFailure({ status: 'TIMEOUT_ERROR', error: 'AbortError' })).toMatchObject({ status: 'timeout' });
  });
});

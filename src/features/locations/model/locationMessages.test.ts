import type { ApiFailure } from '../../../api/apiErrors';
import { locationSavedMessage, saveLocationFailedMessage } from './locationMessages';

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
      'Failed to save location: Unexpected response format',
    );
  });
});

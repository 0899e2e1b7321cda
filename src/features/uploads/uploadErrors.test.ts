import { EVENT_PROBLEM_MESSAGE } from './uploadConstants';
import { errorForResponse, isEventError } from './uploadErrors';

describe('upload errors', () => {
  it.each<[number, unknown, string, string]>([
    [413, { success: false, error: 'too big', code: 'FILE_TOO_LARGE' }, 'FILE_TOO_LARGE', 'File too large (max 100MB)'],
    [400, { success: false, error: 'bad', errorCode: 'INVALID_FILE_TYPE' }, 'INVALID_FILE_TYPE', 'Unsupported file type'],
    [
      404,
      { success: false, error: 'Event not found', code: 'EVENT_MATCHING_FAILED' },
      'EVENT_MATCHING_FAILED',
      EVENT_PROBLEM_MESSAGE,
    ],
    [400, { success: false, error: 'The event does not exist' }, 'EVENT_MATCHING_FAILED', EVENT_PROBLEM_MESSAGE],
    [500, { success: false, error: 'boom' }, 'SERVER_ERROR', 'Server error. Please try again later.'],
    [409, 'not json', 'UPLOAD_FAILED', 'Upload failed: 409'],
  ])('%i %j → %s', (status, body, code, message) => {
    expect(errorForResponse(status, body)).toEqual({ code, message });
  });

  it('recognises event errors by code, 404 or wording', () => {
    expect(isEventError(400, null, 'Invalid event id')).toBe(true);
    expect(isEventError(400, null, 'Unsupported file type')).toBe(false);
  });
});

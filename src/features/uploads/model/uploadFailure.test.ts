import { EVENT_PROBLEM_MESSAGE } from './uploadConstants';
import { errorForResponse, isEventError, readUploadAnswer } from './uploadFailure';

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
    [
      507,
      { success: false, error: 'Not enough free disk space', errorCode: 'INSUFFICIENT_STORAGE' },
      'INSUFFICIENT_STORAGE',
      'The server is out of storage space. Please try again later.',
    ],
    [
      503,
      { success: false, error: 'ffprobe missing', errorCode: 'VIDEO_CHECK_UNAVAILABLE' },
      'VIDEO_CHECK_UNAVAILABLE',
      'The server cannot check videos right now. Please try again later.',
    ],
  ])('%i %j → %s', (status, body, code, message) => {
    expect(errorForResponse(status, body)).toEqual({ code, message });
  });

  it('recognises event errors by code, 404 or wording', () => {
    expect(isEventError(400, null, 'Invalid event id')).toBe(true);
    expect(isEventError(400, null, 'Unsupported file type')).toBe(false);
  });

  it('takes the status from details.statusCode when the server gives one (docs/product/part-1.md §7)', () => {
    expect(errorForResponse(400, { success: false, error: 'x', errorCode: 'ODD', details: { statusCode: 409 } })).toEqual({
      code: 'ODD',
      message: 'Upload failed: 409',
    });
    // An event error by status: details.statusCode 404 behind a proxy's 400.
    expect(errorForResponse(400, { success: false, error: 'x', details: { statusCode: 404 } }).code).toBe(
      'EVENT_MATCHING_FAILED',
    );
    // Not a status: the HTTP one stands.
    expect(errorForResponse(409, { success: false, details: { statusCode: 'teapot' } }).message).toBe('Upload failed: 409');
  });
});

describe('the upload answer', () => {
  it.each<[number, unknown, ReturnType<typeof readUploadAnswer>]>([
    [201, { success: true, data: { id: 'c-1', filename: 'a.mp4' } }, { kind: 'completed', clipId: 'c-1' }],
    [201, { success: true, data: { id: 7 } }, { kind: 'completed', clipId: '7' }],
    // The clip's event where the answer names it (a retry answered with an earlier sending's clip)…
    [200, { success: true, data: { id: 'c-2', eventId: 'ev-2' } }, { kind: 'completed', clipId: 'c-2', eventId: 'ev-2' }],
    [200, { success: true, data: { id: 'c-3', eventId: null } }, { kind: 'completed', clipId: 'c-3', eventId: null }],
    // …and an odd one is as good as none: the clip is stored all the same.
    [201, { success: true, data: { id: 'c-4', eventId: 42 } }, { kind: 'completed', clipId: 'c-4' }],
    [201, { success: true, data: { id: 'c-5', eventId: '' } }, { kind: 'completed', clipId: 'c-5' }],
    [
      201,
      { success: true, data: { id: '' } },
      { kind: 'refused', error: { code: 'UPLOAD_FAILED', message: 'Unexpected response format' } },
    ],
    [200, { success: true }, { kind: 'refused', error: { code: 'UPLOAD_FAILED', message: 'Unexpected response format' } }],
    [200, 'not json', { kind: 'refused', error: { code: 'UPLOAD_FAILED', message: 'Unexpected response format' } }],
    [
      200,
      { success: false, error: 'too big', errorCode: 'FILE_TOO_LARGE', details: { statusCode: 413 } },
      { kind: 'refused', error: { code: 'FILE_TOO_LARGE', message: 'File too large (max 100MB)' } },
    ],
    [
      500,
      { success: false, error: 'boom', errorCode: 'UPLOAD_FAILED', details: { statusCode: 500 } },
      { kind: 'refused', error: { code: 'SERVER_ERROR', message: 'Server error. Please try again later.' } },
    ],
  ])('%i %j', (status, body, expected) => {
    expect(readUploadAnswer(status, body)).toEqual(expected);
  });
});

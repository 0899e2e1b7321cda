import * as v from 'valibot';
import { envelope, readErrorBody } from '../../../api/envelope';
import { INVALID_RESPONSE } from '../../../api/apiErrors';
import { EVENT_PROBLEM_MESSAGE } from './uploadConstants';
import { FILE_TOO_LARGE, UNSUPPORTED_TYPE } from './uploadValidation';
import type { UploadError } from './uploadTypes';

/** Upload error codes (docs/product/part-1.md §8 Upload) and the words a user sees for each. */
const MESSAGES: Record<string, string> = {
  FILE_TOO_LARGE,
  INVALID_FILE_TYPE: UNSUPPORTED_TYPE,
  INVALID_INPUT: 'The upload was incomplete or malformed. Please try again.',
  TOO_MANY_FILES: 'Too many files in one upload. Please send fewer at a time.',
  BATCH_TOO_LARGE: 'These files are too large together. Please send fewer at a time.',
  METADATA_EXTRACTION_FAILED: 'This video could not be read. It may be damaged or in an unsupported format.',
  EVENT_MATCHING_FAILED: EVENT_PROBLEM_MESSAGE,
  NETWORK_ERROR: 'Network error: the connection was lost. Check your connection and press Retry.',
  AUTHENTICATION_FAILED: 'Your session has ended. Please sign in again to upload.',
  SERVER_ERROR: 'Server error. Please try again later.',
  // Ours (the spec names no code for these): a full disk and a server that cannot check videos.
  INSUFFICIENT_STORAGE: 'The server is out of storage space. Please try again later.',
  VIDEO_CHECK_UNAVAILABLE: 'The server cannot check videos right now. Please try again later.',
  CANCELLED: 'Upload cancelled',
};

export function uploadError(code: string, fallback?: string): UploadError {
  return { code, message: MESSAGES[code] ?? fallback ?? 'Upload failed' };
}

/** An event error: the EVENT_MATCHING_FAILED code, a 404, or a message about the event not existing or being invalid. */
export function isEventError(status: number, code: string | null, message: string | null): boolean {
  return (
    code === 'EVENT_MATCHING_FAILED' ||
    status === 404 ||
    /event\b.*\b(not exist|does not exist|not found|invalid)|invalid event/i.test(message ?? '')
  );
}

/** The status the server reports in `details.statusCode` (docs/product/part-1.md §7), when it gives a valid one. */
export function reportedStatus(body: unknown): number | null {
  const details = readErrorBody(body)?.details;
  const code = typeof details === 'object' && details !== null ? (details as { statusCode?: unknown }).statusCode : undefined;
  return typeof code === 'number' && Number.isInteger(code) && code >= 100 && code <= 599 ? code : null;
}

/**
 * Maps a refused upload to its error; the default is 'Upload failed: {status}'. The status is the one
 * the server names in `details.statusCode`, else the HTTP status.
 */
export function errorForResponse(httpStatus: number, body: unknown): UploadError {
  const status = reportedStatus(body) ?? httpStatus;
  const parsed = readErrorBody(body);
  const code = parsed?.errorCode ?? parsed?.code ?? null;
  const message = parsed?.error ?? null;
  if (isEventError(status, code, message)) return uploadError('EVENT_MATCHING_FAILED');
  if (code && MESSAGES[code]) return uploadError(code);
  if (status === 413) return uploadError('FILE_TOO_LARGE');
  if (status === 401) return uploadError('AUTHENTICATION_FAILED');
  if (status >= 500) return uploadError('SERVER_ERROR');
  return { code: code ?? 'UPLOAD_FAILED', message: `Upload failed: ${status}` };
}

/**
 * `{ success: true, data: { id } }`: the clip id, a string or a number (docs/product/part-1.md §7 "data.id"). The
 * clip's `eventId` is read too where it is a string or null; anything else there is as good as its absence.
 */
const uploadAnswerSchema = envelope(
  v.object({
    id: v.union([v.pipe(v.string(), v.minLength(1)), v.pipe(v.number(), v.finite())]),
    eventId: v.fallback(v.optional(v.nullable(v.pipe(v.string(), v.minLength(1)))), undefined),
  }),
);

/**
 * `eventId`: the event the server says the clip is in, undefined when it does not say. A retry answered with the
 * clip its first sending stored (the Idempotency-Key) has that sending's event, which the user may have changed
 * since.
 */
export type UploadAnswer =
  { kind: 'completed'; clipId: string; eventId?: string | null } | { kind: 'refused'; error: UploadError };

export const INVALID_UPLOAD_ANSWER: UploadError = { code: 'UPLOAD_FAILED', message: INVALID_RESPONSE };

/**
 * Reads the server's answer to POST /api/v1/uploads (docs/product/part-1.md §7: success, data.id, error, errorCode,
 * details.statusCode): a success with a clip id completes the file; `success: false` is a refusal even
 * with a 2xx status; a 2xx without a clip id is an invalid answer.
 */
export function readUploadAnswer(httpStatus: number, body: unknown): UploadAnswer {
  const ok = httpStatus >= 200 && httpStatus < 300;
  if (ok) {
    const parsed = v.safeParse(uploadAnswerSchema, body);
    if (parsed.success) {
      return { kind: 'completed', clipId: String(parsed.output.data.id), eventId: parsed.output.data.eventId };
    }
    if (readErrorBody(body)?.success !== false) return { kind: 'refused', error: INVALID_UPLOAD_ANSWER };
  }
  return { kind: 'refused', error: errorForResponse(httpStatus, body) };
}

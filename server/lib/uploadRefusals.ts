import { ApiError } from './envelope';
import { probe, RunError, type ProbeResult } from './ffmpeg';

/** Why an upload is refused: the errors the upload route answers with, and how failures map onto them. */

/** Upload failures carry `code` and `errorCode` (same value) and `details.statusCode`. */
export function uploadError(status: number, code: string, message: string, details: Record<string, unknown> = {}): ApiError {
  return new ApiError(status, code, message, { statusCode: status, ...details }, { errorCode: code });
}

export const fileTooLarge = (maxBytes: number): ApiError =>
  uploadError(413, 'FILE_TOO_LARGE', 'File too large (max 100MB)', { maxBytes });
export const unsupportedType = (details: Record<string, unknown>): ApiError =>
  uploadError(400, 'INVALID_FILE_TYPE', 'Unsupported file type', details);
export const videoCheckUnavailable = (): ApiError =>
  uploadError(
    503,
    'VIDEO_CHECK_UNAVAILABLE',
    'Uploads are unavailable: this server cannot check video files (ffprobe is missing). Please try again later.',
  );

/** busboy's own errors (plain Errors without a code) mean the body is not valid multipart/form-data. */
const MALFORMED_MULTIPART = /multipart|boundary|terminated early|unexpected end|malformed|needle|content-type/i;

export function mapUploadError(err: unknown, maxBytes: number): ApiError {
  if (err instanceof ApiError) return err;
  const e = typeof err === 'object' && err !== null ? (err as { code?: unknown; message?: unknown }) : {};
  switch (e.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return fileTooLarge(maxBytes);
    case 'FST_FILES_LIMIT':
      return uploadError(400, 'TOO_MANY_FILES', 'Only one file may be uploaded per request');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return uploadError(400, 'INVALID_INPUT', 'Expected a multipart/form-data body');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return uploadError(400, 'INVALID_INPUT', 'Too many form fields');
    case 'FST_MP_PREMATURE_CLOSE':
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return uploadError(400, 'INVALID_INPUT', 'Malformed multipart/form-data body');
    case 'ENOSPC':
    case 'EDQUOT':
      return uploadError(507, 'INSUFFICIENT_STORAGE', 'The server has run out of storage space for uploads');
    default:
      break;
  }
  if (e.code === undefined && typeof e.message === 'string' && MALFORMED_MULTIPART.test(e.message)) {
    return uploadError(400, 'INVALID_INPUT', 'Malformed multipart/form-data body');
  }
  return uploadError(500, 'UPLOAD_FAILED', 'Upload failed');
}

/** Probes the stored file; anything ffprobe cannot read, or that has no video stream, is not a clip. */
export async function probeVideo(ffprobe: string, file: string, filename: string, timeoutMs?: number): Promise<ProbeResult> {
  let probed: ProbeResult;
  try {
    probed = await probe(ffprobe, file, timeoutMs);
  } catch (err) {
    if (!(err instanceof RunError)) throw err;
    if (err.reason === 'unavailable') throw videoCheckUnavailable();
    if (err.reason === 'timeout') {
      throw uploadError(422, 'METADATA_EXTRACTION_FAILED', 'The video could not be read in time', { filename });
    }
    throw unsupportedType({ filename, reason: 'not a readable media file' });
  }
  if (!probed.video) throw unsupportedType({ filename, reason: 'no video stream' });
  return probed;
}

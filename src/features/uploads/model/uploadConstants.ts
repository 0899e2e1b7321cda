/** Upload limits (docs/product/part-1.md §5, §9). */
export const MAX_FILE_BYTES = 100 * 1024 * 1024;
export const ALLOWED_EXTENSIONS = ['.mp4', '.mov', '.m4v', '.mts', '.mxf'] as const;
export const ALLOWED_MIME_TYPES = [
  'video/mp4',
  'video/quicktime',
  'video/x-m4v',
  'video/mp2t',
  'video/mpeg2-ts',
  'application/mxf',
] as const;
export const UPLOAD_CONCURRENCY = 3;
export const UPLOAD_SESSION_MAX_AGE_MS = 24 * 60 * 60 * 1000;
export const UPLOAD_SESSION_MAX_IDLE_MS = 2 * 60 * 60 * 1000;
/** Waits before each automatic attempt after a lost connection; then the file is marked failed. */
export const NETWORK_RETRY_DELAYS_MS = [0, 1_000, 3_000, 5_000] as const;
export const METADATA_TIMEOUT_MS = 10_000;
/**
 * While files are sent, a picked file's copy into IndexedDB is made only when the rest of the queue will take
 * longer than this at the pace measured so far (uploadKeepPolicy.ts copyWhileSending), and the pace is judged
 * only after this long a sample.
 */
export const KEEP_WORTH_MS = 15_000;
export const KEEP_PACE_SAMPLE_MS = 1_000;
/**
 * A transfer no byte of which has moved for UPLOAD_STALL_MS (a connection gone half-open: the phone left the Wi-Fi
 * without noticing) is taken for a lost connection, and tried again as one; once the whole body is sent (or before
 * the browser's first report), the server's answer (its video check, the thumbnail) is waited for
 * UPLOAD_ANSWER_WAIT_MS. Checked every UPLOAD_STALL_CHECK_MS (uploadStallPolicy.ts; docs/decisions.md "Stalled
 * uploads").
 */
export const UPLOAD_STALL_MS = 60_000;
export const UPLOAD_ANSWER_WAIT_MS = 180_000;
export const UPLOAD_STALL_CHECK_MS = 5_000;
/** The transfers' progress reaches the store at most this often, all files in one action (uploadProgress.ts). */
export const PROGRESS_INTERVAL_MS = 500;
export const LEAVE_WARNING = 'You have uploads in progress. Are you sure you want to leave?';
export const EVENT_PROBLEM_MESSAGE =
  'Problem uploading with this event. Please choose a different event or upload without an event.';

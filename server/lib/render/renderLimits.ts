/**
 * What one render may take of the shared machine (docs/decisions.md "Fair use"). The highlight's own length is
 * capped in src/app/product.ts (MAX_HIGHLIGHT_SECONDS); these bound the worker's time and the disk.
 */

/**
 * The deadline ffmpeg is killed at: 2 minutes plus 20 s per second of output, and never more than this. A 10-minute
 * highlight renders in a few minutes here; a render past 20 minutes is stuck, not slow.
 */
export const RENDER_DEADLINE_CEILING_MS = 20 * 60_000;

export function renderTimeoutMs(totalSeconds: number): number {
  return Math.min(RENDER_DEADLINE_CEILING_MS, 120_000 + totalSeconds * 20_000);
}

/** A rendered second of 720p H.264 at CRF 23 is well under this (docs/rendering.md); the estimate errs high. */
const RENDER_BYTES_PER_SECOND = 1024 * 1024;
/** Room kept free beside a render for the rest of the server (uploads, the database). */
const RENDER_SPACE_MARGIN_BYTES = 200 * 1024 * 1024;

/** Free bytes a render of `seconds` needs before it starts: its output, its poster, and the margin. */
export function renderSpaceNeeded(seconds: number): number {
  return RENDER_SPACE_MARGIN_BYTES + Math.ceil(seconds) * RENDER_BYTES_PER_SECOND;
}

export const RENDER_NO_SPACE_MESSAGE = 'The server is out of storage space for new highlights. Please try again later.';

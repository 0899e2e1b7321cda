import { INVALID_RESPONSE, type ApiFailure } from '../../../api/apiErrors';
import { SERVER_UNREACHABLE } from '../../../api/listLoadErrors';
import type { ListErrorProps } from '../../../components/ListError';
import { formatDuration } from '../../../lib/duration';
import { formatClipTime } from '../../clips/public';
import type { Highlight } from '../../../domain/highlight';

/** docs/product/part-2.md §9: "Highlight duration estimate is 10 seconds per clip". */
export const SECONDS_PER_CLIP_ESTIMATE = 10;

/** How often the list and the viewer ask again while a highlight renders. */
export const PROCESSING_POLL_MS = 2_000;

/** docs/product/part-2.md §8 "Highlights". */
export const HIGHLIGHT_NOT_FOUND = 'Highlight not found or video unavailable';
export const LOADING_VIDEO = 'Loading video...';
export const VIDEO_UNAVAILABLE = 'Video unavailable or failed to load';

export const HIGHLIGHTS_PATH = '/highlights/view';
export const highlightPath = (id: string) => `/highlight/view/${encodeURIComponent(id)}`;

/** The estimate the list shows: 10 s a clip, as m:ss ("0:40" for four clips). */
export function estimatedDuration(clipCount: number): string {
  return formatDuration(Math.max(0, clipCount) * SECONDS_PER_CLIP_ESTIMATE);
}

/** The rendered length once known, else the estimate (prefixed '~', so it is not mistaken for the real one). */
export function durationLabel(highlight: Pick<Highlight, 'durationSeconds' | 'clipCount'>): string {
  return highlight.durationSeconds !== null
    ? formatDuration(highlight.durationSeconds)
    : `~${estimatedDuration(highlight.clipCount)}`;
}

export const highlightCountLabel = (count: number) => `${count} ${count === 1 ? 'highlight' : 'highlights'}`;

export const clipCountText = (count: number) => `${count} ${count === 1 ? 'clip' : 'clips'}`;

/** When it was made, on this device's clock. */
export const formatCreatedAt = (iso: string) => formatClipTime(iso, null);

/**
 * Where the render is, for people: 'Queued', 'Rendering 42 %', 'Finishing', or the reason it failed. Null for a
 * playable highlight.
 */
export function renderStageText(highlight: Pick<Highlight, 'status' | 'stage' | 'progress' | 'failureReason'>): string | null {
  if (highlight.status === 'ready') return null;
  if (highlight.status === 'failed') return `Rendering failed: ${highlight.failureReason?.trim() || 'unknown error'}`;
  switch (highlight.stage) {
    case 'rendering':
      return `Rendering ${Math.floor(highlight.progress)} %`;
    case 'finishing':
    case 'done':
      // Done but no URL yet: the answer is a moment behind; it is finishing as far as anyone can tell.
      return 'Finishing';
    default:
      return 'Queued';
  }
}

/** Poll only while something is still processing; a failed or ready highlight will not change by itself. */
export function pollingIntervalFor(highlights: ReadonlyArray<Pick<Highlight, 'status'>> | undefined): number {
  return highlights?.some((h) => h.status === 'processing') ? PROCESSING_POLL_MS : 0;
}

export const fetchHighlightsFailed = (detail: string) => `Failed to fetch highlights: ${detail}`;

/**
 * What the list shows when loading failed (docs/product/part-2.md §8 "Highlights": 'Failed to fetch highlights:
 * ...'): the cause after the colon — the server's own message, no connection, a malformed answer or the HTTP
 * status. 'Try again' where the server could not be reached, else 'Retry'. A 401 shows nothing (§6).
 */
export function highlightsLoadError(failure: ApiFailure): Omit<ListErrorProps, 'onRetry'> | null {
  if (failure.status === 401) return null;
  if (failure.status === 'network' || failure.status === 'timeout')
    return { message: fetchHighlightsFailed(SERVER_UNREACHABLE), retryLabel: 'Try again' };
  if (failure.status === 'invalid_response') return { message: fetchHighlightsFailed(INVALID_RESPONSE), retryLabel: 'Retry' };
  const cause = failure.serverMessage || (typeof failure.status === 'number' ? `HTTP ${failure.status}` : 'unknown error');
  return { message: fetchHighlightsFailed(cause), retryLabel: 'Retry' };
}

/**
 * A highlight that truly does not exist (or is not the user's, which the API answers the same way): 404, or the
 * API's 400 for an id that cannot be one (a mistyped address). Anything else may pass: it offers Retry.
 */
export function isHighlightNotFound(failure: ApiFailure): boolean {
  if (failure.status === 404) return true;
  const details = failure.details;
  return (
    failure.status === 400 &&
    failure.code === 'INVALID_INPUT' &&
    typeof details === 'object' &&
    details !== null &&
    Object.keys(details).some((key) => key.startsWith('params.'))
  );
}

/** docs/product/part-2.md §5 "Download needs a session token, else an alert". */
export const LOG_IN_TO_DOWNLOAD = 'Please log in to download highlights.';
/** docs/product/part-2.md §8 "Highlights": the download failure alert. */
export const DOWNLOAD_FAILED = 'Failed to download video. Please try again.';

/**
 * The §7 fallback when the download answer names no file: the title in lowercase, every character that is not a
 * letter or digit replaced by '_', plus '.mp4' ("Final – Goals!" → "final___goals_.mp4"); no title → 'highlight.mp4'.
 */
export function downloadFilename(title: string): string {
  const base = title.toLowerCase().replace(/[^a-z0-9]/g, '_');
  return `${base === '' ? 'highlight' : base}.mp4`;
}

/** The signed media URL was refused (expired, bad signature, revoked, missing file) before anything was saved. */
export class MediaUrlRefused extends Error {
  constructor(readonly mediaStatus: number) {
    super(`The media URL answered ${mediaStatus}`);
    this.name = 'MediaUrlRefused';
  }
}

/**
 * What a failed download shows (docs/product/part-2.md §6, §8): nothing when the API refused the session (401: the
 * session is refreshed or ends elsewhere, silently); otherwise, whatever failed — the download-url call refused or
 * unanswered, the signed URL refused, no connection — 'Failed to download video. Please try again.'
 */
export function downloadFailureMessage(error: unknown): string | null {
  if (error instanceof MediaUrlRefused) return DOWNLOAD_FAILED;
  const apiStatus = typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;
  return apiStatus === 401 ? null : DOWNLOAD_FAILED;
}

/** How the browser is asked to save a file from a URL; the viewer's tests replace it. */
export interface DownloadService {
  /**
   * Saves what `url` answers as `filename`, streamed to disk by the browser (no copy in memory). Rejects, having
   * saved nothing, when the URL is refused or cannot be reached.
   */
  saveFromUrl(url: string, filename: string): Promise<void>;
}

/**
 * Asks the signed URL for its first byte before the browser is handed it: a link with `download` that is refused
 * (403 expired or revoked) or cannot be reached fails in the browser's download list only, where the app cannot
 * see it. Redirects are not followed: with media on object storage the server's 302 to the bucket is its yes (the
 * bucket's origin is no part of the app's connect-src).
 */
async function checkMediaUrl(url: string): Promise<void> {
  const answer = await fetch(url, {
    headers: { Range: 'bytes=0-0' },
    redirect: 'manual',
    cache: 'no-store',
    credentials: 'same-origin',
  });
  void answer.body?.cancel().catch(() => undefined);
  const redirected = answer.type === 'opaqueredirect' || (answer.status >= 300 && answer.status < 400);
  if (!answer.ok && !redirected) throw new MediaUrlRefused(answer.status);
}

/**
 * The signed URL checked, then a link with `download` clicked: the URL answers `Content-Disposition: attachment`,
 * so the browser streams the file to disk itself, whatever its size (fetching it into a Blob first would hold the
 * whole video in memory). A connection lost once the browser's download has begun is reported (and resumable) in
 * the browser's own download list.
 */
export const browserDownloadService: DownloadService = {
  async saveFromUrl(url, filename) {
    await checkMediaUrl(new URL(url, window.location.href).href);
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    link.rel = 'noopener';
    link.style.display = 'none';
    document.body.append(link);
    link.click();
    link.remove();
  },
};

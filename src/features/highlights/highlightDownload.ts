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

/** How the browser is asked to save a file from a URL; the viewer's tests replace it. */
export interface DownloadService {
  /** Saves what `url` answers as `filename`, streamed to disk by the browser (no copy in memory). */
  saveFromUrl(url: string, filename: string): void;
}

/**
 * A link with `download` clicked: the signed URL answers `Content-Disposition: attachment`, so the browser streams
 * the file to disk itself, whatever its size (fetching it into a Blob first would hold the whole video in memory).
 */
export const browserDownloadService: DownloadService = {
  saveFromUrl(url, filename) {
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

import { useCallback, useState } from 'react';
import { useAppSelector } from '../../../app/hooks';
import { selectSessionStatus } from '../../session/public';
import {
  browserDownloadService,
  downloadFailureMessage,
  downloadFilename,
  LOG_IN_TO_DOWNLOAD,
  type DownloadService,
} from '../model/highlightDownload';
import { useLazyGetHighlightDownloadUrlQuery } from '../api/highlightsApi';
import type { Highlight } from '../../../domain/highlight';

export interface HighlightDownload {
  download: () => Promise<void>;
  busy: boolean;
  /** The alert to show: no session, or the download failed. */
  message: string | null;
  dismiss: () => void;
}

/**
 * Download (docs/product/part-2.md §5, §7 note, §8): needs a session ('Please log in to download highlights.'
 * otherwise); asks for a fresh signed download URL, then hands it to the browser, which streams the file to disk
 * under the server's filename (or the title's, §7) once the signed URL answers. Any failure — the download-url call,
 * the signed URL refused, no connection: 'Failed to download video. Please try again.'; a 401 shows nothing (§6).
 * `service` is the browser's save (the tests replace it).
 */
export function useHighlightDownload(
  highlight: Pick<Highlight, 'id' | 'title'> | null,
  service: DownloadService = browserDownloadService,
): HighlightDownload {
  // Signed in means the session holds a token (the session feature keeps the token itself to the API layer).
  const signedIn = useAppSelector(selectSessionStatus) === 'signedIn';
  const [fetchLink] = useLazyGetHighlightDownloadUrlQuery();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const download = useCallback(async () => {
    if (!highlight) return;
    if (!signedIn) {
      setMessage(LOG_IN_TO_DOWNLOAD);
      return;
    }
    setMessage(null);
    setBusy(true);
    try {
      // Never a cached answer: the signature is short-lived.
      const link = await fetchLink(highlight.id, false).unwrap();
      await service.saveFromUrl(link.downloadUrl, link.filename ?? downloadFilename(highlight.title));
    } catch (error) {
      setMessage(downloadFailureMessage(error));
    } finally {
      setBusy(false);
    }
  }, [fetchLink, highlight, service, signedIn]);

  return { download, busy, message, dismiss: useCallback(() => setMessage(null), []) };
}

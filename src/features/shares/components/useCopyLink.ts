import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { ShareSheetContext } from '../model/shareSheet';

/** How long a Copy button says 'Copied'. */
export const COPIED_MS = 2_000;

export interface CopyLink {
  /** Copies `url`; `key` names the button that asked (one of several links), `from` is that button. */
  copy: (key: string, url: string, from?: HTMLElement | null) => Promise<void>;
  /** The button that copied within the last 2 s. */
  copiedKey: string | null;
  /** The button whose copy the browser refused (until the next try). */
  failedKey: string | null;
}

/** Copy with its feedback: 'Copied' for 2 s on the button that copied, or which one failed. */
export function useCopyLink(): CopyLink {
  const sheet = useContext(ShareSheetContext);
  const [copiedKey, setCopiedKey] = useState<string | null>(null);
  const [failedKey, setFailedKey] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(
    async (key: string, url: string, from?: HTMLElement | null) => {
      const copied = await sheet.copy(url, from);
      clearTimeout(timer.current);
      setCopiedKey(copied ? key : null);
      setFailedKey(copied ? null : key);
      if (copied) timer.current = setTimeout(() => setCopiedKey(null), COPIED_MS);
    },
    [sheet],
  );

  return { copy, copiedKey, failedKey };
}

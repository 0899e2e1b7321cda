import { useEffect, useRef } from 'react';
import { isNearBottom } from '../model/highlightCreationModel';

/** §4 "Clip list paging": scroll paging is debounced 150 ms. */
export const SCROLL_PAGING_DEBOUNCE_MS = 150;
export const SCROLLING_ERROR = 'Error during scrolling. Please refresh the page.';

/** Rows of cards carry this attribute: their height is the paging distance. */
export const CARD_ROW_ATTRIBUTE = 'data-card-row';
const FALLBACK_ROW_HEIGHT = 240;

function rowHeight(): number {
  const row = document.querySelector(`[${CARD_ROW_ATTRIBUTE}]`);
  const height = row?.getBoundingClientRect().height ?? 0;
  return height > 0 ? height : FALLBACK_ROW_HEIGHT;
}

/**
 * Calls `onReach` when the user has scrolled to within one clip row's height of the bottom, 150 ms after the last
 * scroll event, while `enabled`. The same check also runs 150 ms after `enabled` or `rowCount` changes, so a page of
 * clips too short to fill the window (a tall screen, five columns) still leads to the next one without any scrolling.
 * A failure while measuring is reported through `onError` ('Error during scrolling. Please refresh the page.').
 */
export function useNearBottomPaging({
  enabled,
  rowCount,
  onReach,
  onError,
}: {
  enabled: boolean;
  /** The list's rows: a change (more clips shown) may leave the bottom still in view. */
  rowCount: number;
  onReach: () => void;
  onError: (message: string) => void;
}): void {
  const latest = useRef({ enabled, onReach, onError });
  useEffect(() => {
    latest.current = { enabled, onReach, onError };
  });
  const schedule = useRef<() => void>(() => {});
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      timer = undefined;
      try {
        if (!latest.current.enabled) return;
        const position = {
          scrollTop: window.scrollY,
          viewportHeight: window.innerHeight,
          documentHeight: document.documentElement.scrollHeight,
        };
        if (isNearBottom(position, rowHeight())) latest.current.onReach();
      } catch {
        latest.current.onError(SCROLLING_ERROR);
      }
    };
    const debounced = () => {
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(check, SCROLL_PAGING_DEBOUNCE_MS);
    };
    schedule.current = debounced;
    window.addEventListener('scroll', debounced, { passive: true });
    return () => {
      schedule.current = () => {};
      window.removeEventListener('scroll', debounced);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);
  // Declared after the listener's effect, so on mount it runs once that effect has set `schedule`.
  useEffect(() => {
    if (enabled) schedule.current();
  }, [enabled, rowCount]);
}

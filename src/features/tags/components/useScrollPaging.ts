import { useEffect, useRef } from 'react';

/** docs/product/part-2.md §4 "Tag infinite scroll triggers at about 67% of the page". */
export const SCROLL_PAGING_SHARE = 0.67;

export interface ScrollPosition {
  /** Pixels scrolled from the top. */
  scrollTop: number;
  /** The viewport's height. */
  viewportHeight: number;
  /** The document's full height. */
  documentHeight: number;
}

/** Whether the bottom of the viewport has passed `share` of the document's height. */
export function isPastShare({ scrollTop, viewportHeight, documentHeight }: ScrollPosition, share = SCROLL_PAGING_SHARE): boolean {
  if (documentHeight <= 0) return false;
  return (scrollTop + viewportHeight) / documentHeight >= share;
}

function windowPosition(): ScrollPosition {
  const root = document.documentElement;
  return { scrollTop: window.scrollY, viewportHeight: window.innerHeight, documentHeight: root.scrollHeight };
}

/**
 * Calls `onReach` when the user scrolls past about 67 % of the page while `enabled` (more to load, nothing
 * loading, no paging error). It reacts to the user's scrolling only (a passive listener: the page keeps scrolling
 * smoothly), not to the list growing, so one scroll asks for one page; a page too short to scroll has its
 * 'Load More' button instead.
 */
export function useScrollPaging({ enabled, onReach }: { enabled: boolean; onReach: () => void }): void {
  // The listener reads the latest values without being re-added on every render.
  const latest = useRef({ enabled, onReach });
  useEffect(() => {
    latest.current = { enabled, onReach };
  });
  useEffect(() => {
    const onScroll = () => {
      if (!latest.current.enabled || !isPastShare(windowPosition())) return;
      // Once per page: the next scroll events may come before the screen re-renders with the page loading.
      latest.current = { ...latest.current, enabled: false };
      latest.current.onReach();
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
}

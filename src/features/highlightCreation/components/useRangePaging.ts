import { useCallback, useEffect, useRef } from 'react';
import { SCROLL_PAGING_DEBOUNCE_MS } from './useNearBottomPaging';

/** The rows a virtualized list has rendered (react-virtuoso's `rangeChanged`): those on screen and just around it. */
export interface RenderedRange {
  startIndex: number;
  endIndex: number;
}

/**
 * Calls `onReach` once the list has rendered row `reachIndex` or a later one, 150 ms after the range last changed
 * (the clips' scroll paging debounce, §4), while `enabled`. Returns the list's `rangeChanged` handler. The check
 * runs again when `enabled` or `reachIndex` changes, so a page that arrived while the user stayed at its end leads
 * to the next one without scrolling.
 */
export function useRangePaging({
  enabled,
  reachIndex,
  onReach,
}: {
  enabled: boolean;
  reachIndex: number;
  onReach: () => void;
}): (range: RenderedRange) => void {
  const latest = useRef({ enabled, reachIndex, onReach });
  useEffect(() => {
    latest.current = { enabled, reachIndex, onReach };
  });
  const lastEnd = useRef<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const schedule = useCallback(() => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = undefined;
      const { enabled: on, reachIndex: at, onReach: reach } = latest.current;
      if (on && lastEnd.current !== null && lastEnd.current >= at) reach();
    }, SCROLL_PAGING_DEBOUNCE_MS);
  }, []);

  useEffect(
    () => () => {
      if (timer.current !== undefined) clearTimeout(timer.current);
    },
    [],
  );
  useEffect(() => {
    if (enabled) schedule();
  }, [enabled, reachIndex, schedule]);

  return useCallback(
    (range: RenderedRange) => {
      lastEnd.current = range.endIndex;
      if (latest.current.enabled) schedule();
    },
    [schedule],
  );
}

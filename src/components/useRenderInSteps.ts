import { useEffect, useState } from 'react';
import { yieldToMain } from '../lib/yieldToMain';

/** About a phone's first screenful of list rows; the rest follow this many per task. */
export const FIRST_STEP = 8;
export const NEXT_STEP = 8;

/**
 * The first `first` items at once, then `next` more per task until all are there (docs/performance.md "Data
 * screens"). The browser's runtime renders a whole tree in one task, and a page of 25 rows of MUI components
 * is a long one on a slow phone: a tap would wait for rows below the fold. Items already shown stay shown
 * when the list grows (the next page) and are cut to the new length when it shrinks.
 */
export function useRenderInSteps<T>(items: readonly T[], first = FIRST_STEP, next = NEXT_STEP): readonly T[] {
  const [count, setCount] = useState(first);
  const total = items.length;
  useEffect(() => {
    if (count >= total) return undefined;
    let current = true;
    void yieldToMain().then(() => {
      if (current) setCount((n) => n + next);
    });
    return () => {
      current = false;
    };
  }, [count, total, next]);
  return count >= total ? items : items.slice(0, count);
}

import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while React takes over prerendered markup (and in the build's prerender itself), true from then on and
 * in every render that is not a hydration: React's own way to render one thing for the markup and another once
 * the page is live, without a mismatch. The prerendered login page (docs/performance.md) keeps its controls
 * disabled until then, so a tap before the app has started is not silently lost.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

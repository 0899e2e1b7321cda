import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';

interface Entry {
  failed: boolean;
  renew(): void;
}

/** Every lazily loaded screen, so 'Try Again' can give the failed ones a fresh start. */
const entries = new Set<Entry>();

/**
 * React.lazy remembers a failed import for good, so after a dropped connection a screen would fail
 * forever. A screen made with this loads again once `retryFailedImports()` is called (the error
 * fallback's Try Again); webpack itself fetches a chunk again after a failed load.
 */
export function retryableLazy<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  let current: LazyExoticComponent<ComponentType<P>>;
  const entry: Entry = {
    failed: false,
    renew() {
      entry.failed = false;
      current = lazy(() =>
        load().catch((error: unknown) => {
          entry.failed = true;
          throw error;
        }),
      );
    },
  };
  entry.renew();
  entries.add(entry);
  return function RetryableLazy(props: P) {
    return createElement(current, props);
  };
}

export function retryFailedImports(): void {
  entries.forEach((e) => {
    if (e.failed) e.renew();
  });
}

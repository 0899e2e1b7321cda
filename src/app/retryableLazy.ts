import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';

interface Entry {
  failed: boolean;
  renew(): void;
}

/** Every lazily loaded screen, so 'Try Again' can give the failed ones a fresh start. */
const entries = new Set<Entry>();

/** A lazily loaded component whose code can be asked for before it renders. */
export type PreloadableComponent<P extends object = object> = ComponentType<P> & {
  /**
   * Starts loading the component's chunk (webpack loads each chunk once); settles once it is here, and never
   * rejects: a failure is left to its render.
   */
  preload(): Promise<void>;
};

/**
 * React.lazy remembers a failed import for good, so after a dropped connection a screen would fail
 * forever. A screen made with this loads again once `retryFailedImports()` is called (the error
 * fallback's Try Again); webpack itself fetches a chunk again after a failed load.
 */
export function retryableLazy<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): PreloadableComponent<P> {
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
  function RetryableLazy(props: P) {
    return createElement(current, props);
  }
  return Object.assign(RetryableLazy, {
    preload: () =>
      load().then(
        () => undefined,
        () => undefined,
      ),
  });
}

export function retryFailedImports(): void {
  entries.forEach((e) => {
    if (e.failed) e.renew();
  });
}

import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * React.lazy remembers a failed import for good, so 'Try Again' after a dropped connection would
 * fail forever. This wrapper starts a fresh import on the next render after a failure (webpack
 * itself retries a chunk whose load failed).
 */
export function retryableLazy<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  let failed = false;
  const attempt = () =>
    load().catch((error: unknown) => {
      failed = true;
      throw error;
    });
  let current: LazyExoticComponent<ComponentType<P>> = lazy(attempt);
  function RetryableLazy(props: P) {
    if (failed) {
      failed = false;
      current = lazy(attempt);
    }
    return createElement(current, props);
  }
  return RetryableLazy;
}

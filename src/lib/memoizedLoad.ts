/**
 * A lazily imported module's loader that imports once: later calls get the same promise, so a caller on a hot
 * path (a token refresh, a sign-in) waits for no chunk load, not even an already-loaded one's. A failed load is
 * forgotten, so the next call tries again.
 */
export function memoizedLoad<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}

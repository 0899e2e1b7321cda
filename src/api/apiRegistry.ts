import type { api as AppApiSlice } from './apiSlice';

/*
 * RTK Query and the API slice are not part of the start's files (docs/performance.md "Initial JS"): nothing on a
 * page needs them before its first paint, and they are 16 KB gzip. apiSlice.ts registers the slice here as it is
 * evaluated (loadApi.ts loads it); the store takes it in at that moment (`whenApiLoaded` in store.ts), before any
 * endpoint can be dispatched, since every caller reaches an endpoint by importing the module that defines it.
 */
export type AppApi = typeof AppApiSlice;

let loaded: AppApi | null = null;
const waiting = new Set<(api: AppApi) => void>();

/** Called once, by apiSlice.ts, as it is evaluated. */
export function registerApi(api: AppApi): void {
  loaded = api;
  for (const takeIn of waiting) takeIn(api);
  waiting.clear();
}

/** Runs `takeIn` with the API slice as soon as its code has loaded: at once if it has. */
export function whenApiLoaded(takeIn: (api: AppApi) => void): void {
  if (loaded) takeIn(loaded);
  else waiting.add(takeIn);
}

/** The API slice if its code has loaded; before that nothing was fetched and nothing is cached. */
export function loadedApi(): AppApi | null {
  return loaded;
}

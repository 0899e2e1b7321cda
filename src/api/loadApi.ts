import type { AppApi } from './apiRegistry';

/** Loads the API slice's code (a file of its own: apiRegistry.ts says why), which registers it as it runs. */
export function loadApi(): Promise<AppApi> {
  return import(/* webpackChunkName: "api" */ './apiSlice').then((module) => module.api);
}

import { memoizedLoad } from '../../lib/memoizedLoad';
import type { errorsApi } from './errorsApi';

export type ErrorsApi = typeof errorsApi;

/** The error report's call, with the API's code (api/apiRegistry.ts), which the start's files do not hold. */
export const loadErrorsApi = memoizedLoad((): Promise<ErrorsApi> =>
  import(/* webpackChunkName: "api" */ './errorsApi').then((module) => module.errorsApi),
);

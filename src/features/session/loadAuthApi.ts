import { memoizedLoad } from '../../lib/memoizedLoad';
import type { authApi } from './authApi';

export type AuthApi = typeof authApi;

/**
 * The auth calls with the API's code (api/apiRegistry.ts): the start's files hold neither, and the session engine
 * needs them only to sign in, refresh and sign out. Same chunk as the API slice.
 */
export const loadAuthApi = memoizedLoad((): Promise<AuthApi> =>
  import(/* webpackChunkName: "api" */ './authApi').then((module) => module.authApi),
);

import { combineSlices, type WithSlice } from '@reduxjs/toolkit';
import type { AppApi } from '../api/apiRegistry';
import { loginReducer } from '../features/login/loginSlice';
import { sessionReducer } from '../features/session/sessionSlice';
import { shellReducer } from '../features/shell/shellSlice';

/**
 * Slices that load with a screen's chunk and join the store there (`slice.injectInto(rootReducer)`), so
 * their code is not part of every page's initial JS. Each one adds itself here by declaration merging:
 * `declare module '../../app/rootReducer' { interface LazyLoadedSlices extends WithSlice<typeof slice> {} }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by declaration merging
export interface LazyLoadedSlices {}

/**
 * The store's reducer: the slices every page needs, and room for the lazily loaded ones — the API slice among them,
 * which joins as its code loads (api/apiRegistry.ts, store.ts).
 */
export const rootReducer = combineSlices({
  session: sessionReducer,
  login: loginReducer,
  shell: shellReducer,
}).withLazyLoadedSlices<LazyLoadedSlices & WithSlice<AppApi>>();

/**
 * The API slice's state counts as always there: it is missing only before the API's code has loaded, when nothing
 * that reads it can run yet (reading it means importing the API, which joins the store as it loads).
 */
export type RootState = ReturnType<typeof rootReducer> & {
  [K in AppApi['reducerPath']]: ReturnType<AppApi['reducer']>;
};

import { combineSlices } from '@reduxjs/toolkit';
import { api } from '../api/apiSlice';
import { loginReducer } from '../features/login/model/loginSlice';
import { sessionReducer } from '../features/session/model/sessionSlice';
import { shellReducer } from '../features/shell/model/shellSlice';

/**
 * Slices that load with a screen's chunk and join the store there (`slice.injectInto(rootReducer)`, Redux Toolkit's
 * way of splitting reducers with the code that uses them). Each one adds itself here by declaration merging:
 * `declare module '../../app/rootReducer' { interface LazyLoadedSlices extends WithSlice<typeof slice> {} }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by declaration merging
export interface LazyLoadedSlices {}

/** The store's reducer: the slices every page needs, the API's, and room for the screens' own. */
export const rootReducer = combineSlices(api, {
  session: sessionReducer,
  login: loginReducer,
  shell: shellReducer,
}).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

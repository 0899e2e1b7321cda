import type { SessionBridge } from '../../api/baseQuery';
import type { RootState } from '../../app/rootReducer';
import { serverNow } from './clockSkew';
import { memoizedLoad } from '../../lib/memoizedLoad';
import { logoutRequested } from './sessionSlice';
import { checkToken } from './token';

/**
 * The refresh, and what it brings (the cross-tab lock, redux-saga's channels), is not part of the start's files:
 * the sagas' file has it, and the API's first refresh loads it if that file has not arrived yet.
 */
const loadRefresh = memoizedLoad(() => import('./refreshSession'));

/** The session as the API layer sees it (installed into AppServices by createAppStore). */
export const sessionBridge: SessionBridge = {
  readAuth: (state) => {
    const { token, status } = (state as RootState).session;
    return { token, status };
  },
  tokenStatus: (state, services) => {
    const { token, clockOffsetMs } = (state as RootState).session;
    if (!token) return 'none';
    return checkToken(token, serverNow(services.clock.now(), clockOffsetMs)).status;
  },
  refresh: (store, services) => loadRefresh().then(({ refreshSession }) => refreshSession(store, services)),
  forceLogout: (reason) => logoutRequested({ reason }),
};

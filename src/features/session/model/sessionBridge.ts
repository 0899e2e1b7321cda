import type { SessionBridge } from '../../../api/baseQuery';
import type { RootState } from '../../../app/rootReducer';
import { serverNow } from './clockSkew';
import { refreshSession } from './refreshSession';
import { logoutRequested } from './sessionSlice';
import { checkToken } from './token';

/** The session as the API layer sees it (installed into AppServices by the store). */
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
  refresh: (store, services) => refreshSession(store, services),
  forceLogout: (reason) => logoutRequested({ reason }),
};

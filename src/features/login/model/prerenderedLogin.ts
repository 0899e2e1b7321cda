import type { RootState } from '../../../app/rootReducer';
import { selectLogoutExplanation, selectSessionStatus } from '../../session/public';
import { selectLoginError, selectLoginPhase } from './loginSlice';

/** The path whose page the build prerenders (dist/login.html; docs/performance.md). */
export const PRERENDERED_LOGIN_PATH = '/login';

/**
 * Whether the browser may hydrate the prerendered login page: the address is that page's (no sign-in callback
 * in the query) and the first render shows what the build rendered, a signed-out visitor's plain login screen,
 * not a redirect, a forced-out notice, an error or a sign-in in progress. Otherwise the app renders afresh over
 * the markup (hydrating a different tree would only throw it away with a recoverable error).
 */
export function canHydrateLoginPage(state: RootState, location: { pathname: string; search: string }): boolean {
  return (
    location.pathname === PRERENDERED_LOGIN_PATH &&
    location.search === '' &&
    selectSessionStatus(state) !== 'signedIn' &&
    !selectLogoutExplanation(state) &&
    selectLoginPhase(state) === 'idle' &&
    selectLoginError(state) === null
  );
}

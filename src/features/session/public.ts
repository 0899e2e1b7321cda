/**
 * The session as other features see it: the one module they may import from this feature (lint:
 * import-x/no-restricted-paths). Keep it to what they use; everything else here is internal.
 */

// The user and the session's state, for screens and sagas.
export type { User, AuthResponse } from './model/authRecord';
export type { LogoutReason } from './model/logoutReasons';
export {
  selectCurrentUser,
  selectIsAdmin,
  selectLogoutExplanation,
  selectSessionStatus,
  selectSessionWarning,
  selectSignedInUserId,
  selectUserDisplay,
  type WarningSeverity,
} from './model/selectors';

// Events other features dispatch or react to; the initial state for their tests' stores.
export {
  activityRecorded,
  initialSessionState,
  logoutReasonDismissed,
  logoutRequested,
  sessionAbsent,
  sessionStarted,
  signedOut,
  staySignedInRequested,
  tokenRefreshed,
} from './model/sessionSlice';

// Sign-in (features/login): the auth calls, and starting or dropping a session.
export { authApi } from './api/authApi';
export { retryFailedLogout } from './model/logoutFlow';
export { completeSignIn, discardStoredSession, endSessionAfterProviderLogout, type SignInOutcome } from './model/signIn';

// The server's clock as the session measured it (device clock + offset), for rules the API judges on its "now".
export { serverNow } from './model/clockSkew';
export { selectClockOffsetMs } from './model/selectors';

// Page wake-ups (tab shown, focus, online, back/forward cache), for other features' wall-clock deadlines.
export { pageLifecycleChannel, type PageLifecycleEvent } from './model/browserEvents';

// The refresh, for transports outside RTK Query (features/uploads).
export type { StoreLike } from './model/refreshSession';

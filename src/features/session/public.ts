/**
 * The session as other features see it: the one module they may import from this feature (lint:
 * import-x/no-restricted-paths). Keep it to what they use; everything else here is internal.
 */

// The user and the session's state, for screens and sagas.
export type { User, AuthResponse } from './authRecord';
export type { LogoutReason } from './logoutReasons';
export {
  selectCurrentUser,
  selectIsAdmin,
  selectLogoutExplanation,
  selectSessionStatus,
  selectSessionWarning,
  selectSignedInUserId,
  selectUserDisplay,
  type WarningSeverity,
} from './selectors';

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
} from './sessionSlice';

// Sign-in (features/login): the auth calls, and starting or dropping a session.
export { authApi } from './authApi';
export { retryFailedLogout } from './logoutFlow';
export { completeSignIn, discardStoredSession, endSessionAfterProviderLogout, type SignInOutcome } from './signIn';

// The server's clock as the session measured it (device clock + offset), for rules the API judges on its "now".
export { serverNow } from './clockSkew';
export { selectClockOffsetMs } from './selectors';

// Page wake-ups (tab shown, focus, online, back/forward cache), for other features' wall-clock deadlines.
export { pageLifecycleChannel, type PageLifecycleEvent } from './browserEvents';

// The refresh, for transports outside RTK Query (features/uploads).
export type { StoreLike } from './refreshSession';

import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../../app/rootReducer';
import { ADMIN_ROLE, displayName } from './authRecord';
import { CRITICAL_THRESHOLD_MS, WARNING_THRESHOLD_MS } from './constants';
import { explainLogout } from './logoutReasons';

export const selectSession = (state: RootState) => state.session;
export const selectSessionStatus = (state: RootState) => state.session.status;
export const selectCurrentUser = (state: RootState) => state.session.user;

/** The signed-in user's id; null while loading or signed out (whose uploads run, whose data is kept). */
export const selectSignedInUserId = (state: RootState) =>
  state.session.status === 'signedIn' ? (state.session.user?.id ?? null) : null;
/** Only the API layer and session sagas read the token. */
export const selectToken = (state: RootState) => state.session.token;
export const selectClockOffsetMs = (state: RootState) => state.session.clockOffsetMs;
export const selectLogoutReason = (state: RootState) => state.session.logoutReason;
/** Words for the last forced sign-out (null after a user's own Log out); a stable object per reason. */
export const selectLogoutExplanation = (state: RootState) => explainLogout(state.session.logoutReason);
export const selectPersistAcrossRestarts = (state: RootState) => state.session.persistAcrossRestarts;

export const selectIsAdmin = (state: RootState) => state.session.user?.roles.includes(ADMIN_ROLE) ?? false;

export const selectUserDisplay = createSelector([selectCurrentUser], (user) => ({
  name: displayName(user?.email),
  email: user?.email ?? '',
  initial: displayName(user?.email).charAt(0).toUpperCase(),
}));

export type WarningSeverity = 'critical' | 'warning' | 'info';

/** Severity of the session warning (docs/product/part-1.md §4): critical < 2 min, warning < 5 min, else info. */
export function warningSeverity(remainingMs: number): WarningSeverity {
  if (remainingMs < CRITICAL_THRESHOLD_MS) return 'critical';
  if (remainingMs < WARNING_THRESHOLD_MS) return 'warning';
  return 'info';
}

/** 'Session expires in N minute(s)' / 'N second(s)' / 'Session expired' (docs/product/part-1.md §4). */
export function warningText(remainingMs: number): string {
  if (remainingMs <= 0) return 'Session expired';
  if (remainingMs >= 60_000) {
    const minutes = Math.ceil(remainingMs / 60_000);
    return `Session expires in ${minutes} minute${minutes === 1 ? '' : 's'}`;
  }
  const seconds = Math.ceil(remainingMs / 1000);
  return `Session expires in ${seconds} second${seconds === 1 ? '' : 's'}`;
}

export const selectSessionWarning = createSelector([(s: RootState) => s.session.warning], (warning) =>
  warning
    ? { severity: warningSeverity(warning.remainingMs), text: warningText(warning.remainingMs), cause: warning.cause }
    : null,
);

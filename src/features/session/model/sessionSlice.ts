import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AuthRecord, User } from './authRecord';
import type { LogoutReason } from './logoutReasons';

export type SessionStatus = 'loading' | 'signedOut' | 'signedIn';

/** What the session warning counts down to. */
export type WarningCause = 'inactivity' | 'expiry';

export interface SessionWarning {
  remainingMs: number;
  cause: WarningCause;
}

export interface SessionState {
  status: SessionStatus;
  user: User | null;
  /** Redacted in Redux DevTools (app/devtools.ts). */
  token: string | null;
  lastActivity: number | null;
  lastRefresh: number | null;
  persistAcrossRestarts: boolean;
  clockOffsetMs: number;
  logoutReason: LogoutReason | null;
  warning: SessionWarning | null;
}

export const initialSessionState: SessionState = {
  status: 'loading',
  user: null,
  token: null,
  lastActivity: null,
  lastRefresh: null,
  persistAcrossRestarts: false,
  clockOffsetMs: 0,
  logoutReason: null,
  warning: null,
};

export type SessionSource = 'login' | 'tab' | 'persistent' | 'legacy' | 'otherTab';

function adopt(state: SessionState, record: AuthRecord): void {
  state.status = 'signedIn';
  state.user = record.user;
  state.token = record.token;
  state.lastActivity = record.lastActivity;
  state.lastRefresh = record.lastRefresh;
  state.persistAcrossRestarts = record.persistAcrossRestarts;
  state.clockOffsetMs = record.clockOffsetMs;
  state.logoutReason = null;
  state.warning = null;
}

const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    /** A session was established: by sign-in, restore from storage, or another tab. */
    sessionStarted(state, action: PayloadAction<{ record: AuthRecord; source: SessionSource }>) {
      adopt(state, action.payload.record);
    },
    /** Start-up found no usable session; `reason` says why a stored one was refused. */
    sessionAbsent(state, action: PayloadAction<{ reason: LogoutReason | null }>) {
      Object.assign(state, initialSessionState, { status: 'signedOut', logoutReason: action.payload.reason });
    },
    tokenRefreshed(
      state,
      action: PayloadAction<{ token: string; user: User; at: number; clockOffsetMs: number; fromOtherTab?: boolean }>,
    ) {
      if (state.status !== 'signedIn') return;
      state.token = action.payload.token;
      state.user = action.payload.user;
      state.lastRefresh = action.payload.at;
      state.clockOffsetMs = action.payload.clockOffsetMs;
      if (state.warning?.cause === 'expiry') state.warning = null;
    },
    activityRecorded(state, action: PayloadAction<{ at: number; fromOtherTab?: boolean }>) {
      if (state.status !== 'signedIn') return;
      state.lastActivity = Math.max(state.lastActivity ?? 0, action.payload.at);
      if (state.warning?.cause === 'inactivity') state.warning = null;
    },
    sessionWarningChanged(state, action: PayloadAction<SessionWarning | null>) {
      state.warning = state.status === 'signedIn' ? action.payload : null;
    },
    /** The user chose 'Stay signed in' on the session warning. */
    staySignedInRequested() {},
    /** Anything that must end the session asks for it here; the session saga carries it out once. */
    logoutRequested(_state, _action: PayloadAction<{ reason: LogoutReason; fromOtherTab?: boolean }>) {},
    /** Local state cleared; storage and the server logout follow in the saga. */
    signedOut(state, action: PayloadAction<{ reason: LogoutReason }>) {
      Object.assign(state, initialSessionState, {
        status: 'signedOut',
        logoutReason: action.payload.reason === 'user_logout' ? null : action.payload.reason,
      });
    },
    logoutReasonDismissed(state) {
      state.logoutReason = null;
    },
  },
});

export const {
  sessionStarted,
  sessionAbsent,
  tokenRefreshed,
  activityRecorded,
  sessionWarningChanged,
  staySignedInRequested,
  logoutRequested,
  signedOut,
  logoutReasonDismissed,
} = sessionSlice.actions;

export const sessionReducer = sessionSlice.reducer;

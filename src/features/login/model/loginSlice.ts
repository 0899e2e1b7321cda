import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RootState } from '../../../app/rootReducer';

/** Login states (docs/product/part-1.md §4 Login, §4 Silent recovery). */
export type LoginPhase = 'idle' | 'redirecting' | 'completing' | 'recovering';

export interface LoginError {
  message: string;
  hint: string | null;
}

export interface LoginState {
  phase: LoginPhase;
  error: LoginError | null;
}

const initialState: LoginState = { phase: 'idle', error: null };

const loginSlice = createSlice({
  name: 'login',
  initialState,
  reducers: {
    loginStarted(state, _action: PayloadAction<{ keepSignedIn: boolean }>) {
      state.phase = 'redirecting';
      state.error = null;
    },
    /** The login page was opened; its query string may carry a provider callback or logout markers. */
    loginPageOpened(_state, _action: PayloadAction<{ search: string }>) {},
    loginCompleting(state) {
      state.phase = 'completing';
      state.error = null;
    },
    loginRecovering(state) {
      state.phase = 'recovering';
      state.error = null;
    },
    loginSucceeded(state) {
      state.phase = 'idle';
      state.error = null;
    },
    loginFailed(state, action: PayloadAction<LoginError>) {
      state.phase = 'idle';
      state.error = action.payload;
    },
    loginErrorDismissed(state) {
      state.error = null;
    },
  },
});

export const {
  loginStarted,
  loginPageOpened,
  loginCompleting,
  loginRecovering,
  loginSucceeded,
  loginFailed,
  loginErrorDismissed,
} = loginSlice.actions;
export const loginReducer = loginSlice.reducer;

export const selectLoginPhase = (state: RootState) => state.login.phase;
export const selectLoginError = (state: RootState) => state.login.error;

import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RootState } from '../../../app/rootReducer';

export interface ShellState {
  /** Desktop sidebar expanded (16 rem) or collapsed (3 rem). */
  sidebarOpen: boolean;
  /** Mobile slide-out panel shown. */
  mobileMenuOpen: boolean;
}

const initialState: ShellState = { sidebarOpen: true, mobileMenuOpen: false };

const shellSlice = createSlice({
  name: 'shell',
  initialState,
  reducers: {
    sidebarStateLoaded(state, action: PayloadAction<boolean>) {
      state.sidebarOpen = action.payload;
    },
    /** Ctrl/Cmd+B or the toggle button: the sidebar on desktop, the panel on mobile. */
    sidebarToggled(state, action: PayloadAction<{ mobile: boolean }>) {
      if (action.payload.mobile) state.mobileMenuOpen = !state.mobileMenuOpen;
      else state.sidebarOpen = !state.sidebarOpen;
    },
    mobileMenuOpened(state) {
      state.mobileMenuOpen = true;
    },
    mobileMenuClosed(state) {
      state.mobileMenuOpen = false;
    },
  },
});

export const { sidebarStateLoaded, sidebarToggled, mobileMenuOpened, mobileMenuClosed } = shellSlice.actions;
export const shellReducer = shellSlice.reducer;

export const selectSidebarOpen = (state: RootState) => state.shell.sidebarOpen;
export const selectMobileMenuOpen = (state: RootState) => state.shell.mobileMenuOpen;

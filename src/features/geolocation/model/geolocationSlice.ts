import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../../app/rootReducer';
import { signedOut } from '../../session/public';
import { GEOLOCATION_MESSAGES, type LocationFailure } from './geolocationMessages';
import type { RememberedPermission } from './locationCache';

export type LocationStatus = 'unknown' | 'requesting' | 'enabled' | 'error' | 'denied' | 'unsupported';

export interface DeviceLocation {
  latitude: number;
  longitude: number;
  /** Metres; null for a location read from the cache, which does not keep it. */
  accuracy: number | null;
  /** When it was measured (ms epoch). */
  at: number;
}

export interface GeolocationState {
  status: LocationStatus;
  /**
   * Only with 'enabled', and kept through 'requesting' (a Try Again) as the last known one; an error,
   * a refusal or a sign-out clears it.
   */
  location: DeviceLocation | null;
  /** The docs/product/part-2.md §8 text for 'error', 'denied' and 'unsupported'. */
  message: string | null;
  /** The permission remembered in local storage (locationCache.ts), as last read or learned. */
  permission: RememberedPermission;
}

const initialState: GeolocationState = { status: 'unknown', location: null, message: null, permission: 'unknown' };

/** The device's location (docs/product/part-2.md §4 "Geolocation permission"); geolocationSaga.ts fills it. */
const geolocationSlice = createSlice({
  name: 'geolocation',
  initialState,
  reducers: {
    /** A screen wants the location; `force` (Try Again) bypasses the cached location and the browser's. */
    locationWanted(_state, _action: PayloadAction<{ force: boolean }>) {},
    /** The browser was asked. */
    locationRequested(state) {
      state.status = 'requesting';
      state.message = null;
    },
    locationFound(state, action: PayloadAction<DeviceLocation>) {
      state.status = 'enabled';
      state.location = action.payload;
      state.message = null;
      state.permission = 'granted';
    },
    locationFailed(state, action: PayloadAction<{ reason: LocationFailure }>) {
      state.status = 'error';
      state.location = null;
      state.message = GEOLOCATION_MESSAGES[action.payload.reason];
    },
    /** Refused by the browser, now or remembered from before. */
    locationDenied(state) {
      state.status = 'denied';
      state.location = null;
      state.message = GEOLOCATION_MESSAGES.denied;
      state.permission = 'denied';
    },
    locationUnsupported(state) {
      state.status = 'unsupported';
      state.location = null;
      state.message = GEOLOCATION_MESSAGES.unsupported;
    },
    /** The remembered permission, read from storage or changed in the browser's settings. */
    permissionKnown(state, action: PayloadAction<RememberedPermission>) {
      state.permission = action.payload;
    },
  },
  // A user's whereabouts must not carry over to the next user of a shared tablet.
  extraReducers: (builder) => builder.addCase(signedOut, () => initialState),
  selectors: {
    selectLocationStatus: (state) => state.status,
    selectDeviceLocation: (state) => state.location,
    selectLocationMessage: (state) => state.message,
    selectRememberedPermission: (state) => state.permission,
  },
});

declare module '../../../app/rootReducer' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging (see rootReducer.ts)
  export interface LazyLoadedSlices extends WithSlice<typeof geolocationSlice> {}
}

/**
 * Joins the store when this module first loads — with the chunk of the first screen that uses it, not
 * with every page. Its selectors read the initial state until then.
 */
const injected = geolocationSlice.injectInto(rootReducer);

export const { selectLocationStatus, selectDeviceLocation, selectLocationMessage, selectRememberedPermission } =
  injected.selectors;

export const {
  locationWanted,
  locationRequested,
  locationFound,
  locationFailed,
  locationDenied,
  locationUnsupported,
  permissionKnown,
} = geolocationSlice.actions;

export const geolocationInitialState = initialState;

/**
 * The browser's Geolocation and Permissions APIs, behind one small object the saga receives, so tests
 * hand it fakes. Plain data comes out: the saga never sees a GeolocationPosition or an error object.
 */

export type PositionOutcome =
  | { kind: 'position'; latitude: number; longitude: number; accuracy: number | null; timestamp: number }
  /** A GeolocationPositionError code (0 when the call itself threw). */
  | { kind: 'error'; code: number };

export type BrowserPermission = 'granted' | 'denied' | 'prompt';

/** The browser's geolocation permission and its changes (the Permissions API's PermissionStatus). */
export interface PermissionWatch {
  readonly state: BrowserPermission;
  /** Calls `listener` with every new state; returns the unsubscribe. */
  subscribe(listener: (state: BrowserPermission) => void): () => void;
}

export interface GeolocationServices {
  isSupported(): boolean;
  /** One request; the promise never rejects and may never settle (some browsers never answer). */
  getCurrentPosition(options: PositionOptions): Promise<PositionOutcome>;
  /** null where the browser has no Permissions API, or none for geolocation. */
  queryPermission(): Promise<PermissionWatch | null>;
}

export const browserGeolocation: GeolocationServices = {
  isSupported: () => typeof navigator !== 'undefined' && 'geolocation' in navigator && !!navigator.geolocation,

  getCurrentPosition: (options) =>
    new Promise((resolve) => {
      try {
        navigator.geolocation.getCurrentPosition(
          ({ coords, timestamp }) =>
            resolve({
              kind: 'position',
              latitude: coords.latitude,
              longitude: coords.longitude,
              accuracy: Number.isFinite(coords.accuracy) ? coords.accuracy : null,
              timestamp,
            }),
          (error) => resolve({ kind: 'error', code: error.code }),
          options,
        );
      } catch {
        resolve({ kind: 'error', code: 0 });
      }
    }),

  queryPermission: async () => {
    if (typeof navigator === 'undefined' || typeof navigator.permissions?.query !== 'function') return null;
    try {
      const status = await navigator.permissions.query({ name: 'geolocation' });
      return {
        get state() {
          return status.state;
        },
        subscribe(listener) {
          const onChange = () => listener(status.state);
          status.addEventListener('change', onChange);
          return () => status.removeEventListener('change', onChange);
        },
      };
    } catch {
      return null; // a browser that does not know the 'geolocation' name rejects the query
    }
  },
};

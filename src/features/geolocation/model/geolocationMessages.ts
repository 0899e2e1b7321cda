/**
 * The Geolocation texts of docs/product/part-2.md §8, verbatim. 'Not supported by the browser' has no
 * quoted text there; ours is in docs/decisions.md.
 */
export const GEOLOCATION_MESSAGES = {
  unsupported: 'Geolocation is not supported by your browser.',
  denied: 'Location access denied. Please enable location permissions.',
  unavailable: 'Location information unavailable.',
  timeout: 'Location request timed out.',
  unknown: 'Unable to get your location',
} as const;

/** Why a request brought no location, short of a refusal. */
export type LocationFailure = 'unavailable' | 'timeout' | 'unknown';

/** GeolocationPositionError codes: 1 PERMISSION_DENIED, 2 POSITION_UNAVAILABLE, 3 TIMEOUT; anything else is the default text. */
export function problemForErrorCode(code: number): 'denied' | LocationFailure {
  switch (code) {
    case 1:
      return 'denied';
    case 2:
      return 'unavailable';
    case 3:
      return 'timeout';
    default:
      return 'unknown';
  }
}

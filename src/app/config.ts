/**
 * Build-time configuration (see README "Configuration"). Values come from webpack's DefinePlugin;
 * in Jest they are unset and the defaults apply.
 */
export const config = {
  /** API host; '' means the app's own origin (the local API serves both). */
  apiBaseUrl: (process.env.API_BASE_URL ?? '').replace(/\/+$/, ''),
  /** With a key the real Google Maps loader is used; without, the local API's stand-in places script. */
  googleMapsKey: process.env.GOOGLE_MAPS_KEY ?? '',
  supportEmail: process.env.SUPPORT_EMAIL || 'support@courtside.example',
};

/**
 * Absolute origin of the API host (RTK Query needs an absolute base URL outside a browser page). The build's
 * prerender of the login page (src/prerender) runs in Node, which has no window and makes no request.
 */
export function apiOrigin(): string {
  if (config.apiBaseUrl) return config.apiBaseUrl;
  return typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
}

export function apiBaseUrl(): string {
  return `${apiOrigin()}/api/v1/`;
}

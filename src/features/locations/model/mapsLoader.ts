import { NONCE_PLACEHOLDER } from '../../../app/cspNonce';
import { config } from '../../../app/config';

/**
 * Loads the maps service's script once (docs/product/part-1.md §7 "maps service", places library only).
 * With a Google key it is Google's loader; without, the local API's stand-in, which implements the
 * same part of the API on this origin (docs/api.md "Maps stand-in") — the app's code path is the same.
 */
export const MAPS_CALLBACK = '__courtsideMapsReady';
export const MAPS_LOAD_TIMEOUT_MS = 10_000;
export const MAPS_LOAD_FAILED = 'Failed to initialize location search';

export function mapsScriptUrl(googleMapsKey: string): string {
  if (googleMapsKey) {
    const params = new URLSearchParams({ key: googleMapsKey, libraries: 'places', callback: MAPS_CALLBACK });
    return `https://maps.googleapis.com/maps/api/js?${params.toString()}`;
  }
  return `/maps/places-standin.js?callback=${MAPS_CALLBACK}`;
}

interface MapsWindow {
  google?: { maps?: { places?: unknown } };
  [MAPS_CALLBACK]?: () => void;
}

/** The CSP nonce the server wrote into <meta name="csp-nonce"> (absent in development without the server). */
function cspNonce(doc: Document): string | undefined {
  const content = doc.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
  return content && content !== NONCE_PLACEHOLDER ? content : undefined;
}

let pending: Promise<void> | null = null;

/** True once the places library is there (loaded by us, or by a test's fake). */
export function isMapsLoaded(win: Window = window): boolean {
  return Boolean((win as unknown as MapsWindow).google?.maps?.places);
}

/**
 * Injects the one <script> (with the page's CSP nonce) and resolves when its callback fires. Rejects
 * with MAPS_LOAD_FAILED on a script error or after 10 s; a later call then tries again.
 */
export function loadMaps(doc: Document = document, win: Window = window): Promise<void> {
  if (isMapsLoaded(win)) return Promise.resolve();
  if (pending) return pending;
  const target = win as unknown as MapsWindow;
  const attempt = new Promise<void>((resolve, reject) => {
    const script = doc.createElement('script');
    const finish = (error: Error | null) => {
      clearTimeout(timer);
      delete target[MAPS_CALLBACK];
      script.onerror = null;
      if (error) {
        script.remove();
        reject(error);
      } else {
        resolve();
      }
    };
    const timer = setTimeout(() => finish(new Error(MAPS_LOAD_FAILED)), MAPS_LOAD_TIMEOUT_MS);
    target[MAPS_CALLBACK] = () => finish(null);
    script.onerror = () => finish(new Error(MAPS_LOAD_FAILED));
    const nonce = cspNonce(doc);
    if (nonce) script.nonce = nonce;
    script.async = true;
    script.src = mapsScriptUrl(config.googleMapsKey);
    script.dataset.courtsideMaps = 'true';
    doc.head.appendChild(script);
  });
  pending = attempt;
  attempt.catch(() => {
    if (pending === attempt) pending = null;
  });
  return attempt;
}

/** Tests only: forget a load in progress (the script element is the test's to remove). */
export function resetMapsLoaderForTests(): void {
  pending = null;
}

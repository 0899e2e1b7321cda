import createCache from '@emotion/cache';
import { NONCE_PLACEHOLDER } from './cspNonce';

/** The class-name prefix of every style Emotion makes; the prerendered login page's styles carry it too. */
export const EMOTION_KEY = 'cs';

/**
 * The server's Content-Security-Policy allows only styles carrying its per-request nonce, which it
 * writes into <meta name="csp-nonce">; Emotion stamps it on every <style> it inserts.
 */
export function createEmotionCache() {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]');
  const nonce = meta?.content && meta.content !== NONCE_PLACEHOLDER ? meta.content : undefined;
  return createCache({ key: EMOTION_KEY, nonce, prepend: true });
}

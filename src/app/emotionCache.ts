import createCache from '@emotion/cache';

/**
 * The server's Content-Security-Policy allows only styles carrying its per-request nonce, which it
 * writes into <meta name="csp-nonce">; Emotion stamps it on every <style> it inserts.
 */
export function createEmotionCache() {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]');
  const nonce = meta?.content && meta.content !== '__CSP_NONCE__' ? meta.content : undefined;
  return createCache({ key: 'cs', nonce, prepend: true });
}

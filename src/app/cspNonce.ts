/**
 * What the server replaces with each response's Content-Security-Policy nonce (server/routes/static.ts
 * injectNonce): in <meta name="csp-nonce"> for the scripts and styles the app adds, and on the prerendered
 * login page's <style> tags.
 */
export const NONCE_PLACEHOLDER = '__CSP_NONCE__';

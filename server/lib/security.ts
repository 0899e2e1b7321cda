import { randomBytes } from 'node:crypto';

export const MAPS_HOSTS = ['https://maps.googleapis.com', 'https://maps.gstatic.com'];

export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/** The Content-Security-Policy; with a nonce for the app's HTML, without one for everything else. */
export function contentSecurityPolicy(opts: { nonce?: string; mapsKey: boolean }): string {
  const nonce = opts.nonce ? ` 'nonce-${opts.nonce}'` : '';
  const maps = opts.mapsKey ? ` ${MAPS_HOSTS.join(' ')}` : '';
  return [
    "default-src 'self'",
    `script-src 'self'${nonce}${maps}`,
    `style-src 'self'${nonce}${opts.mapsKey ? ' https://fonts.googleapis.com' : ''}`,
    `img-src 'self' data: blob:${maps}`,
    "media-src 'self' blob:",
    `connect-src 'self'${maps}`,
    `font-src 'self' data:${opts.mapsKey ? ' https://fonts.gstatic.com' : ''}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export const SECURITY_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
};

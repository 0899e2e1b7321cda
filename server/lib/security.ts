import { randomBytes } from 'node:crypto';

export const MAPS_HOSTS = ['https://maps.googleapis.com', 'https://maps.gstatic.com'];

export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/** The Content-Security-Policy; with a nonce for the app's HTML, without one for everything else. */
/** `mediaOrigin`: the object store's origin (MEDIA_STORE=s3://…), which media URLs redirect to; null on disk. */
export function contentSecurityPolicy(opts: { nonce?: string; mapsKey: boolean; mediaOrigin?: string | null }): string {
  const nonce = opts.nonce ? ` 'nonce-${opts.nonce}'` : '';
  const media = opts.mediaOrigin ? ` ${opts.mediaOrigin}` : '';
  const maps = opts.mapsKey ? ` ${MAPS_HOSTS.join(' ')}` : '';
  return [
    "default-src 'self'",
    `script-src 'self'${nonce}${maps}`,
    `style-src 'self'${nonce}${opts.mapsKey ? ' https://fonts.googleapis.com' : ''}`,
    `img-src 'self' data: blob:${media}${maps}`,
    `media-src 'self' blob:${media}`,
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

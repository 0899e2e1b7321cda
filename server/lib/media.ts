import { createHmac, timingSafeEqual } from 'node:crypto';

/** Signed media URLs are valid this long. */
export const MEDIA_URL_TTL_SECONDS = 6 * 60 * 60;

function signature(secret: Buffer, pathname: string, exp: number): string {
  return createHmac('sha256', secret).update(`media:${pathname}:${exp}`).digest('base64url');
}

/** `<pathname>?exp=<unix seconds>&sig=<hmac>`: lets <video>/<img> load media without the bearer token. */
export function signMediaPath(secret: Buffer, pathname: string, nowMs: number, ttlSeconds = MEDIA_URL_TTL_SECONDS): string {
  const exp = Math.floor(nowMs / 1000) + ttlSeconds;
  return `${pathname}?exp=${exp}&sig=${signature(secret, pathname, exp)}`;
}

export function verifyMediaSignature(
  secret: Buffer,
  pathname: string,
  exp: unknown,
  sig: unknown,
  nowMs: number,
): 'ok' | 'missing' | 'expired' | 'invalid' {
  if (typeof exp !== 'string' || typeof sig !== 'string' || exp === '' || sig === '') return 'missing';
  if (!/^\d{1,12}$/.test(exp)) return 'invalid';
  const expected = Buffer.from(signature(secret, pathname, Number(exp)));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  if (Number(exp) * 1000 <= nowMs) return 'expired';
  return 'ok';
}

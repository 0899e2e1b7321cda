import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db';
import { ApiError } from './envelope';

/** Signed media URLs are valid at least this long (see signMediaPath). */
export const MEDIA_URL_TTL_SECONDS = 6 * 60 * 60;

function signature(secret: Buffer, pathname: string, exp: number): string {
  return createHmac('sha256', secret).update(`media:${pathname}:${exp}`).digest('base64url');
}

/** Expiries are rounded up to a multiple of this (a whole hour in unix time). */
export const MEDIA_URL_WINDOW_SECONDS = 60 * 60;

/**
 * `<pathname>?exp=<unix seconds>&sig=<hmac>`: lets <video>/<img> load media without the bearer token.
 *
 * `exp` is `now + ttl` rounded UP to the next whole hour, not `now + ttl` to the second: every answer signed within
 * the same hour carries the very same URL, so a clip list refetched (after an upload, on paging, on focus) keeps
 * every `<img>`/`<video>` src — thumbnails stay cached and a playing video does not restart. Rounding up, never
 * down, keeps each URL valid for at least `ttl` (up to `ttl` + 1 h) from when it was issued.
 */
export function signMediaPath(
  secret: Buffer,
  pathname: string,
  nowMs: number,
  ttlSeconds = MEDIA_URL_TTL_SECONDS,
  windowSeconds = MEDIA_URL_WINDOW_SECONDS,
): string {
  const windowMs = windowSeconds * 1000;
  // Computed in milliseconds so that a fraction of a second past `now` cannot shave the guaranteed ttl.
  const exp = (Math.ceil((nowMs + ttlSeconds * 1000) / windowMs) * windowMs) / 1000;
  return `${pathname}?exp=${exp}&sig=${signature(secret, pathname, exp)}`;
}

/**
 * `<pathname>?exp=…&sig=…` valid until `untilMs` exactly (rounded down to the second, never up): for links that must
 * not outlive what they belong to (an editing session's clips).
 */
export function signMediaPathUntil(secret: Buffer, pathname: string, untilMs: number): string {
  const exp = Math.floor(untilMs / 1000);
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

/** What the media route needs of a clip to serve its files. */
export interface ServableClip {
  stored_name: string;
  mime_type: string;
  thumbnail_name: string | null;
}

/**
 * The clip behind a signed media URL, if its owner may still share it. A deleted owner's clips are gone
 * (404 CLIP_NOT_FOUND, as for a clip that never existed); a revoked owner's are withheld (403 MEDIA_ACCESS_REVOKED).
 */
export async function findServableClip(db: Db, clipId: string): Promise<ServableClip> {
  const r = await db.query<ServableClip & { owner_deleted: boolean; owner_revoked: boolean }>(
    `SELECT c.stored_name, c.mime_type, c.thumbnail_name,
       u.deleted_at IS NOT NULL AS owner_deleted, u.permissions_revoked AS owner_revoked
     FROM clips c JOIN users u ON u.id = c.user_id WHERE c.id = $1`,
    [clipId],
  );
  const clip = r.rows[0];
  if (!clip || clip.owner_deleted) throw new ApiError(404, 'CLIP_NOT_FOUND', 'Clip not found');
  if (clip.owner_revoked) throw new ApiError(403, 'MEDIA_ACCESS_REVOKED', "This clip's owner no longer has access");
  return { stored_name: clip.stored_name, mime_type: clip.mime_type, thumbnail_name: clip.thumbnail_name };
}

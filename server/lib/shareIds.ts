import { randomBytes } from 'node:crypto';

/**
 * Share link ids (docs/api.md "Share links"): whoever holds one may watch a highlight without signing in, so an id
 * is a secret. 18 random bytes (144 bits) in base64url: 24 characters, no padding. It is never logged whole:
 * the request logger (server/app.ts) passes every path through `redactShareIds`.
 */

export const SHARE_ID_BYTES = 18;
const SHARE_ID = /^[A-Za-z0-9_-]{24}$/;

export function newShareId(): string {
  return randomBytes(SHARE_ID_BYTES).toString('base64url');
}

/** The shape of an id we issue; anything else cannot be a link (answered 404 without a database look-up). */
export function isShareId(value: unknown): value is string {
  return typeof value === 'string' && SHARE_ID.test(value);
}

/** Characters of a share id a log line keeps: enough to tell two links apart when reading logs, too few to use. */
export const SHARE_ID_LOGGED_CHARS = 4;

/** Path segments after which a share id comes (compared decoded and in any case, as a router might). */
const SHARE_PREFIXES = new Set(['s', 'shares']);

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
}

/**
 * Every path segment that holds a share id — `/s/{id}`, `/media/shares/{id}/…`, `/api/v1/shares/{id}/…` — cut to
 * its first 4 characters and '…', whatever the segment holds: a malformed or mistyped id may be a real one with a
 * character missing. Errs on the side of cutting too much (any segment after an `s` or `shares` one).
 */
export function redactShareIds(pathname: string): string {
  const parts = pathname.split('/');
  let afterPrefix = false;
  for (let i = 0; i < parts.length; i += 1) {
    const part = parts[i] ?? '';
    if (part === '') continue;
    if (afterPrefix) {
      parts[i] = `${[...part].slice(0, SHARE_ID_LOGGED_CHARS).join('')}…`;
      afterPrefix = false;
    } else {
      afterPrefix = SHARE_PREFIXES.has(decoded(part));
    }
  }
  return parts.join('/');
}

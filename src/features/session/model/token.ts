import { readWith, tokenClaimsSchema } from '../api/sessionSchemas';
import { TOKEN_EXPIRY_GRACE_MS } from '../../../app/product';

/** Claims the app reads from a token (docs/product/part-1.md §3). Times are seconds since the epoch. */
export interface TokenClaims {
  userId: string;
  exp: number;
  iat: number;
}

/** The claims normalised (a numeric userId read as its text); null without a non-empty userId and finite exp and iat. */
function readClaims(payload: unknown): TokenClaims | null {
  return readWith(tokenClaimsSchema, payload);
}

export type TokenCheck =
  | { status: 'valid'; claims: TokenClaims }
  /** Past expiry but inside the 2-minute grace: usable only to refresh. */
  | { status: 'grace'; claims: TokenClaims }
  | { status: 'expired'; claims: TokenClaims }
  | { status: 'invalid'; message: 'Token validation failed' };

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Reads the claims of a 3-part token; null when it is not one or lacks userId, exp or iat. */
export function decodeToken(token: unknown): TokenClaims | null {
  if (typeof token !== 'string') return null;
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((p) => p.length === 0)) return null;
  try {
    return readClaims(JSON.parse(decodeBase64Url(parts[1] as string)));
  } catch {
    return null;
  }
}

/**
 * Checks a token against the server's clock: `serverNow` is the device time corrected by the
 * measured clock offset (see clockSkew.ts), so a device clock that is off does not decide.
 */
export function checkToken(token: unknown, serverNow: number): TokenCheck {
  const claims = decodeToken(token);
  if (!claims) return { status: 'invalid', message: 'Token validation failed' };
  const expiresAt = claims.exp * 1000;
  if (serverNow < expiresAt) return { status: 'valid', claims };
  if (serverNow < expiresAt + TOKEN_EXPIRY_GRACE_MS) return { status: 'grace', claims };
  return { status: 'expired', claims };
}

/** Milliseconds the token has left on the server's clock (negative once expired). */
export function tokenRemainingMs(claims: TokenClaims, serverNow: number): number {
  return claims.exp * 1000 - serverNow;
}

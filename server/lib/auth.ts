import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { AppContext, AuthUser, UserRow } from './context';
import { publicUser } from './context';
import { ApiError } from './envelope';
import { issueToken, verifyToken, type TokenClaims } from './jwt';
import { findSignIn } from './signIns';
import { findUserById } from './users';
import { TOKEN_EXPIRY_GRACE_MS } from '../../src/app/product';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
    tokenClaims: TokenClaims | null;
    /** The accepted public origin this request arrived on (set by the origin check in app.ts). */
    publicOrigin: string;
  }
}

/** The token grace in whole seconds, as JWT times are. */
const GRACE_SECONDS = TOKEN_EXPIRY_GRACE_MS / 1000;

/** How much expiry to tolerate: none, the 2-minute grace (refresh), or any (logout). */
export type ExpiryMode = 'strict' | 'grace' | 'any';

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m?.[1] ?? null;
}

/**
 * Verifies the bearer token's signature and expiry (per mode) and that its sign-in is still open. Tokens
 * without a sign-in id (issued before sign-ins existed) fail the claims check: 401 INVALID_TOKEN.
 */
export async function checkToken(ctx: AppContext, request: FastifyRequest, mode: ExpiryMode): Promise<TokenClaims> {
  const token = bearerToken(request);
  if (!token) throw new ApiError(401, 'INVALID_TOKEN', 'No authentication token provided');
  const nowMs = ctx.now();
  const result = verifyToken(token, ctx.secret, nowMs);
  if (!result.ok) throw new ApiError(401, 'INVALID_TOKEN', 'Token validation failed');
  const { claims } = result;
  if (mode !== 'any' && result.expired) {
    const graceOk = mode === 'grace' && nowMs < (claims.exp + GRACE_SECONDS) * 1000;
    if (!graceOk) throw new ApiError(401, 'TOKEN_EXPIRED', 'Session expired');
  }
  // Logout ('any') skips this: ending an ended sign-in again is fine (the app retries failed logouts).
  if (mode !== 'any') {
    const signIn = await findSignIn(ctx.db, claims.sid);
    if (!signIn || signIn.revoked_at || signIn.user_id !== claims.userId) {
      // An admin revoke/delete also ended the sign-in: say why, so the app shows the right message.
      assertUsable(await findUserById(ctx.db, claims.userId));
      throw new ApiError(401, 'TOKEN_REVOKED', 'Token has been revoked');
    }
  }
  return claims;
}

/** Deleted → 401 USER_NOT_FOUND; revoked permissions → 403 PERMISSION_REVOKED. */
export function assertUsable(user: UserRow | null): asserts user is UserRow {
  if (!user || user.deleted_at) throw new ApiError(401, 'USER_NOT_FOUND', 'Your account no longer exists');
  if (user.permissions_revoked) {
    throw new ApiError(403, 'PERMISSION_REVOKED', 'Your access permissions have been revoked');
  }
}

export async function loadUsableUser(ctx: AppContext, userId: string): Promise<UserRow> {
  const user = await findUserById(ctx.db, userId);
  assertUsable(user);
  return user;
}

/** preHandler for authenticated routes; `admin` additionally requires the ADMIN role. */
export function requireAuth(ctx: AppContext, opts: { admin?: boolean } = {}): preHandlerAsyncHookHandler {
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const claims = await checkToken(ctx, request, 'strict');
    const user = await loadUsableUser(ctx, claims.userId);
    if (opts.admin && !user.roles.includes('ADMIN')) {
      throw new ApiError(403, 'FORBIDDEN', 'Administrator role required');
    }
    request.tokenClaims = claims;
    request.user = publicUser(user);
  };
}

/** Attaches the user when a valid token is sent; never fails (for routes where auth is optional). */
export function optionalAuth(ctx: AppContext): preHandlerAsyncHookHandler {
  return async function maybeAuthenticate(request: FastifyRequest): Promise<void> {
    if (!bearerToken(request)) return;
    try {
      const claims = await checkToken(ctx, request, 'strict');
      const user = await loadUsableUser(ctx, claims.userId);
      request.tokenClaims = claims;
      request.user = publicUser(user);
    } catch {
      // ignore: the route works anonymously
    }
  };
}

/** Issues a token for the sign-in `sid` (a new one from the callback, the same one on refresh). */
export function issueFor(ctx: AppContext, user: UserRow, sid: string): { token: string; user: AuthUser; exp: Date } {
  const { token, claims } = issueToken(user.id, sid, ctx.secret, ctx.now(), ctx.tokenTtlSeconds);
  return { token, user: publicUser(user), exp: new Date(claims.exp * 1000) };
}

/** The public origin the request arrived on; never derived from the Host header's text. */
export function requestOrigin(request: FastifyRequest): string {
  return request.publicOrigin;
}

/**
 * Resolves a redirect target that must stay on the request's public origin: a path ("/login") or an
 * absolute URL on that origin. Returns the absolute URL, or null for anything else (no open redirects).
 */
export function sameOriginUrl(request: FastifyRequest, target: unknown): URL | null {
  if (typeof target !== 'string' || target.length === 0 || target.length > 2048) return null;
  const origin = requestOrigin(request);
  if (target.startsWith('/') && (target.startsWith('//') || target.startsWith('/\\'))) return null;
  let url: URL;
  try {
    url = new URL(target, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  return url;
}

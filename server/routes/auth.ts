import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { checkToken, issueFor, loadUsableUser, requestOrigin, requireAuth, sameOriginUrl } from '../lib/auth';
import type { AppContext, UserRow } from '../lib/context';
import { ApiError, invalidInput, ok } from '../lib/envelope';
import { ADMIN_ACTIONS, applyAdminAction, isValidEmail } from '../lib/users';

export const REFRESH_LIMIT = 10;
export const REFRESH_WINDOW_MS = 60_000;

interface ProviderParams {
  provider: string;
}

interface CodeRow {
  code: string;
  user_id: string;
  expires_at: Date;
  used_at: Date | null;
}

function assertProvider(ctx: AppContext, request: FastifyRequest<{ Params: ProviderParams }>): void {
  if (request.params.provider !== ctx.idpName) {
    throw new ApiError(404, 'UNKNOWN_PROVIDER', `Unknown identity provider '${request.params.provider}'`, {
      expected: ctx.idpName,
    });
  }
}

function bodyObject(body: unknown): Record<string, unknown> {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Sliding window of refresh times per user (in memory; resets on restart).
  const refreshLog = new Map<string, number[]>();

  app.get<{ Params: ProviderParams }>('/api/v1/auth/:provider/login', async (request) => {
    assertProvider(ctx, request);
    const origin = requestOrigin(request);
    const state = randomBytes(16).toString('base64url');
    const authUrl = new URL('/idp/authorize', origin);
    authUrl.searchParams.set('state', state);
    authUrl.searchParams.set('redirect_uri', `${origin}/login`);
    return ok({ authUrl: authUrl.toString() });
  });

  app.post<{ Params: ProviderParams }>('/api/v1/auth/:provider/callback', async (request) => {
    assertProvider(ctx, request);
    const { code } = bodyObject(request.body);
    if (typeof code !== 'string' || code.trim() === '') {
      throw invalidInput({ code: 'must be a non-empty string' }, 'Authorization code is required');
    }
    const found = await ctx.db.query<CodeRow>('SELECT code, user_id, expires_at, used_at FROM auth_codes WHERE code = $1', [
      code,
    ]);
    const row = found.rows[0];
    if (!row) throw new ApiError(400, 'INVALID_AUTH_CODE', 'Invalid authorization code');
    const expired = (reason: string): ApiError =>
      new ApiError(400, 'AUTH_CODE_EXPIRED', 'Authorization code has expired', { reason });
    if (row.used_at) throw expired('already_used');
    const now = new Date(ctx.now());
    if (now.getTime() > row.expires_at.getTime()) throw expired('expired');
    // Mark used atomically: a concurrent second use finds used_at set.
    const claimed = await ctx.db.query('UPDATE auth_codes SET used_at = $2 WHERE code = $1 AND used_at IS NULL RETURNING code', [
      code,
      now,
    ]);
    if (claimed.rows.length === 0) throw expired('already_used');
    const user = await loadUsableUser(ctx, row.user_id);
    return ok(issueFor(ctx, user));
  });

  app.post('/api/v1/auth/verify/refresh', async (request) => {
    const claims = await checkToken(ctx, request, 'grace');
    const user = await loadUsableUser(ctx, claims.userId);
    const nowMs = ctx.now();
    const recent = (refreshLog.get(user.id) ?? []).filter((t) => nowMs - t < REFRESH_WINDOW_MS);
    if (recent.length >= REFRESH_LIMIT) {
      refreshLog.set(user.id, recent);
      const retryAfter = Math.ceil((REFRESH_WINDOW_MS - (nowMs - (recent[0] ?? nowMs))) / 1000);
      throw new ApiError(429, 'RATE_LIMITED', 'Too many token refreshes; try again later', { retryAfterSeconds: retryAfter });
    }
    recent.push(nowMs);
    refreshLog.set(user.id, recent);
    return ok(issueFor(ctx, user));
  });

  app.post('/api/v1/auth/logout', async (request) => {
    // Any correctly signed token may be logged out, however long expired (failed-logout retries).
    const claims = await checkToken(ctx, request, 'any');
    await ctx.db.query('INSERT INTO revoked_tokens (jti, expires_at) VALUES ($1, $2) ON CONFLICT (jti) DO NOTHING', [
      claims.jti,
      new Date(claims.exp * 1000),
    ]);
    if (!ctx.logoutRedirect) return ok({ requiresRedirect: false });
    const { returnTo } = bodyObject(request.body);
    const target = sameOriginUrl(request, returnTo) ?? new URL('/login', requestOrigin(request));
    const logoutUrl = new URL('/idp/logout', requestOrigin(request));
    logoutUrl.searchParams.set('returnTo', target.toString());
    return ok({ requiresRedirect: true, logoutUrl: logoutUrl.toString() });
  });

  app.get('/api/v1/auth/me', { preHandler: requireAuth(ctx) }, async (request) => ok({ user: request.user }));

  for (const action of ADMIN_ACTIONS) {
    app.post(`/api/v1/admin/users/${action}`, { preHandler: requireAuth(ctx, { admin: true }) }, async (request) => {
      const { email } = bodyObject(request.body);
      if (typeof email !== 'string' || !isValidEmail(email.trim())) {
        throw invalidInput({ email: 'must be a valid e-mail address' });
      }
      const user: UserRow | null = await applyAdminAction(ctx.db, action, email);
      if (!user) throw new ApiError(404, 'USER_NOT_FOUND', `No user with e-mail ${email}`);
      return ok({
        user: { id: user.id, email: user.email, roles: user.roles },
        permissionsRevoked: user.permissions_revoked,
        deleted: user.deleted_at !== null,
      });
    });
  }
}

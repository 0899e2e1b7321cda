import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { checkToken, issueFor, loadUsableUser, requestOrigin, requireAuth, sameOriginUrl } from '../lib/auth';
import type { AppContext, UserRow } from '../lib/context';
import { ApiError, invalidInput, ok } from '../lib/envelope';
import { userForIdentity } from '../lib/identity/identities';
import { invalidState, type OidcRelyingParty } from '../lib/identity/oidcRelyingParty';
import { parseInput, requiredText, text } from '../lib/schema';
import { extendSignIn, recordRefresh, revokeSignIn, startSignIn } from '../lib/signIns';
import { ADMIN_ACTIONS, applyAdminAction, isValidEmail } from '../lib/users';

export const REFRESH_LIMIT = 10;
export const REFRESH_WINDOW_MS = 60_000;

interface CodeRow {
  code: string;
  user_id: string;
  expires_at: Date;
  used_at: Date | null;
}

const providerParams = v.object({ provider: text(64) });
/**
 * The spec's `{code}`, and what else the provider sent back with it: the `state` a hosted provider's sign-in is
 * found by, and the `iss` that names the provider (RFC 9207).
 */
const callbackBody = v.object({
  code: requiredText(2048),
  state: v.optional(text(512)),
  iss: v.optional(text(2048)),
});
/** The app sends `{ returnTo }`, or no body at all on retries. */
const logoutBody = v.optional(v.object({ returnTo: v.optional(text(2048)) }));
const adminBody = v.object({ email: requiredText(254) });

function assertProvider(ctx: AppContext, params: unknown): void {
  const { provider } = parseInput(providerParams, params, 'params');
  if (provider !== ctx.idpName) {
    throw new ApiError(404, 'UNKNOWN_PROVIDER', `Unknown identity provider '${provider}'`, { expected: ctx.idpName });
  }
}

/** The stand-in's codes (server/routes/idp.ts): single use, 60 s. */
async function redeemStandInCode(ctx: AppContext, code: string): Promise<string> {
  const found = await ctx.db.query<CodeRow>('SELECT code, user_id, expires_at, used_at FROM auth_codes WHERE code = $1', [code]);
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
  return row.user_id;
}

/** The hosted provider's code: redeemed there, its ID token checked, its identity found or made a user here. */
async function redeemProviderCode(ctx: AppContext, oidc: OidcRelyingParty, body: v.InferOutput<typeof callbackBody>) {
  if (!body.state) throw invalidState();
  const identity = await oidc.finish(ctx.db, body.state, body.code, body.iss);
  const user = await userForIdentity(ctx.db, identity, ctx.adminEmails, new Date(ctx.now()));
  return user.id;
}

export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  // The app asks which provider signs people in, so one build serves any (IDP_NAME is the server's setting).
  app.get('/api/v1/auth/config', async () => ok({ provider: ctx.idpName }));

  app.get('/api/v1/auth/:provider/login', async (request) => {
    assertProvider(ctx, request.params);
    const origin = requestOrigin(request);
    if (ctx.oidc) return ok({ authUrl: await ctx.oidc.start(ctx.db, `${origin}/login`) });
    const state = randomBytes(16).toString('base64url');
    const authUrl = new URL('/idp/authorize', origin);
    authUrl.searchParams.set('state', state);
    authUrl.searchParams.set('redirect_uri', `${origin}/login`);
    return ok({ authUrl: authUrl.toString() });
  });

  app.post('/api/v1/auth/:provider/callback', async (request) => {
    assertProvider(ctx, request.params);
    const body = parseInput(callbackBody, request.body, 'body', 'Authorization code is required');
    const userId = ctx.oidc ? await redeemProviderCode(ctx, ctx.oidc, body) : await redeemStandInCode(ctx, body.code);
    const now = new Date(ctx.now());
    const user = await loadUsableUser(ctx, userId);
    const sid = await startSignIn(ctx.db, user.id, now, new Date(now.getTime() + ctx.tokenTtlSeconds * 1000));
    if (!sid) {
      // Revoked or deleted since the check above: refused as that check refuses it now. (Restored again in between,
      // the code is spent all the same: a new sign-in starts over.)
      await loadUsableUser(ctx, userId);
      throw new ApiError(403, 'PERMISSION_REVOKED', 'Your access permissions have been revoked');
    }
    const issued = issueFor(ctx, user, sid);
    return ok({ token: issued.token, user: issued.user });
  });

  app.post('/api/v1/auth/verify/refresh', async (request) => {
    const claims = await checkToken(ctx, request, 'grace');
    const user = await loadUsableUser(ctx, claims.userId);
    // Per sign-in, not per user, so a stolen token refreshed in a loop cannot lock the real user's sign-in out.
    const verdict = await recordRefresh(ctx.db, claims.sid, ctx.now(), REFRESH_LIMIT, REFRESH_WINDOW_MS);
    if (!verdict.allowed) {
      throw new ApiError(429, 'RATE_LIMITED', 'Too many token refreshes; try again later', {
        retryAfterSeconds: verdict.retryAfterSeconds,
      });
    }
    const issued = issueFor(ctx, user, claims.sid);
    await extendSignIn(ctx.db, claims.sid, issued.exp);
    return ok({ token: issued.token, user: issued.user });
  });

  app.post('/api/v1/auth/logout', async (request) => {
    const body = parseInput(logoutBody, request.body, 'body');
    // Any correctly signed token may be logged out, however long expired (failed-logout retries).
    const claims = await checkToken(ctx, request, 'any');
    await revokeSignIn(ctx.db, claims.sid, claims.userId, new Date(ctx.now()));
    // Signing out also ends the user's open editing sessions (docs/api.md "Editor sessions").
    await ctx.db.query(
      `UPDATE editor_sessions SET status = 'cancelled', launch_token_hash = NULL WHERE user_id = $1 AND status = 'open'`,
      [claims.userId],
    );
    const origin = requestOrigin(request);
    const target = sameOriginUrl(request, body?.returnTo) ?? new URL('/login', origin);
    if (ctx.oidc) {
      // The provider's session ends too where it offers that; it sends the browser back with the spec's marker.
      const back = new URL('/login?logout=success', origin);
      const logoutUrl = await ctx.oidc.endSessionUrl(back.toString());
      return ok(logoutUrl ? { requiresRedirect: true, logoutUrl } : { requiresRedirect: false });
    }
    if (!ctx.logoutRedirect) return ok({ requiresRedirect: false });
    const logoutUrl = new URL('/idp/logout', origin);
    logoutUrl.searchParams.set('returnTo', target.toString());
    return ok({ requiresRedirect: true, logoutUrl: logoutUrl.toString() });
  });

  app.get('/api/v1/auth/me', { preHandler: requireAuth(ctx) }, async (request) => ok({ user: request.user }));

  for (const action of ADMIN_ACTIONS) {
    app.post(`/api/v1/admin/users/${action}`, { preHandler: requireAuth(ctx, { admin: true }) }, async (request) => {
      const { email } = parseInput(adminBody, request.body, 'body');
      if (!isValidEmail(email)) throw invalidInput({ 'body.email': 'must be a valid e-mail address' });
      const user: UserRow | null = await applyAdminAction(ctx.db, action, email, new Date(ctx.now()));
      if (!user) throw new ApiError(404, 'USER_NOT_FOUND', `No user with e-mail ${email}`);
      return ok({
        user: { id: user.id, email: user.email, roles: user.roles },
        permissionsRevoked: user.permissions_revoked,
        deleted: user.deleted_at !== null,
      });
    });
  }
}

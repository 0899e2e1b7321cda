import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { PRODUCT_NAME } from '../../src/app/product';
import { sameOriginUrl } from '../lib/auth';
import type { AppContext } from '../lib/context';
import { DEMO_COACH_EMAIL } from '../lib/demo/demoAccounts';
import { parseInput, text } from '../lib/schema';
import { STANDIN_ISSUER, userForIdentity } from '../lib/identity/identities';
import { isValidEmail, normaliseEmail } from '../lib/users';

export const AUTH_CODE_TTL_MS = 60_000;

const PUBLIC_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'public');
const STYLE = readFileSync(path.join(PUBLIC_DIR, 'idp.css'), 'utf8');

interface AuthorizeFields {
  state: string;
  redirectUri: string;
  provider: 'google' | 'apple';
  email: string;
}

/**
 * What a browser can send. No field grants a role (an `admin` field is ignored): admins are ADMIN_EMAILS and
 * `npm run admin -- promote`. Input no form produces (a repeated field, a non-string, a huge value, an unknown
 * provider) is a 400 with the JSON envelope; what a person can get wrong (missing state from a stale link,
 * a bad e-mail, a foreign redirect_uri) is a 400 HTML page they can act on.
 */
const authorizeInput = v.object({
  state: v.optional(text(512)),
  redirect_uri: v.optional(text(2048)),
  provider: v.optional(v.picklist(['google', 'apple'], 'must be google or apple')),
  email: v.optional(text(1024)),
});
const logoutQuery = v.object({ returnTo: v.optional(text(2048)) });

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Form bodies like query strings: a repeated field becomes an array (and is then refused by the schema). */
function parseForm(body: string): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const seen = fields[key];
    fields[key] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return fields;
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/idp/style.css">
</head>
<body>
<main class="card">
${body}
</main>
</body>
</html>`;
}

export interface IdpOptions {
  /** Demo data is on (DEMO_DATA): offer the demo coach above the e-mail form. */
  demoCoach?: boolean;
}

/**
 * One press signs in as the demo coach: its own form, posting what the e-mail form would for that address
 * (Google), with the same state and redirect_uri. The coach is an admin through the demo's ADMIN_EMAILS.
 */
function demoCoachForm(f: AuthorizeFields): string {
  return `<form method="post" action="/idp/authorize" class="demo" aria-label="Demo sign-in">
<input type="hidden" name="state" value="${escapeHtml(f.state)}">
<input type="hidden" name="redirect_uri" value="${escapeHtml(f.redirectUri)}">
<input type="hidden" name="provider" value="google">
<input type="hidden" name="email" value="${escapeHtml(DEMO_COACH_EMAIL)}">
<button type="submit" aria-describedby="demo-hint">Continue as the demo coach</button>
<p class="hint" id="demo-hint">Signs you in as the demo coach, ${escapeHtml(DEMO_COACH_EMAIL)}, who owns the demo clips, events and tags.</p>
</form>
<p class="or">Or sign in with any e-mail</p>`;
}

function authorizePage(f: AuthorizeFields, error: string | null, opts: IdpOptions): string {
  const checked = (on: boolean): string => (on ? ' checked' : '');
  const errorBox = error ? `<p class="error" role="alert" id="form-error">${escapeHtml(error)}</p>` : '';
  return page(
    `Sign in – ${PRODUCT_NAME} identity provider`,
    `<h1>Sign in to ${PRODUCT_NAME}</h1>
<p class="hint">Local stand-in for the hosted Google / Apple sign-in. No password is needed. Administrators are the addresses in ADMIN_EMAILS.</p>
${errorBox}${opts.demoCoach ? `\n${demoCoachForm(f)}` : ''}
<form method="post" action="/idp/authorize"${error ? ' aria-describedby="form-error"' : ''}>
<input type="hidden" name="state" value="${escapeHtml(f.state)}">
<input type="hidden" name="redirect_uri" value="${escapeHtml(f.redirectUri)}">
<fieldset>
<legend>Account type</legend>
<div class="choice"><input type="radio" id="provider-google" name="provider" value="google"${checked(f.provider === 'google')}><label for="provider-google">Google</label></div>
<div class="choice"><input type="radio" id="provider-apple" name="provider" value="apple"${checked(f.provider === 'apple')}><label for="provider-apple">Apple</label></div>
</fieldset>
<div class="field">
<label for="email">Email</label>
<input type="email" id="email" name="email" required autocomplete="email" value="${escapeHtml(f.email)}"${error ? ' aria-invalid="true"' : ''}>
</div>
<button type="submit">Continue</button>
</form>`,
  );
}

function errorPage(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .send(
      page(
        `Sign-in error – ${PRODUCT_NAME} identity provider`,
        `<h1>Sign-in error</h1>\n<p class="error" role="alert">${escapeHtml(message)}</p>`,
      ),
    );
}

function readFields(source: unknown, where: 'query' | 'body'): AuthorizeFields {
  const input = parseInput(authorizeInput, source ?? {}, where);
  return {
    state: input.state ?? '',
    redirectUri: input.redirect_uri ?? '',
    provider: input.provider ?? 'google',
    email: input.email ?? '',
  };
}

export function registerIdpRoutes(app: FastifyInstance, ctx: AppContext, opts: IdpOptions = {}): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => {
      done(null, parseForm(typeof body === 'string' ? body : body.toString('utf8')));
    },
  );

  app.get('/idp/style.css', async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(STYLE),
  );

  app.get('/idp/authorize', async (request: FastifyRequest, reply) => {
    const f = readFields(request.query, 'query');
    if (!sameOriginUrl(request, f.redirectUri))
      return errorPage(reply, 400, 'Invalid redirect_uri: it must be a page of this site.');
    if (!f.state) return errorPage(reply, 400, 'Missing state parameter. Start the sign-in again from the app.');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(authorizePage(f, null, opts));
  });

  app.post('/idp/authorize', async (request: FastifyRequest, reply) => {
    const f = readFields(request.body, 'body');
    const target = sameOriginUrl(request, f.redirectUri);
    if (!target) return errorPage(reply, 400, 'Invalid redirect_uri: it must be a page of this site.');
    const rerender = (message: string): FastifyReply =>
      reply
        .code(400)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(authorizePage(f, message, opts));
    if (!f.state) return rerender('Missing state parameter. Start the sign-in again from the app.');
    if (!isValidEmail(f.email)) return rerender('Enter a valid e-mail address, for example name@example.com.');

    const now = ctx.now();
    // The stand-in vouches for the address typed, as a provider that verified it would.
    const identity = { issuer: STANDIN_ISSUER, subject: normaliseEmail(f.email), email: f.email, emailVerified: true };
    const user = await userForIdentity(ctx.db, identity, ctx.adminEmails, new Date(now));
    const code = randomBytes(32).toString('base64url');
    await ctx.db.query(
      `INSERT INTO auth_codes (code, user_id, email, state, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)`,
      [code, user.id, normaliseEmail(f.email), f.state, new Date(now), new Date(now + AUTH_CODE_TTL_MS)],
    );
    target.searchParams.set('code', code);
    target.searchParams.set('state', f.state);
    return reply.header('cache-control', 'no-store').redirect(target.toString(), 302);
  });

  app.get('/idp/logout', async (request, reply) => {
    const { returnTo } = parseInput(logoutQuery, request.query, 'query');
    const target = sameOriginUrl(request, returnTo);
    if (!target) return errorPage(reply, 400, 'Invalid returnTo: it must be a page of this site.');
    target.searchParams.set('logout', 'success');
    return reply.redirect(target.toString(), 302);
  });
}

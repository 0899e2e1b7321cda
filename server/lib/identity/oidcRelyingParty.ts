import * as oidc from 'openid-client';
import { SIGN_IN_TTL_MS } from '../../../src/app/product';
import type { Db } from '../../db';
import { ApiError } from '../envelope';
import type { ProvenIdentity } from './identities';

/** How long a sign-in started at the provider may take to come back (its state, verifier and nonce are kept so long). */
export const OIDC_LOGIN_TTL_MS = SIGN_IN_TTL_MS;
/** Discovery, token and key requests to the provider give up after this long. */
const PROVIDER_TIMEOUT_SECONDS = 10;
export const OIDC_SCOPE = 'openid email profile';

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string | null;
}

interface LoginRow {
  state: string;
  code_verifier: string;
  nonce: string;
  redirect_uri: string;
  expires_at: Date;
  used_at: Date | null;
}

/** A callback whose state no sign-in of ours started (or none at all). */
export const invalidState = (): ApiError =>
  new ApiError(400, 'INVALID_STATE', 'This sign-in was not started here, or has ended. Please sign in again.');

const unreachable = (): ApiError =>
  new ApiError(400, 'PROVIDER_UNREACHABLE', 'The sign-in provider could not be reached. Please try again in a moment.');

/** Whether an error is the provider's fault of reach (network, timeout, a non-JSON or 5xx answer) rather than a refusal. */
function isReachError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  if (err.name === 'AbortError' || err.name === 'TimeoutError' || err instanceof TypeError) return true;
  const code = (err as { code?: unknown }).code;
  return code === 'OAUTH_RESPONSE_IS_NOT_JSON' || code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' || code === 'OAUTH_TIMEOUT';
}

/** What a failed code redemption or ID token check tells the person, as a 400 the login screen shows. */
export function callbackFailure(err: unknown): ApiError {
  if (isReachError(err)) return unreachable();
  const e = err as { error?: unknown; code?: unknown; message?: unknown; cause?: unknown };
  if (typeof e.error === 'string') {
    // The token endpoint refused the code: used already, too old, or issued for another client or verifier.
    return new ApiError(400, 'INVALID_AUTH_CODE', 'The sign-in provider refused this sign-in. Please sign in again.', {
      reason: e.error,
    });
  }
  // openid-client wraps oauth4webapi's error, whose own cause names the claim that failed.
  let claim: string | null = null;
  const codes: unknown[] = [];
  for (let at: unknown = err, depth = 0; at && typeof at === 'object' && depth < 4; depth += 1) {
    const link = at as { code?: unknown; claim?: unknown; cause?: unknown };
    codes.push(link.code);
    if (typeof link.claim === 'string') claim = link.claim;
    at = link.cause;
  }
  if (codes.includes('OAUTH_JWT_TIMESTAMP_CHECK_FAILED') || claim === 'exp') {
    return new ApiError(400, 'INVALID_ID_TOKEN', "The sign-in provider's answer has expired. Please sign in again.", {
      reason: 'expired',
    });
  }
  return new ApiError(400, 'INVALID_ID_TOKEN', "The sign-in provider's answer could not be verified. Please sign in again.", {
    reason: claim ? `${claim} mismatch` : String(codes.find((c) => typeof c === 'string') ?? 'invalid'),
  });
}

/**
 * The server's side of OpenID Connect's authorization code flow with PKCE (openid-client does the protocol and
 * every check of the ID token: signature by the provider's JWKS, issuer, audience, expiry, nonce). What a sign-in
 * needs between the two legs is kept in the database, so any server behind the proxy can finish it.
 */
export class OidcRelyingParty {
  private configuration: Promise<oidc.Configuration> | null = null;

  constructor(
    private readonly settings: OidcSettings,
    private readonly now: () => number,
  ) {}

  get issuer(): string {
    return this.settings.issuer;
  }

  /** Discovery once; a failure is not kept, so the next sign-in tries again. */
  private configured(): Promise<oidc.Configuration> {
    if (!this.configuration) {
      const { issuer, clientId, clientSecret } = this.settings;
      const insecure = new URL(issuer).protocol === 'http:';
      const pending = oidc.discovery(
        new URL(issuer),
        clientId,
        // The server's clock (tests move it) is the one the ID token's times are judged by.
        { [oidc.clockSkew]: Math.round((this.now() - Date.now()) / 1000) },
        clientSecret ? oidc.ClientSecretBasic(clientSecret) : oidc.None(),
        { execute: insecure ? [oidc.allowInsecureRequests] : [], timeout: PROVIDER_TIMEOUT_SECONDS },
      );
      this.configuration = pending;
      pending.catch(() => {
        if (this.configuration === pending) this.configuration = null;
      });
    }
    return this.configuration;
  }

  private async config(): Promise<oidc.Configuration> {
    try {
      return await this.configured();
    } catch (err) {
      if (isReachError(err)) throw unreachable();
      // It answered, but not as the issuer configured (another issuer's document, no PKCE): the settings are wrong.
      throw new ApiError(
        400,
        'PROVIDER_MISCONFIGURED',
        "The sign-in provider's settings do not match this site's. Please tell the site's administrator.",
        { reason: err instanceof Error ? err.message : 'discovery failed' },
      );
    }
  }

  /** Starts a sign-in: the provider's authorization URL, its state, verifier and nonce kept for the callback. */
  async start(db: Db, redirectUri: string): Promise<string> {
    const config = await this.config();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const verifier = oidc.randomPKCECodeVerifier();
    const challenge = await oidc.calculatePKCECodeChallenge(verifier);
    const now = this.now();
    await db.query('DELETE FROM oidc_logins WHERE expires_at < $1', [new Date(now - OIDC_LOGIN_TTL_MS)]);
    await db.query(
      `INSERT INTO oidc_logins (state, code_verifier, nonce, redirect_uri, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)`,
      [state, verifier, nonce, redirectUri, new Date(now), new Date(now + OIDC_LOGIN_TTL_MS)],
    );
    return oidc
      .buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: OIDC_SCOPE,
        state,
        nonce,
        code_challenge: challenge,
        code_challenge_method: 'S256',
      })
      .toString();
  }

  /** Takes the sign-in started with `state`, once: null when there is none; throws when it was used or is too old. */
  private async claim(db: Db, state: string): Promise<LoginRow> {
    const now = new Date(this.now());
    const claimed = await db.query<LoginRow>(
      `UPDATE oidc_logins SET used_at = $2 WHERE state = $1 AND used_at IS NULL AND expires_at > $2
       RETURNING state, code_verifier, nonce, redirect_uri, expires_at, used_at`,
      [state, now],
    );
    const row = claimed.rows[0];
    if (row) return row;
    const seen = await db.query<LoginRow>('SELECT used_at, expires_at FROM oidc_logins WHERE state = $1', [state]);
    const old = seen.rows[0];
    if (!old) throw invalidState();
    if (old.used_at) {
      // A reload of the callback after it was used: the app's silent recovery (docs/product/part-1.md §4).
      throw new ApiError(400, 'AUTH_CODE_EXPIRED', 'Authorization code has expired', { reason: 'already_used' });
    }
    throw new ApiError(
      400,
      'LOGIN_EXPIRED',
      `Sign-in expired: it took longer than ${SIGN_IN_TTL_MS / 60_000} minutes. Please sign in again.`,
    );
  }

  /**
   * Redeems the code of the sign-in started with `state` and answers who the provider says signed in. `iss` is the
   * issuer the provider named in the redirect (RFC 9207), checked where the provider says it sends one.
   */
  async finish(db: Db, state: string, code: string, iss: string | undefined): Promise<ProvenIdentity> {
    const config = await this.config();
    const login = await this.claim(db, state);
    const callback = new URL(login.redirect_uri);
    callback.searchParams.set('code', code);
    callback.searchParams.set('state', state);
    if (iss) callback.searchParams.set('iss', iss);
    let claims: Record<string, unknown> | undefined;
    try {
      const tokens = await oidc.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: login.code_verifier,
        expectedState: state,
        expectedNonce: login.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
      if (claims && typeof claims.email !== 'string' && typeof claims.sub === 'string' && tokens.access_token) {
        // Providers that keep the ID token small give the e-mail at the UserInfo endpoint (checked to be the same sub).
        claims = { ...(await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)), ...claims };
      }
    } catch (err) {
      throw callbackFailure(err);
    }
    if (!claims || typeof claims.sub !== 'string') throw callbackFailure(new Error('no ID token'));
    const email = typeof claims.email === 'string' ? claims.email.trim() : '';
    if (!email) {
      throw new ApiError(
        400,
        'EMAIL_REQUIRED',
        'The sign-in provider did not share an e-mail address. Allow it to, then sign in again.',
      );
    }
    return {
      issuer: String(claims.iss),
      subject: claims.sub,
      email,
      emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    };
  }

  /**
   * Where the browser goes to end the provider's session too (RP-initiated logout), when the provider offers it;
   * it comes back to `returnTo`. Null without an end_session_endpoint (Google) or while the provider is unreachable.
   */
  async endSessionUrl(returnTo: string): Promise<string | null> {
    let config: oidc.Configuration;
    try {
      config = await this.configured();
    } catch {
      return null;
    }
    if (!config.serverMetadata().end_session_endpoint) return null;
    return oidc.buildEndSessionUrl(config, { client_id: this.settings.clientId, post_logout_redirect_uri: returnTo }).toString();
  }
}

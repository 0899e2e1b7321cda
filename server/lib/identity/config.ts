/**
 * Which identity provider signs people in (docs/deploy.md "Sign-in"): a hosted OpenID Connect provider
 * (OIDC_ISSUER), or the stand-in page for laptops and tests. The stand-in lets anyone be anyone, so it is on
 * only where nobody else can reach it (a loopback PUBLIC_ORIGIN) or where it is asked for by name (STANDIN_IDP=1).
 */

export type IdentityConfig =
  | { kind: 'standin'; /** STANDIN_IDP=1: on whatever the origin, with a warning at each start. */ explicit: boolean }
  | {
      kind: 'oidc';
      issuer: string;
      clientId: string;
      /** Absent for a public client (PKCE alone). */
      clientSecret: string | null;
    };

export class IdentityConfigError extends Error {}

const IDP_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

export const DEFAULT_IDP_NAMES = { standin: 'local', oidc: 'oidc' } as const;

function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/** A loopback origin (or none: the server then answers on http://localhost:<port>). */
export function isLoopbackOrigin(origin: string | undefined): boolean {
  if (!origin) return true;
  try {
    return isLoopbackHost(new URL(origin).hostname);
  } catch {
    return false;
  }
}

/** Reads OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET and STANDIN_IDP; throws IdentityConfigError on a bad value. */
export function parseIdentityEnv(env: Record<string, string | undefined>): IdentityConfig {
  const issuer = env.OIDC_ISSUER?.trim();
  if (!issuer) {
    if (env.OIDC_CLIENT_ID?.trim()) throw new IdentityConfigError('OIDC_CLIENT_ID is set without OIDC_ISSUER');
    return { kind: 'standin', explicit: env.STANDIN_IDP === '1' };
  }
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    throw new IdentityConfigError(`OIDC_ISSUER '${issuer}' is not a URL; expected e.g. https://accounts.google.com`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) {
    throw new IdentityConfigError(`OIDC_ISSUER '${issuer}' must be an https:// URL (http:// only on this machine)`);
  }
  const clientId = env.OIDC_CLIENT_ID?.trim();
  if (!clientId) throw new IdentityConfigError('OIDC_ISSUER is set but OIDC_CLIENT_ID is not');
  return { kind: 'oidc', issuer, clientId, clientSecret: env.OIDC_CLIENT_SECRET || null };
}

/** IDP_NAME, the path segment of /api/v1/auth/{IDP_NAME}/…; by default 'local' for the stand-in, 'oidc' otherwise. */
export function parseIdpName(value: string | undefined, identity: IdentityConfig): string {
  const name = value?.trim() || DEFAULT_IDP_NAMES[identity.kind];
  if (!IDP_NAME_PATTERN.test(name)) {
    throw new IdentityConfigError(`IDP_NAME '${name}' must be letters, digits, '-' or '_' (e.g. google, keycloak)`);
  }
  return name;
}

/**
 * Refuses the stand-in where the internet could reach it: a non-loopback PUBLIC_ORIGIN needs a provider, or the
 * stand-in asked for by name.
 */
export function assertIdentityAllowed(identity: IdentityConfig, publicOrigin: string | undefined): void {
  if (identity.kind === 'oidc' || identity.explicit || isLoopbackOrigin(publicOrigin)) return;
  throw new IdentityConfigError(
    `PUBLIC_ORIGIN ${publicOrigin} is not this machine, and no identity provider is configured: set OIDC_ISSUER, ` +
      'OIDC_CLIENT_ID and OIDC_CLIENT_SECRET (and IDP_NAME) for a hosted OpenID Connect provider (docs/deploy.md ' +
      '"Sign-in"), or STANDIN_IDP=1 to let anyone sign in as anyone through the local stand-in (never on the internet)',
  );
}

/** Said at every start with STANDIN_IDP=1 (and on the console, not only in the log). */
export const STANDIN_WARNING =
  'WARNING: STANDIN_IDP=1: the stand-in sign-in page is on, and anyone who reaches this server can sign in as anyone. ' +
  'Set OIDC_ISSUER before real people use it.';

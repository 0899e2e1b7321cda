/**
 * The one public origin links and redirects are built from. The Host header only selects which of the
 * accepted origins a request arrived on; it never becomes part of a link, and any other Host is refused
 * (421) by the onRequest hook in app.ts.
 */

export class OriginConfigError extends Error {}

const LOOPBACK_TWINS: Record<string, string> = { localhost: '127.0.0.1', '127.0.0.1': 'localhost' };

/**
 * Normalises PUBLIC_ORIGIN: an http(s) origin without path, query, fragment or credentials.
 * Returns e.g. `http://localhost:3000` (default ports dropped).
 */
export function parsePublicOrigin(value: string): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new OriginConfigError(`PUBLIC_ORIGIN '${value}' is not a URL; expected e.g. https://courtside.example.com`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OriginConfigError(`PUBLIC_ORIGIN '${value}' must start with http:// or https://`);
  }
  if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) {
    throw new OriginConfigError(
      `PUBLIC_ORIGIN '${value}' must be an origin only (scheme, host and port), without path, query or credentials`,
    );
  }
  return url.origin;
}

/** The origins this server answers on: the public one and, for a loopback name, its localhost/127.0.0.1 twin. */
export function acceptedOrigins(publicOrigin: string): string[] {
  const url = new URL(publicOrigin);
  const twin = LOOPBACK_TWINS[url.hostname];
  if (!twin) return [url.origin];
  const other = new URL(url.origin);
  other.hostname = twin;
  return [url.origin, other.origin];
}

/** Host header values that name `origin`: `host:port`, and for a default port also the bare host and `host:80|443`. */
function hostValues(origin: string): string[] {
  const url = new URL(origin);
  if (url.port) return [url.host];
  return [url.hostname, `${url.hostname}:${url.protocol === 'https:' ? 443 : 80}`];
}

export interface OriginPolicy {
  /** The accepted origin a request with this Host arrived on, or null when the Host is not ours. */
  match(host: string | undefined): string | null;
  /** The configured public origin (for the start-up line). */
  primary(): string;
}

/**
 * `configured` is PUBLIC_ORIGIN; without it the origin is `http://localhost:<port the server listens on>`
 * (port 80 before listen: what `app.inject()` sends), so tests and `PORT=0` need no configuration.
 */
export function createOriginPolicy(configured: string | undefined, listeningPort: () => number | null): OriginPolicy {
  const fixed = configured === undefined ? null : parsePublicOrigin(configured);
  let cacheKey: string | null = null;
  let cache = new Map<string, string>();
  const primary = (): string => {
    if (fixed) return fixed;
    const port = listeningPort();
    return new URL(`http://localhost:${port ?? 80}`).origin;
  };
  const table = (): Map<string, string> => {
    const origin = primary();
    if (origin !== cacheKey) {
      cache = new Map();
      for (const accepted of acceptedOrigins(origin)) {
        for (const host of hostValues(accepted)) cache.set(host, accepted);
      }
      cacheKey = origin;
    }
    return cache;
  };
  return {
    primary,
    match(host) {
      if (typeof host !== 'string' || host === '') return null;
      return table().get(host.toLowerCase()) ?? null;
    },
  };
}

/**
 * The launch token arrives in the address (`/editor/{id}?token=…`, the spec's contract). It is taken out of the
 * address bar before anything else runs (launchNow.ts is the bundle's first module), so it stays in no history
 * entry, no bookmark and no screenshot; it lives only in memory until it is traded for a credential.
 */

export interface Launch {
  sessionId: string | null;
  token: string | null;
}

const SESSION_PATH = /^\/editor\/([^/?#]+)\/?$/;

/** Reads the session id and the token from an address; `cleanUrl` is the same address without the token. */
export function readLaunch(href: string): Launch & { cleanUrl: string } {
  const url = new URL(href);
  const match = SESSION_PATH.exec(url.pathname);
  let sessionId: string | null = null;
  if (match?.[1]) {
    try {
      sessionId = decodeURIComponent(match[1]);
    } catch {
      sessionId = null;
    }
  }
  const token = url.searchParams.get('token');
  url.searchParams.delete('token');
  return { sessionId, token: token === '' ? null : token, cleanUrl: `${url.pathname}${url.search}${url.hash}` };
}

/** Strips the token from the address bar (history.replaceState: no new entry, no navigation). */
export function takeLaunch(location: Pick<Location, 'href'>, history: Pick<History, 'replaceState' | 'state'>): Launch {
  const { sessionId, token, cleanUrl } = readLaunch(location.href);
  if (token !== null) history.replaceState(history.state, '', cleanUrl);
  return { sessionId, token };
}

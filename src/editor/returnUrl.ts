/**
 * Where the editor sends the browser back (pure). Render: the return address with
 * `editing_session={id}&editing_completed=true`; Cancel: the return address unchanged. Only an address on the
 * editor's own origin is followed; anything else (never expected: the server checks it) goes to the app's '/'.
 */

export function completedReturnUrl(returnUrl: string, sessionId: string): string {
  const hashAt = returnUrl.indexOf('#');
  const base = hashAt === -1 ? returnUrl : returnUrl.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : returnUrl.slice(hashAt);
  const sep = base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?';
  return `${base}${sep}editing_session=${encodeURIComponent(sessionId)}&editing_completed=true${hash}`;
}

/** `url` when it is an http(s) address on `origin`, else `origin + '/'`. */
export function safeReturnUrl(url: string, origin: string): string {
  try {
    const parsed = new URL(url, origin);
    if (parsed.origin === origin && (parsed.protocol === 'http:' || parsed.protocol === 'https:')) return parsed.href;
  } catch {
    // not a URL: the app's start page
  }
  return `${origin}/`;
}

/**
 * Where the login screen sends a user who is (or becomes) signed in while it shows: back to the page the route
 * guard turned away (its `state.from`), else home. A session handed over by another tab can arrive after this
 * tab already went to /login (crossTab.ts answers within SESSION_HANDOFF_WAIT_MS, but a busy tab may answer
 * later); without this the user would land on home instead of the page they opened.
 *
 * Only an in-app path is accepted: one leading slash, never `//` (another origin) or `/login` itself.
 */
export function returnPathOf(locationState: unknown): string {
  if (typeof locationState !== 'object' || locationState === null) return '/';
  const from: unknown = (locationState as { from?: unknown }).from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return '/';
  if (from === '/login' || from.startsWith('/login?') || from.startsWith('/login/')) return '/';
  return from;
}

/**
 * The signed-in pages whose first screen the build paints in HTML (docs/performance.md "A frame painted by
 * HTML"): the shell and the screen's loading state, as a phone shows them, laid over the page until the app's
 * own render of that screen takes over. Shared by the build (webpack.config.ts writes each `file`) and the server
 * (routes/static.ts answers a navigation to `pattern` with it), so it imports nothing.
 *
 * `pattern` is the route table's path for the screen (src/app/routes.ts; a test checks they match); `location` is
 * the address the build renders for it, with a stand-in for each parameter.
 */
export interface FramedPage {
  file: string;
  pattern: string;
  location: string;
  /**
   * The API call (under /api/v1/, its `:param`s those of `pattern`) whose answer's `data.name` the page's first
   * script writes into the frame's heading (FRAME_HEADING_ATTRIBUTE), where the screen's first paint is that name
   * (frameScript.ts; docs/decisions.md "The frame names its event").
   */
  heading?: string;
}

export const FRAMED_PAGES: readonly FramedPage[] = [
  { file: 'frame-my-clips.html', pattern: '/clips', location: '/clips' },
  {
    file: 'frame-highlight-create.html',
    pattern: '/highlights/create/:eventId',
    location: '/highlights/create/frame',
    heading: 'events/:eventId',
  },
];

/** Whether a path (no query) matches a route pattern: literal segments equal, each `:param` one non-empty segment. */
export function matchesPattern(pathname: string, pattern: string): boolean {
  const want = pattern.split('/');
  const got = pathname.split('/');
  if (want.length !== got.length) return false;
  return want.every((segment, i) => {
    const actual = got[i] ?? '';
    return segment.startsWith(':') ? actual !== '' : segment === actual;
  });
}

/** The framed page a navigation to `pathname` gets, if any. */
export function framedPageFor(pathname: string): FramedPage | null {
  return FRAMED_PAGES.find((page) => matchesPattern(pathname, page.pattern)) ?? null;
}

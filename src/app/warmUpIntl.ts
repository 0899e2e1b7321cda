/**
 * ICU's data, which the first Intl formatter a page builds loads: one task of 110–220 ms with the CPU 4× slower
 * (timed in a blank page in Debian's Chromium), where each later formatter takes a few ms. Every screen that shows a
 * time (My Clips, an event's clips, tags, highlights) builds one in its first render with data, and Lighthouse counted
 * that task as blocking time wherever it fell: in the rows, in a stage of the start, in a framed page's first script.
 *
 * ICU keeps what it has loaded for the whole renderer process, threads included, so a worker that builds the same
 * formatters (public/intl-warm-up.js) leaves the page's own first one at about a millisecond: the load happens on
 * another thread while the page's code downloads (docs/performance.md "ICU's data, off the main thread").
 */

/** The worker's script, served from the app's origin (the CSP's script-src 'self' admits it as a worker). */
export const INTL_WARM_UP_SCRIPT = '/intl-warm-up.js';
/** Set on <html> once a warm-up is on its way: by a framed page's first script (src/prerender/frameScript.ts) or below. */
export const INTL_WARMING_ATTRIBUTE = 'data-intl-warming';

export type IntlWarmUp = 'worker' | 'already' | 'main' | 'skipped';

/**
 * Starts the warm-up in a worker, unless the page's first script did. Where no worker can start, a page still blank
 * loads the data on the main thread, before anything is painted; a page that arrived painted (the prerendered /login,
 * which shows no time) is left alone, since there it would block a page one can tap.
 */
export function warmUpIntl(root: Element | null, doc: Document = document): IntlWarmUp {
  const html = doc.documentElement;
  if (html.hasAttribute(INTL_WARMING_ATTRIBUTE)) return 'already';
  if (!root || root.hasChildNodes()) return 'skipped';
  try {
    // Its own failure to load (an old server without the file) only means the first formatter pays, as before.
    new Worker(INTL_WARM_UP_SCRIPT);
    html.setAttribute(INTL_WARMING_ATTRIBUTE, '');
    return 'worker';
  } catch {
    new Intl.DateTimeFormat().resolvedOptions();
    return 'main';
  }
}

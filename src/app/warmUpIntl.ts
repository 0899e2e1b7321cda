/**
 * ICU's data, which the first Intl formatter a page builds loads: one long task, where each later formatter takes a
 * few ms. Every screen that shows a
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

export type IntlWarmUp = 'worker' | 'already' | 'skipped' | 'failed';

/**
 * Starts the warm-up in a worker on a blank page, unless the page's first script did. A page that arrived painted
 * (the prerendered /login, which shows no time) starts none. Where no worker starts (or its script fails to load),
 * the page's first formatter loads the data itself, as before there was a worker.
 */
export function warmUpIntl(root: Element | null, doc: Document = document): IntlWarmUp {
  const html = doc.documentElement;
  if (html.hasAttribute(INTL_WARMING_ATTRIBUTE)) return 'already';
  if (!root || root.hasChildNodes()) return 'skipped';
  try {
    new Worker(INTL_WARM_UP_SCRIPT);
    html.setAttribute(INTL_WARMING_ATTRIBUTE, '');
    return 'worker';
  } catch {
    return 'failed';
  }
}

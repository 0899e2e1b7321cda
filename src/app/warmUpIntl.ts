/**
 * The first Intl formatter a page builds, whichever it is, loads ICU's locale and time-zone data: one task of
 * 110–220 ms with the CPU 4× slower (timed in a blank page in Debian's Chromium), where each later one takes a
 * few ms; `npm run bench:profile` found it in My Clips' rows. Every screen that shows a time (My Clips, an
 * event's clips, tags, highlights) builds one in its first render with data, so that task fell while the shell
 * was on screen and answering taps, and Lighthouse counted it as blocking time. The start pays it instead while the
 * page is still blank: a page that arrived painted (the prerendered /login, which shows no time) is left alone,
 * since there it would block a page one can tap. A framed page (src/prerender/frameScript.ts) paid it in its first
 * inline script, before the frame painted; its #root is empty, so this runs again there, at a few ms.
 *
 * Returns whether it warmed.
 */
export function warmUpIntlWhileBlank(root: Element | null): boolean {
  if (!root || root.hasChildNodes()) return false;
  // The device's zone: venueTime.ts asks for it before its first formatter.
  new Intl.DateTimeFormat().resolvedOptions();
  return true;
}

/**
 * The scripts a prerendered page asks for at once (docs/performance.md "Create Highlight: its code and its data at once"). Without
 * them each lazily loaded chunk is asked for only when the code before it has run: the start's own chunks, then
 * the shell's, then the screen's, each a round trip after the last (on a phone's network, half a second each). The
 * build knows the files of each named chunk group, so the page names them in `<link rel="preload">`, at low
 * priority so that they never hold up the start's own scripts. Dependency-free: webpack.config.ts calls it.
 */

/** The chunk groups (webpackChunkName) every signed-in start loads, whatever the screen. */
export const SIGNED_IN_START_GROUPS: readonly string[] = ['upload-engine', 'tag-outbox', 'idb-keyval'];

/**
 * The JS files of the named chunk groups, in order, each once, without the files every page loads already.
 * Throws for a name the build does not have, so a renamed chunk fails the build instead of preloading nothing.
 */
export function preloadedScripts(
  groups: ReadonlyMap<string, readonly string[]>,
  names: readonly string[],
  initialFiles: readonly string[],
): string[] {
  const skip = new Set(initialFiles);
  const files: string[] = [];
  for (const name of names) {
    const groupFiles = groups.get(name);
    if (!groupFiles) throw new Error(`No chunk group named "${name}" to preload`);
    for (const file of groupFiles) {
      if (!file.endsWith('.js') || skip.has(file)) continue;
      skip.add(file);
      files.push(file);
    }
  }
  return files;
}

/** `<link rel="preload">` for each script (paths relative to the site's root, as webpack names them). */
export function preloadLinks(files: readonly string[]): string {
  return files.map((file) => `<link rel="preload" as="script" href="/${file}" fetchpriority="low">`).join('');
}

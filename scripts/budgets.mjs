// The bundle budgets CI enforces (`npm run size`), as pure functions over measured sizes so they can be
// tested without a build. Sizes are gzip bytes (level 9); 1 KB = 1024 bytes.
//
// - Initial JS: the entry chunks index.html loads before anything else (every page pays for them).
// - Lazily loaded file: every other JS file the build emits, i.e. a route's own chunk and each shared
//   chunk loaded on demand. Each one is capped on its own; what a route adds in all (its chunk group
//   minus the initial files) is reported, not capped.

export const BUDGETS = Object.freeze({
  initialGzip: 170 * 1024,
  lazyFileGzip: 40 * 1024,
});

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * Splits a build into what the budgets look at.
 * @param {string[]} initialFiles JS files index.html loads, in order.
 * @param {string[]} emittedFiles every JS file in the build.
 * @param {Record<string, string[]>} chunkGroups named chunk group -> its JS files (webpack's namedChunkGroups).
 */
export function describeBuild(initialFiles, emittedFiles, chunkGroups) {
  const initial = new Set(initialFiles.map(normalise));
  const lazyFiles = [...new Set(emittedFiles.map(normalise))].filter((f) => !initial.has(f)).sort();
  const routes = Object.entries(chunkGroups)
    .filter(([name]) => name !== 'main')
    .map(([name, files]) => ({ name, files: [...new Set(files.map(normalise))].filter((f) => !initial.has(f)) }));
  return { initialFiles: [...initial], lazyFiles, routes };
}

const normalise = (file) => file.replace(/^\/+/, '');

/**
 * @param {{ initialFiles: string[], lazyFiles: string[] }} build from describeBuild
 * @param {(file: string) => number} gzipSize
 * @returns {{ what: string, size: number, limit: number, over: number }[]} one entry per broken budget
 */
export function checkBudgets(build, gzipSize, budgets = BUDGETS) {
  const failures = [];
  const initialTotal = build.initialFiles.reduce((t, f) => t + gzipSize(f), 0);
  if (initialTotal > budgets.initialGzip) {
    failures.push({
      what: 'initial JS',
      size: initialTotal,
      limit: budgets.initialGzip,
      over: initialTotal - budgets.initialGzip,
    });
  }
  for (const file of build.lazyFiles) {
    const size = gzipSize(file);
    if (size > budgets.lazyFileGzip) {
      failures.push({ what: `lazily loaded ${file}`, size, limit: budgets.lazyFileGzip, over: size - budgets.lazyFileGzip });
    }
  }
  return failures;
}

export function describeFailure({ what, size, limit, over }) {
  return `${what} is ${kb(size)} gzip: ${kb(over)} (${over} bytes) over its ${kb(limit)} budget`;
}

// The bundle budgets CI enforces (`npm run size`), as pure functions over measured sizes so they can be
// tested without a build. Sizes are gzip bytes (level 9); 1 KB = 1024 bytes.
//
// - Initial JS: the entry chunks index.html loads before anything else (every page pays for them).
// - Lazily loaded file: every other JS file the build emits, i.e. a route's own chunk and each shared
//   chunk loaded on demand. Each one is capped on its own; what a route adds in all (its chunk group
//   minus the initial files) is reported, not capped.
// - Editor JS: the scripts editor.html loads (the highlight editor at /editor/{id}, its own compilation: see
//   docs/editor.md). Never initial for the app and not one of its lazy files; capped together.
// - Watch page JS: the scripts watch.html loads (the public watch page at /s/{shareId}, its own compilation: see
//   docs/watch-page.md), the same way.

export const BUDGETS = Object.freeze({
  // The plain store's start: React, React Router, MUI's styling engine, Redux Toolkit with RTK Query, redux-saga and
  // valibot, the session's and the sign-in's sagas. MUI's CSS-variables theme is left out of the build
  // (webpack.config.ts); the signed-in user's sagas and every screen are chunks of their own. See
  // docs/performance.md "Initial JS".
  initialGzip: 160 * 1024,
  lazyFileGzip: 40 * 1024,
  editorGzip: 60 * 1024,
  // The page's size (the app's player with its MUI components and theme, on Preact's compatibility layer) with
  // about 10 % to spare.
  watchGzip: 60 * 1024,
});

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * Splits a build into what the budgets look at.
 * @param {string[]} initialFiles JS files index.html loads, in order.
 * @param {string[]} emittedFiles every JS file in the build.
 * @param {Record<string, string[]>} chunkGroups named chunk group -> its JS files (webpack's namedChunkGroups).
 * @param {string[]} [editorPageFiles] JS files editor.html loads (the editor's own compilation).
 * @param {string[]} [watchPageFiles] JS files watch.html loads (the public watch page's own compilation).
 */
export function describeBuild(initialFiles, emittedFiles, chunkGroups, editorPageFiles = [], watchPageFiles = []) {
  const initial = new Set(initialFiles.map(normalise));
  const pageFiles = (files) => [...new Set(files.map(normalise))].filter((f) => !initial.has(f));
  const editorFiles = pageFiles(editorPageFiles);
  const watchFiles = pageFiles(watchPageFiles);
  const ownPages = new Set([...editorFiles, ...watchFiles]);
  const lazyFiles = [...new Set(emittedFiles.map(normalise))].filter((f) => !initial.has(f) && !ownPages.has(f)).sort();
  const routes = Object.entries(chunkGroups)
    .filter(([name]) => name !== 'main')
    .map(([name, files]) => ({ name, files: [...new Set(files.map(normalise))].filter((f) => !initial.has(f)) }));
  return { initialFiles: [...initial], lazyFiles, routes, editorFiles, watchFiles };
}

const normalise = (file) => file.replace(/^\/+/, '');

/**
 * @param {{ initialFiles: string[], lazyFiles: string[], editorFiles?: string[], watchFiles?: string[] }} build from describeBuild
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
  const editorTotal = (build.editorFiles ?? []).reduce((t, f) => t + gzipSize(f), 0);
  if (editorTotal > budgets.editorGzip) {
    failures.push({ what: 'editor JS', size: editorTotal, limit: budgets.editorGzip, over: editorTotal - budgets.editorGzip });
  }
  const watchTotal = (build.watchFiles ?? []).reduce((t, f) => t + gzipSize(f), 0);
  if (watchTotal > budgets.watchGzip) {
    failures.push({ what: 'watch page JS', size: watchTotal, limit: budgets.watchGzip, over: watchTotal - budgets.watchGzip });
  }
  return failures;
}

export function describeFailure({ what, size, limit, over }) {
  return `${what} is ${kb(size)} gzip: ${kb(over)} (${over} bytes) over its ${kb(limit)} budget`;
}

// Prints the gzip size of the initial JS (what every page loads first), of each lazily loaded file,
// and what each lazily loaded screen adds on top (from build-stats/chunk-groups.json); exits non-zero
// when a budget in scripts/budgets.mjs is broken, naming it and by how much (CI runs this).
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { BUDGETS, checkBudgets, describeBuild, describeFailure, kb } from './budgets.mjs';

const root = new URL('..', import.meta.url).pathname;
// DIST_DIR / BUILD_STATS_DIR: measure a build made elsewhere (`webpack --output-path …`).
const dist = process.env.DIST_DIR ?? join(root, 'dist');
const groupsFile = join(process.env.BUILD_STATS_DIR ?? join(root, 'build-stats'), 'chunk-groups.json');
if (!existsSync(join(dist, 'index.html')) || !existsSync(groupsFile)) {
  console.error('No production build found: run `npm run build` first.');
  process.exit(1);
}
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const initialFiles = [...html.matchAll(/<script[^>]*\ssrc=["']?\/?([^"'\s>]+\.js)/g)].map((m) => m[1]);
const emittedFiles = readdirSync(dist, { recursive: true })
  .map(String)
  .filter((f) => f.endsWith('.js'))
  .map((f) => f.split('\\').join('/'));
const groups = JSON.parse(readFileSync(groupsFile, 'utf8'));
// The highlight editor's page (docs/editor.md): its own compilation, measured on its own.
const scriptsOf = (page) => [...page.matchAll(/<script[^>]*\ssrc=["']?\/?([^"'\s>]+\.js)/g)].map((m) => m[1]);
const editorHtml = join(dist, 'editor.html');
const editorPageFiles = existsSync(editorHtml) ? scriptsOf(readFileSync(editorHtml, 'utf8')) : [];
// The public watch page (docs/watch-page.md): its own compilation too.
const watchHtml = join(dist, 'watch.html');
const watchPageFiles = existsSync(watchHtml) ? scriptsOf(readFileSync(watchHtml, 'utf8')) : [];
const build = describeBuild(initialFiles, emittedFiles, groups, editorPageFiles, watchPageFiles);

const sizes = new Map();
const gz = (file) => {
  if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return sizes.get(file);
};
const sum = (files) => files.reduce((t, f) => t + gz(f), 0);

const initialTotal = sum(build.initialFiles);
console.log(`Initial JS (loaded by every page before anything else; budget ${kb(BUDGETS.initialGzip)}):`);
for (const file of build.initialFiles) console.log(`  ${file.padEnd(44)} ${kb(gz(file)).padStart(10)}`);
console.log(`  ${'total'.padEnd(44)} ${kb(initialTotal).padStart(10)}`);

const largest = [...build.lazyFiles].sort((a, b) => gz(b) - gz(a));
console.log(`\nLazily loaded files (budget ${kb(BUDGETS.lazyFileGzip)} each), largest first:`);
for (const file of largest.slice(0, 8)) console.log(`  ${file.padEnd(44)} ${kb(gz(file)).padStart(10)}`);
if (largest.length > 8) console.log(`  … and ${largest.length - 8} smaller`);

console.log('\nEach lazily loaded chunk group: what it adds to the initial JS, and the total for that screen:');
const rows = build.routes
  .map((r) => ({ name: r.name, added: sum(r.files), files: r.files.length }))
  .sort((a, b) => b.added - a.added);
for (const r of rows)
  console.log(
    `  ${r.name.padEnd(24)} +${kb(r.added).padStart(9)} in ${r.files} file(s)   = ${kb(initialTotal + r.added).padStart(9)}`,
  );

const login = rows.find((r) => r.name === 'login');
if (login) {
  console.log(
    `\n/login loads ${kb(initialTotal + login.added)} of JS in all (gzip): initial ${kb(initialTotal)} + login screen ${kb(login.added)}.`,
  );
}

if (build.editorFiles.length > 0) {
  console.log(`\nHighlight editor (editor.html, not part of the app; budget ${kb(BUDGETS.editorGzip)} in all):`);
  for (const file of build.editorFiles) console.log(`  ${file.padEnd(44)} ${kb(gz(file)).padStart(10)}`);
  console.log(`  ${'total'.padEnd(44)} ${kb(sum(build.editorFiles)).padStart(10)}`);
} else {
  console.log('\nNo editor.html in this build: the highlight editor is not measured.');
}

if (build.watchFiles.length > 0) {
  console.log(`\nPublic watch page (watch.html, not part of the app; budget ${kb(BUDGETS.watchGzip)} in all):`);
  for (const file of build.watchFiles) console.log(`  ${file.padEnd(44)} ${kb(gz(file)).padStart(10)}`);
  console.log(`  ${'total'.padEnd(44)} ${kb(sum(build.watchFiles)).padStart(10)}`);
} else {
  console.log('\nNo watch.html in this build: the public watch page is not measured.');
}

const failures = checkBudgets(build, gz);
if (failures.length > 0) {
  console.error(`\nBudget${failures.length > 1 ? 's' : ''} exceeded:`);
  for (const failure of failures) console.error(`  ${describeFailure(failure)}`);
  process.exit(1);
}
console.log('\nAll budgets met.');

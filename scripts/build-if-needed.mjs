// Builds the app when dist/ is missing or was built from other inputs than the ones here, so `npm start` works on a
// fresh clone and never rebuilds what is already built. `--always` builds whatever the stamp says (`npm run build`).
//
// Staleness is decided by content: a hash of every input file (path and bytes) and of the settings the build reads
// from the environment, stored beside the build. Modification times moved for nothing (a file added and removed,
// a checkout) and made every start rebuild.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
// The app's, the editor's and the public watch page's pages (webpack.config.ts exports three configurations).
const pages = ['index.html', 'editor.html', 'watch.html'].map((page) => join(root, 'dist', page));
// Under node_modules/.cache, not dist/: dist/ is served as it is.
const stampFile = join(root, 'node_modules', '.cache', 'courtside', 'build-inputs.sha256');
const INPUTS = ['src', 'public', 'webpack.config.ts', 'babel.config.js', 'tsconfig.json', 'package-lock.json'];
// What webpack.config.ts reads from the environment into the bundle.
const BUILD_SETTINGS = ['API_BASE_URL', 'GOOGLE_MAPS_KEY', 'SUPPORT_EMAIL'];

/** Every file under `path`, in a stable order; tests are not bundled, so they do not count. */
function files(path) {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => files(join(path, name)))
    .filter((file) => !/\.test\.tsx?$/.test(file));
}

function inputsHash() {
  const hash = createHash('sha256');
  for (const name of BUILD_SETTINGS) hash.update(`${name}=${process.env[name] ?? ''}\0`);
  for (const input of INPUTS.map((p) => join(root, p)).filter(existsSync)) {
    for (const file of files(input)) {
      hash.update(`${relative(root, file)}\0`);
      hash.update(readFileSync(file));
      hash.update('\0');
    }
  }
  return hash.digest('hex');
}

const always = process.argv.includes('--always');
const built = pages.every((page) => existsSync(page));
const hash = inputsHash();
const stamp = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : null;
const stale = always || !built || stamp !== hash;
const webpackCli = join(root, 'node_modules/webpack-cli/bin/cli.js');

if (stale && !existsSync(webpackCli)) {
  // A deployment pruned to its runtime packages (npm prune --omit=dev) cannot build: it serves what was built.
  if (built) {
    console.log(
      'dist/ may not match the sources, but the build tools are not installed (npm prune --omit=dev): serving it as built.',
    );
    process.exit(0);
  }
  console.error('dist/ is missing and the build tools are not installed: run `npm run build` before `npm prune --omit=dev`.');
  process.exit(1);
}

if (!stale) {
  console.log('dist/ is up to date.');
  process.exit(0);
}

if (!always) console.log('Building the app (dist/ is missing or was built from other sources)…');
const result = spawnSync(process.execPath, [webpackCli, '--mode', 'production'], { cwd: root, stdio: 'inherit' });
if (result.status === 0) {
  // The hash of the inputs as they were when the build started: a file changed during the build makes the next
  // start build again.
  mkdirSync(dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, `${hash}\n`);
}
process.exit(result.status ?? 1);

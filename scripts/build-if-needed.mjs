// Builds the app when dist/ is missing or older than the sources, so `npm start` works on a fresh clone.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const index = join(root, 'dist', 'index.html');
// The editor's and the public watch page's pages are their own builds (webpack.config.ts exports three configurations).
const editor = join(root, 'dist', 'editor.html');
const watch = join(root, 'dist', 'watch.html');

function newestMtime(path) {
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), s.mtimeMs);
}

const inputs = ['src', 'public', 'webpack.config.ts', 'babel.config.js', 'package-lock.json']
  .map((p) => join(root, p))
  .filter(existsSync);
const stale =
  [index, editor, watch].some((page) => !existsSync(page)) || inputs.some((p) => newestMtime(p) > statSync(index).mtimeMs);

const webpackCli = join(root, 'node_modules/webpack-cli/bin/cli.js');
const built = [index, editor, watch].every((page) => existsSync(page));

if (stale && !existsSync(webpackCli)) {
  // A deployment pruned to its runtime packages (npm prune --omit=dev) cannot build: it serves what was built.
  if (built) {
    console.log(
      'dist/ may be older than the sources, but the build tools are not installed (npm prune --omit=dev): serving it as built.',
    );
    process.exit(0);
  }
  console.error('dist/ is missing and the build tools are not installed: run `npm run build` before `npm prune --omit=dev`.');
  process.exit(1);
}

if (stale) {
  console.log('Building the app (dist/ is missing or older than the sources)…');
  const result = spawnSync(process.execPath, [webpackCli, '--mode', 'production'], {
    cwd: root,
    stdio: 'inherit',
  });
  process.exit(result.status ?? 1);
} else {
  console.log('dist/ is up to date.');
}

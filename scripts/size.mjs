// Prints the gzip size of the initial JS (what /login loads before anything else) and of every lazily loaded chunk.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = new URL('..', import.meta.url).pathname;
const dist = join(root, 'dist');
if (!existsSync(join(dist, 'index.html'))) {
  console.error('dist/index.html is missing: run `npm run build` first.');
  process.exit(1);
}
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const initial = [...html.matchAll(/<script[^>]+src="\/?([^"]+\.js)"/g)].map((m) => m[1]);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

let initialTotal = 0;
console.log('Initial JS (loaded by every page, including /login):');
for (const file of initial) {
  const size = gz(file);
  initialTotal += size;
  console.log(`  ${file.padEnd(48)} ${kb(size).padStart(10)}`);
}
console.log(`  ${'total'.padEnd(48)} ${kb(initialTotal).padStart(10)}`);

const chunks = readdirSync(join(dist, 'assets'))
  .filter((f) => f.endsWith('.js') && !initial.includes(`assets/${f}`))
  .map((f) => ({ file: `assets/${f}`, name: f.replace(/\.[0-9a-f]{8}\.js$/, ''), size: gz(`assets/${f}`) }))
  .sort((a, b) => b.size - a.size);
console.log('\nLazily loaded chunks (route screens and their shared code):');
for (const c of chunks) console.log(`  ${c.name.padEnd(48)} ${kb(c.size).padStart(10)}`);

const loginChunk = chunks.find((c) => c.name === 'login');
if (loginChunk) console.log(`\n/login: initial ${kb(initialTotal)} + login chunk ${kb(loginChunk.size)} = ${kb(initialTotal + loginChunk.size)} gzip`);

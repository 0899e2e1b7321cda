// Prints the gzip size of the initial JS (what every page loads first) and of what each lazily
// loaded screen adds on top, counting every chunk the screen needs (from build-stats/chunk-groups.json).
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = new URL('..', import.meta.url).pathname;
const dist = join(root, 'dist');
const groupsFile = join(root, 'build-stats', 'chunk-groups.json');
if (!existsSync(join(dist, 'index.html')) || !existsSync(groupsFile)) {
  console.error('No production build found: run `npm run build` first.');
  process.exit(1);
}
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const initial = [...html.matchAll(/<script[^>]*\ssrc=["']?\/?([^"'\s>]+\.js)/g)].map((m) => m[1]);
const groups = JSON.parse(readFileSync(groupsFile, 'utf8'));
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const sum = (files) => files.reduce((t, f) => t + gz(f), 0);

const initialTotal = sum(initial);
console.log('Initial JS (loaded by every page before anything else):');
for (const file of initial) console.log(`  ${file.padEnd(44)} ${kb(gz(file)).padStart(10)}`);
console.log(`  ${'total'.padEnd(44)} ${kb(initialTotal).padStart(10)}`);

console.log('\nEach lazily loaded chunk group: what it adds to the initial JS, and the total for that screen:');
const rows = Object.entries(groups)
  .filter(([name]) => name !== 'main')
  .map(([name, files]) => {
    const extra = files.map((f) => f.replace(/^\//, '')).filter((f) => !initial.includes(f));
    return { name, added: sum(extra), files: extra.length };
  })
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

/**
 * Every rule the code cites must be readable in this repository: citations name `docs/product/part-N.md §M`,
 * and that part and section must exist (docs/product/README.md).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const SCANNED = ['src', 'server', 'e2e', 'scripts', 'docs'];
const SKIPPED = new Set(['node_modules', '.artifacts', 'product']);
const EXTENSIONS = /\.(ts|tsx|mjs|js|sql|md)$/;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (SKIPPED.has(name)) return [];
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return files(full);
    return EXTENSIONS.test(name) ? [full] : [];
  });
}

function sectionsOf(part: string): Set<string> {
  const text = readFileSync(path.join(ROOT, 'docs', 'product', `part-${part}.md`), 'utf8');
  return new Set([...text.matchAll(/^## (\d+)\./gm)].map((m) => m[1] ?? ''));
}

const SECTIONS: Record<string, Set<string>> = { '1': sectionsOf('1'), '2': sectionsOf('2') };
const sources = SCANNED.flatMap((d) => files(path.join(ROOT, d))).filter((f) => !f.endsWith('productCitations.test.ts'));

describe('product citations', () => {
  it('finds the product rules and the files that cite them', () => {
    expect(SECTIONS['1']?.size).toBeGreaterThanOrEqual(9);
    expect(SECTIONS['2']?.size).toBeGreaterThanOrEqual(9);
    expect(sources.length).toBeGreaterThan(100);
  });

  it('cites only docs/product/part-N.md, never a spec outside the repository', () => {
    const outside = sources.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/spec part \d|shared\/spec\//gi)].map(
        (m) => `${path.relative(ROOT, file)}: "${m[0]}"`,
      ),
    );
    expect(outside).toEqual([]);
  });

  it('every cited part and section exists', () => {
    const broken: string[] = [];
    let count = 0;
    for (const file of sources) {
      for (const m of readFileSync(file, 'utf8').matchAll(/docs\/product\/part-(\d+)\.md(?: §(\d+))?/g)) {
        count += 1;
        const [, part = '', section] = m;
        const sections = SECTIONS[part];
        if (!sections || (section !== undefined && !sections.has(section))) broken.push(`${path.relative(ROOT, file)}: ${m[0]}`);
      }
    }
    expect(broken).toEqual([]);
    expect(count).toBeGreaterThan(50);
  });
});

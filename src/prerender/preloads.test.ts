import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FRAMED_PAGES } from './framedPages';
import { preloadedScripts, preloadLinks, SIGNED_IN_START_GROUPS } from './preloads';

const groups = new Map<string, readonly string[]>([
  ['main', ['assets/runtime.js', 'assets/vendor.js', 'assets/main.js']],
  ['shell', ['assets/ui.js', 'assets/shell.js', 'assets/shell.js.map']],
  ['my-clips', ['assets/ui.js', 'assets/list.js', 'assets/vendor.js', 'assets/my-clips.js']],
  ['upload-engine', ['assets/upload-engine.js']],
]);
const initial = ['assets/runtime.js', 'assets/vendor.js', 'assets/main.js'];

describe('preloadedScripts', () => {
  it("lists the groups' scripts in order, each once, without the initial files or anything but JS", () => {
    expect(preloadedScripts(groups, ['upload-engine', 'shell', 'my-clips'], initial)).toEqual([
      'assets/upload-engine.js',
      'assets/ui.js',
      'assets/shell.js',
      'assets/list.js',
      'assets/my-clips.js',
    ]);
  });

  it('fails for a group the build does not have', () => {
    expect(() => preloadedScripts(groups, ['shell', 'renamed-screen'], initial)).toThrow('renamed-screen');
  });

  it('has nothing to preload for no groups', () => {
    expect(preloadedScripts(groups, [], initial)).toEqual([]);
  });

  it("names chunks the app's code does make (the build fails on any other)", () => {
    const names = new Set<string>();
    const sources = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? sources(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
      );
    for (const file of sources(join(__dirname, '..'))) {
      for (const match of readFileSync(file, 'utf8').matchAll(/webpackChunkName: "([^"]+)"/g)) names.add(match[1]!);
    }
    for (const name of [...SIGNED_IN_START_GROUPS, ...FRAMED_PAGES.flatMap((page) => page.preload ?? [])]) {
      expect(names).toContain(name);
    }
  });
});

describe('preloadLinks', () => {
  it('asks for each script from the root at low priority', () => {
    expect(preloadLinks(['assets/a.js', 'assets/b.js'])).toBe(
      '<link rel="preload" as="script" href="/assets/a.js" fetchpriority="low">' +
        '<link rel="preload" as="script" href="/assets/b.js" fetchpriority="low">',
    );
    expect(preloadLinks([])).toBe('');
  });
});

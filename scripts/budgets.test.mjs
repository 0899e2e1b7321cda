/** @jest-environment node */
import { describe, expect, it } from '@jest/globals';
import { BUDGETS, checkBudgets, describeBuild, describeFailure } from './budgets.mjs';

const KB = 1024;

describe('describeBuild', () => {
  const groups = {
    main: ['assets/runtime.js', 'assets/vendor.js', 'assets/main.js'],
    login: ['/assets/shared.js', 'assets/login.js'],
    shell: ['assets/vendor.js', 'assets/shared.js', 'assets/shell.js'],
  };
  const build = describeBuild(
    ['assets/runtime.js', '/assets/vendor.js', 'assets/main.js'],
    [
      'assets/main.js',
      'assets/vendor.js',
      'assets/runtime.js',
      'assets/shared.js',
      'assets/login.js',
      'assets/shell.js',
      'assets/unnamed.js',
    ],
    groups,
  );

  it('calls lazily loaded every emitted file the page does not load first, named chunk group or not', () => {
    expect(build.lazyFiles).toEqual(['assets/login.js', 'assets/shared.js', 'assets/shell.js', 'assets/unnamed.js']);
  });

  it('leaves the editor page out of both (none of it is initial or lazily loaded by the app)', () => {
    const withEditor = describeBuild(
      ['assets/runtime.js', 'assets/main.js'],
      ['assets/runtime.js', 'assets/main.js', 'assets/login.js', 'assets/editor.js'],
      {},
      ['/assets/editor.js'],
    );
    expect(withEditor.initialFiles).toEqual(['assets/runtime.js', 'assets/main.js']);
    expect(withEditor.lazyFiles).toEqual(['assets/login.js']);
    expect(withEditor.editorFiles).toEqual(['assets/editor.js']);
    expect(build.editorFiles).toEqual([]);
  });

  it('counts what each route adds beyond the initial files', () => {
    expect(build.routes).toEqual([
      { name: 'login', files: ['assets/shared.js', 'assets/login.js'] },
      { name: 'shell', files: ['assets/shared.js', 'assets/shell.js'] },
    ]);
  });
});

describe('checkBudgets', () => {
  const build = { initialFiles: ['a.js', 'b.js'], lazyFiles: ['route.js', 'vendor-lazy.js'] };

  it('passes at the limits exactly', () => {
    const sizes = { 'a.js': 100 * KB, 'b.js': 60 * KB, 'route.js': 40 * KB, 'vendor-lazy.js': 1 };
    expect(checkBudgets(build, (f) => sizes[f])).toEqual([]);
  });

  it('fails when the initial JS together is over 160 KB, by how much', () => {
    const sizes = { 'a.js': 100 * KB, 'b.js': 60 * KB + 1, 'route.js': 1, 'vendor-lazy.js': 1 };
    const failures = checkBudgets(build, (f) => sizes[f]);
    expect(failures).toEqual([{ what: 'initial JS', size: 160 * KB + 1, limit: BUDGETS.initialGzip, over: 1 }]);
    expect(describeFailure(failures[0])).toBe('initial JS is 160.0 KB gzip: 0.0 KB (1 bytes) over its 160.0 KB budget');
  });

  it('fails for each lazily loaded file over 40 KB, naming it', () => {
    const sizes = { 'a.js': 1, 'b.js': 1, 'route.js': 41 * KB, 'vendor-lazy.js': 45 * KB };
    expect(checkBudgets(build, (f) => sizes[f]).map(describeFailure)).toEqual([
      'lazily loaded route.js is 41.0 KB gzip: 1.0 KB (1024 bytes) over its 40.0 KB budget',
      'lazily loaded vendor-lazy.js is 45.0 KB gzip: 5.0 KB (5120 bytes) over its 40.0 KB budget',
    ]);
  });

  it("fails when the editor page's scripts together are over 60 KB", () => {
    const editorBuild = { initialFiles: ['a.js'], lazyFiles: [], editorFiles: ['e1.js', 'e2.js'] };
    const at = { 'a.js': 1, 'e1.js': 30 * KB, 'e2.js': 30 * KB };
    expect(checkBudgets(editorBuild, (f) => at[f])).toEqual([]);
    const over = { ...at, 'e2.js': 30 * KB + 5 };
    expect(checkBudgets(editorBuild, (f) => over[f]).map(describeFailure)).toEqual([
      'editor JS is 60.0 KB gzip: 0.0 KB (5 bytes) over its 60.0 KB budget',
    ]);
    expect(BUDGETS.editorGzip).toBe(60 * KB);
  });

  it('does not cap what a route adds in all', () => {
    const many = { initialFiles: ['a.js'], lazyFiles: ['x.js', 'y.js', 'z.js'] };
    expect(checkBudgets(many, (f) => (f === 'a.js' ? 1 : 39 * KB))).toEqual([]);
  });
});

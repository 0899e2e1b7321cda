import { fillPage } from './fillPage';

const page = { html: '<main class="cs-1">Welcome $& $1</main>', styles: '<style data-emotion="cs 1">.cs-1{}</style>' };

describe('fillPage', () => {
  it('puts the styles at the end of <head> and the markup in #root, whatever the quotes', () => {
    for (const root of ['<div id="root"></div>', "<div id='root'></div>", '<div id=root></div>']) {
      const html = fillPage(`<html><head><title>T</title></head><body>${root}</body></html>`, page);
      expect(html).toBe(
        '<html><head><title>T</title><style data-emotion="cs 1">.cs-1{}</style></head><body><div id="root"><main class="cs-1">Welcome $& $1</main></div></body></html>',
      );
    }
  });

  it('fails when the template has nowhere to put the page', () => {
    expect(() => fillPage('<html><head></head><body><div id="app"></div></body></html>', page)).toThrow(/root/);
    expect(() => fillPage('<div id="root"></div>', page)).toThrow(/head/);
  });
});

import { fillFramedPage, fillPage } from './fillPage';
import { frameCss, frameScript } from './frameScript';

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

  it('puts a frame before an empty #root, hidden from assistive technology, with its first script and styles', () => {
    const html = fillFramedPage('<html><head><title>T</title></head><body><div id=root></div></body></html>', page);
    expect(html).toBe(
      `<html><head><title>T</title><style nonce="__CSP_NONCE__">${frameCss()}</style><script nonce="__CSP_NONCE__">${frameScript()}</script>` +
        '<style data-emotion="cs 1">.cs-1{}</style></head><body><div id="cs-frame" aria-hidden="true" inert><main class="cs-1">Welcome $& $1</main></div><div id="root"></div></body></html>',
    );
    expect(() => fillFramedPage('<html><head></head><body></body></html>', page)).toThrow(/root/);
  });

  it("gives a framed page's first script the page's heading call", () => {
    const template = '<html><head><title>T</title></head><body><div id=root></div></body></html>';
    const framed = { pattern: '/highlights/create/:eventId', heading: 'events/:eventId' };
    expect(fillFramedPage(template, page, framed)).toContain(`<script nonce="__CSP_NONCE__">${frameScript(framed)}</script>`);
    expect(frameScript(framed)).not.toBe(frameScript());
  });
});

import { inlineStylesToClasses } from './inlineStyles';

describe('inlineStylesToClasses', () => {
  it('turns each distinct style attribute into one class, its declarations winning as inline ones would', () => {
    const { html, css } = inlineStylesToClasses(
      '<header class="a b" style="--Paper-shadow:none"><span style="width:24px;height:24px">x</span><i style="--Paper-shadow:none"></i></header>',
      's-',
    );
    expect(html).toBe('<header class="a b s-0"><span class="s-1">x</span><i class="s-0"></i></header>');
    expect(css).toBe('.s-0{--Paper-shadow:none !important}.s-1{width:24px !important;height:24px !important}');
  });

  it('decodes what React escaped in the attribute, and leaves markup without styles alone', () => {
    const { html, css } = inlineStylesToClasses('<p style="font-family:&quot;A B&quot;, serif">t</p><p class="c">u</p>', 's-');
    expect(html).toBe('<p class="s-0">t</p><p class="c">u</p>');
    expect(css).toBe('.s-0{font-family:"A B", serif !important}');
    expect(inlineStylesToClasses('<p>t</p>', 's-')).toEqual({ html: '<p>t</p>', css: '' });
  });
});

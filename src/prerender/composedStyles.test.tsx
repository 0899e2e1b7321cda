/**
 * @jest-environment node
 */
// Node, as the build renders (renderPage.tsx): Emotion keeps the CSS it makes in its cache there.
import createCache from '@emotion/cache';
import { CacheProvider, Global } from '@emotion/react';
import styled from '@emotion/styled';
import createEmotionServer from '@emotion/server/create-instance';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { composedOnlyIds, composedOnlyStyleTag } from './composedStyles';

const Root = styled.div({ color: 'red' });
/** A component styling its own element, as MUI's Paper does. */
function Base({ className, children }: { className?: string; children: ReactNode }) {
  return <Root className={className}>{children}</Root>;
}
// A layer over it, as AppBar is over Paper: its own styles are composed into the one class the element gets.
const Layer = styled(Base)({ margin: 4 });

function render() {
  const cache = createCache({ key: 'cs' });
  cache.compat = true; // as the build renders (renderPage.tsx)
  const html = renderToString(
    <CacheProvider value={cache}>
      <Global styles={{ body: { margin: 0 } }} />
      <Layer>text</Layer>
    </CacheProvider>,
  );
  const chunks = createEmotionServer(cache).extractCriticalToChunks(html);
  return { cache, html, shipped: new Set(chunks.styles.flatMap((chunk) => chunk.ids)) };
}

describe('composedOnlyIds', () => {
  it("names the layer's own styles, which no element carries, and none that the page ships whole", () => {
    const { cache, html, shipped } = render();
    const ids = composedOnlyIds(cache, shipped);
    expect(ids).toHaveLength(1);
    expect(html).not.toContain(`cs-${ids[0]}`);
    expect(shipped.has(ids[0]!)).toBe(false);
    // The element's class (both layers' styles) and the global styles are shipped with their CSS.
    const elementClass = /class="(cs-[a-z0-9]+)"/.exec(html)?.[1];
    expect(shipped.has(elementClass!.slice(3))).toBe(true);
    expect(String(cache.inserted[elementClass!.slice(3)])).toContain('margin:4px');
  });

  it('is empty when everything made was shipped', () => {
    const { cache } = render();
    expect(composedOnlyIds(cache, new Set(Object.keys(cache.inserted)))).toEqual([]);
  });
});

describe('composedOnlyStyleTag', () => {
  it('an empty style naming the ids, which Emotion reads as inserted, with the nonce', () => {
    expect(composedOnlyStyleTag('cs', ['a1', 'b2'], 'N')).toBe('<style data-emotion="cs a1 b2" nonce="N"></style>');
    expect(composedOnlyStyleTag('cs', [], 'N')).toBe('');
  });
});

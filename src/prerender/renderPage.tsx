/**
 * Build-time rendering of /login, the page painted by HTML alone (docs/performance.md): run in Node by the
 * `prerender` compilation of webpack.config.ts, which writes dist/login.html from dist/index.html, the page's markup
 * and the critical CSS Emotion made for it.
 *
 * The tree is the app's own (AppFrame around AppRoutes) with a static router at the page's address and a store
 * without sagas, signed out: the browser then hydrates that markup (src/index.tsx).
 */
import createCache from '@emotion/cache';
import createEmotionServer from '@emotion/server/create-instance';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppFrame } from '../app/App';
import { NONCE_PLACEHOLDER } from '../app/cspNonce';
import { EMOTION_KEY } from '../app/emotionCache';
import { AppRoutes } from '../app/router';
import { makeStore } from '../app/store';
import { ErrorBoundary } from '../features/errors/components/ErrorBoundary';
import { composedOnlyIds, composedOnlyStyleTag } from './composedStyles';

export interface PrerenderedPage {
  /** The page's markup. */
  html: string;
  /** <style> tags with the CSS that markup uses, each carrying the nonce placeholder the server fills in. */
  styles: string;
}

export async function renderPage(location: string): Promise<PrerenderedPage> {
  const cache = createCache({ key: EMOTION_KEY, nonce: NONCE_PLACEHOLDER });
  // Compatibility mode: Emotion keeps the CSS in the cache instead of writing <style> next to each element,
  // so it can be extracted whole into <head> and the markup matches what the browser renders.
  cache.compat = true;
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);
  const { prelude } = await prerenderToNodeStream(
    <AppFrame store={makeStore({ runSagas: false })} cache={cache}>
      <StaticRouter location={location}>
        <ErrorBoundary standalone onGoHome={() => undefined}>
          <AppRoutes />
        </ErrorBoundary>
      </StaticRouter>
    </AppFrame>,
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  const chunks = extractCriticalToChunks(html);
  const shipped = new Set(chunks.styles.flatMap((chunk) => chunk.ids));
  const styles =
    constructStyleTagsFromChunks(chunks) + composedOnlyStyleTag(cache.key, composedOnlyIds(cache, shipped), NONCE_PLACEHOLDER);
  // The server's CSP allows no inline style attributes: the browser would drop them from this markup, and hydration
  // never puts them back. Styles go through Emotion (classes) instead.
  const inlineStyle = /<[^>]+\sstyle="[^"]*"/.exec(html);
  if (inlineStyle) throw new Error(`The prerendered ${location} has an inline style, which the CSP blocks: ${inlineStyle[0]}`);
  return { html, styles };
}

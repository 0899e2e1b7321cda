/**
 * Build-time rendering of the login page (docs/performance.md): run in Node by the `prerender` compilation of
 * webpack.config.ts, which writes dist/login.html from dist/index.html, this page's markup and the critical CSS
 * Emotion made for it. The browser paints that HTML before any script has run, then hydrates it (src/index.tsx).
 *
 * The tree is the app's own (AppFrame around AppRoutes) with a static router at /login and a signed-out store
 * without sagas: what a signed-out visitor's first render in the browser is.
 */
import createCache from '@emotion/cache';
import createEmotionServer from '@emotion/server/create-instance';
import { configureStore } from '@reduxjs/toolkit';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { api } from '../api/apiSlice';
import { AppFrame } from '../app/App';
import { NONCE_PLACEHOLDER } from '../app/cspNonce';
import { EMOTION_KEY } from '../app/emotionCache';
import { rootReducer } from '../app/rootReducer';
import { AppRoutes } from '../app/router';
import { ErrorBoundary } from '../features/errors/ErrorBoundary';

export interface PrerenderedPage {
  /** The markup of #root. */
  html: string;
  /** <style> tags with the CSS that markup uses, each carrying the nonce placeholder the server fills in. */
  styles: string;
}

export async function renderPage(location: string): Promise<PrerenderedPage> {
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  const cache = createCache({ key: EMOTION_KEY, nonce: NONCE_PLACEHOLDER });
  // Compatibility mode: Emotion keeps the CSS in the cache instead of writing <style> next to each element,
  // so it can be extracted whole into <head> and the markup matches what the browser renders.
  cache.compat = true;
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);
  const { prelude } = await prerenderToNodeStream(
    <AppFrame store={store} cache={cache}>
      <StaticRouter location={location}>
        <ErrorBoundary standalone onGoHome={() => undefined}>
          <AppRoutes />
        </ErrorBoundary>
      </StaticRouter>
    </AppFrame>,
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  // The server's CSP allows no inline style attributes: the browser would drop them from this markup, and hydration
  // never puts them back. Styles go through Emotion (classes) instead.
  const inlineStyle = /<[^>]+\sstyle="[^"]*"/.exec(html);
  if (inlineStyle) throw new Error(`The prerendered ${location} has an inline style, which the CSP blocks: ${inlineStyle[0]}`);
  const styles = constructStyleTagsFromChunks(extractCriticalToChunks(html));
  return { html, styles };
}

/**
 * Build-time rendering of the pages painted by HTML alone (docs/performance.md): run in Node by the `prerender`
 * compilation of webpack.config.ts, which writes dist/login.html and the framed signed-in pages
 * (framedPages.ts) from dist/index.html, the page's markup and the critical CSS Emotion made for it.
 *
 * The tree is the app's own (AppFrame around AppRoutes) with a static router at the page's address and a store
 * without sagas: signed out for /login, which the browser then hydrates (src/index.tsx); for a framed page,
 * signed in as a nameless stand-in, as a phone lays it out, its data still loading — the first render of that
 * screen, drawn before any script has run.
 */
import createCache, { type EmotionCache } from '@emotion/cache';
import createEmotionServer from '@emotion/server/create-instance';
import { createTheme, ThemeProvider, type Theme } from '@mui/material/styles';
import { configureStore } from '@reduxjs/toolkit';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { api } from '../api/apiSlice';
import { AppFrame } from '../app/App';
import { FrameRenderContext, LoadedStylesRenderContext } from '../app/prerenderedFrame';
import { NONCE_PLACEHOLDER } from '../app/cspNonce';
import { EMOTION_KEY } from '../app/emotionCache';
import { rootReducer } from '../app/rootReducer';
import { AppRoutes } from '../app/router';
import { ErrorBoundary } from '../features/errors/ErrorBoundary';
import { initialSessionState } from '../features/session/sessionSlice';
import { composedOnlyIds, composedOnlyStyleTag } from './composedStyles';
import { inlineStylesToClasses } from './inlineStyles';
import { LOADED_STAND_INS } from './loadedStyles';
import { phoneMatchMedia } from './phoneMatchMedia';

export interface PrerenderedPage {
  /** The page's markup. */
  html: string;
  /** <style> tags with the CSS that markup uses, each carrying the nonce placeholder the server fills in. */
  styles: string;
}

export interface RenderOptions {
  /** Render as a signed-in user on a phone (a framed page), rather than signed out at any width (/login). */
  signedInPhone?: boolean;
}

/** The classes a frame's inline styles become (inlineStyles.ts). */
const FRAME_STYLE_CLASS = 'cs-frame-style-';

/** Lighthouse's mobile preset's width: any phone's lays the shell out the same (under 768 px). */
const PHONE_WIDTH_PX = 412;

/** The app's theme, answering its media queries (useMediaQuery) as a phone would: Node has no matchMedia. */
const onPhone = (theme: Theme) =>
  createTheme(theme, { components: { MuiUseMediaQuery: { defaultProps: { ssrMatchMedia: phoneMatchMedia(PHONE_WIDTH_PX) } } } });

function preloadedState(signedInPhone: boolean) {
  if (!signedInPhone) return undefined;
  // A stand-in without token or name: the frame shows no one's data. Its e-mail's name is a zero-width space, so
  // the account button's avatar is drawn blank (an empty name would read "Sports User" and draw an S) until the
  // app's render, which knows the user, replaces it.
  const user = { id: 'frame', email: '\u200b@frame.invalid', roles: [] };
  return { session: { ...initialSessionState, status: 'signedIn' as const, user } };
}

const makeStore = (signedInPhone: boolean) =>
  configureStore({
    // The API slice joins the app's store as its code loads (api/apiRegistry.ts); here it is loaded already.
    reducer: rootReducer.inject(api),
    preloadedState: preloadedState(signedInPhone),
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });

/** The page's markup, rendered at `location` with `store`, its styles kept in `cache`. */
async function render(
  location: string,
  store: ReturnType<typeof makeStore>,
  cache: EmotionCache,
  wrap: (routes: ReactNode) => ReactNode,
) {
  const { prelude } = await prerenderToNodeStream(
    <AppFrame store={store} cache={cache}>
      {wrap(
        <StaticRouter location={location}>
          <ErrorBoundary standalone onGoHome={() => undefined}>
            <AppRoutes />
          </ErrorBoundary>
        </StaticRouter>,
      )}
    </AppFrame>,
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

export async function renderPage(location: string, options: RenderOptions = {}): Promise<PrerenderedPage> {
  const signedInPhone = options.signedInPhone ?? false;
  const cache = createCache({ key: EMOTION_KEY, nonce: NONCE_PLACEHOLDER });
  // Compatibility mode: Emotion keeps the CSS in the cache instead of writing <style> next to each element,
  // so it can be extracted whole into <head> and the markup matches what the browser renders.
  cache.compat = true;
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);
  const onPhoneFrame = (routes: ReactNode) => (
    <FrameRenderContext value>
      <ThemeProvider theme={onPhone}>{routes}</ThemeProvider>
    </FrameRenderContext>
  );
  const html = await render(location, makeStore(signedInPhone), cache, signedInPhone ? onPhoneFrame : (routes) => routes);
  // A framed screen's loaded state too, with stand-in answers (loadedStyles.ts), for its CSS only: the classes its
  // markup uses join the frame's in the page's styles, and the markup itself is dropped.
  let loadedHtml = '';
  const standIn = signedInPhone ? LOADED_STAND_INS[location] : undefined;
  if (standIn) {
    const store = makeStore(true);
    standIn(store.dispatch);
    loadedHtml = await render(location, store, cache, (routes) => (
      <LoadedStylesRenderContext value>
        <ThemeProvider theme={onPhone}>{routes}</ThemeProvider>
      </LoadedStylesRenderContext>
    ));
  }
  const chunks = extractCriticalToChunks(html + loadedHtml);
  const shipped = new Set(chunks.styles.flatMap((chunk) => chunk.ids));
  const styles =
    constructStyleTagsFromChunks(chunks) + composedOnlyStyleTag(cache.key, composedOnlyIds(cache, shipped), NONCE_PLACEHOLDER);
  if (signedInPhone) {
    // A frame is never hydrated: its inline styles, which the CSP would drop, become classes.
    const moved = inlineStylesToClasses(html, FRAME_STYLE_CLASS);
    return { html: moved.html, styles: `${styles}<style nonce="${NONCE_PLACEHOLDER}">${moved.css}</style>` };
  }
  // The server's CSP allows no inline style attributes: the browser would drop them from this markup, and hydration
  // never puts them back. Styles go through Emotion (classes) instead.
  const inlineStyle = /<[^>]+\sstyle="[^"]*"/.exec(html);
  if (inlineStyle) throw new Error(`The prerendered ${location} has an inline style, which the CSP blocks: ${inlineStyle[0]}`);
  return { html, styles };
}

import type { EmotionCache } from '@emotion/cache';
import type { Store } from '@reduxjs/toolkit';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import { ThemeProvider } from '@mui/system';
import { useState, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createEmotionCache } from './emotionCache';
import { AppRouter } from './router';
import type { Navigation } from './services';
import type { AppStore } from './store';
import { theme } from './theme';

/**
 * What @mui/material's ThemeProvider renders for a theme without CSS variables or colour schemes (ours),
 * without its CSS-variables provider, which is 3 KB gzip on every page. Go back to MUI's provider if the
 * theme ever gets `cssVariables` or `colorSchemes`.
 */
const NO_VARS_THEME = { ...theme, vars: null };

/** People who ask their system for less motion get no slides or fades. */
const REDUCED_MOTION = {
  '@media (prefers-reduced-motion: reduce)': {
    '*, *::before, *::after': { transitionDuration: '0.01ms !important', animationDuration: '0.01ms !important' },
  },
};

/**
 * Everything around the routes: the store, Emotion's cache, the theme and the global styles. The prerendered
 * login page (src/prerender) renders the same frame around a static router, so the browser can hydrate it.
 */
export function AppFrame({ store, cache, children }: { store: Store; cache: EmotionCache; children: ReactNode }) {
  return (
    <Provider store={store}>
      <CacheProvider value={cache}>
        <ThemeProvider theme={NO_VARS_THEME}>
          <CssBaseline />
          <GlobalStyles styles={REDUCED_MOTION} />
          {children}
        </ThemeProvider>
      </CacheProvider>
    </Provider>
  );
}

export function App({ store, navigation }: { store: AppStore; navigation: Navigation }) {
  const [cache] = useState(createEmotionCache);
  return (
    <AppFrame store={store} cache={cache}>
      <AppRouter navigation={navigation} />
    </AppFrame>
  );
}

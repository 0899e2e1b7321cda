import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import { ThemeProvider } from '@mui/system';
import { useState } from 'react';
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

export function App({ store, navigation }: { store: AppStore; navigation: Navigation }) {
  const [cache] = useState(createEmotionCache);
  return (
    <Provider store={store}>
      <CacheProvider value={cache}>
        <ThemeProvider theme={NO_VARS_THEME}>
          <CssBaseline />
          <GlobalStyles styles={REDUCED_MOTION} />
          <AppRouter navigation={navigation} />
        </ThemeProvider>
      </CacheProvider>
    </Provider>
  );
}

import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useState } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { ErrorBoundary } from '../features/errors/ErrorBoundary';
import { createEmotionCache } from './emotionCache';
import type { AppRouter } from './router';
import type { AppStore } from './store';
import { theme } from './theme';

export function App({ store, router }: { store: AppStore; router: AppRouter }) {
  const [cache] = useState(createEmotionCache);
  return (
    <Provider store={store}>
      <CacheProvider value={cache}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <ErrorBoundary>
            <RouterProvider router={router} />
          </ErrorBoundary>
        </ThemeProvider>
      </CacheProvider>
    </Provider>
  );
}

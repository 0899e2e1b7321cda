import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useState } from 'react';
import { Provider } from 'react-redux';
import { createEmotionCache } from './emotionCache';
import { AppRouter } from './router';
import type { Navigation } from './services';
import type { AppStore } from './store';
import { theme } from './theme';

export function App({ store, navigation }: { store: AppStore; navigation: Navigation }) {
  const [cache] = useState(createEmotionCache);
  return (
    <Provider store={store}>
      <CacheProvider value={cache}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <AppRouter navigation={navigation} />
        </ThemeProvider>
      </CacheProvider>
    </Provider>
  );
}

import { ThemeProvider } from '@mui/material/styles';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { FrameRenderContext } from '../../app/prerenderedFrame';
import { theme } from '../../app/theme';
import type { AppStore } from '../../app/store';
import HighlightCreationScreen from './HighlightCreationScreen';
import { EVENT_ID } from './makeMyHighlightTestData';

/**
 * Tests' helper: Highlight creation for the test event, with `store`, the app theme and a memory router; `inFrame`
 * renders it as the build renders a frame (src/prerender/renderPage.tsx).
 */
export function renderHighlightCreation(store: AppStore, { inFrame = false } = {}): void {
  const router = createMemoryRouter([{ path: '/highlights/create/:eventId', element: <HighlightCreationScreen /> }], {
    initialEntries: [`/highlights/create/${EVENT_ID}`],
  });
  render(
    <FrameRenderContext value={inFrame}>
      <Provider store={store}>
        <ThemeProvider theme={theme}>
          <RouterProvider router={router} />
        </ThemeProvider>
      </Provider>
    </FrameRenderContext>,
  );
}

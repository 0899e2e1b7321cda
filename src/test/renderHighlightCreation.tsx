import { ThemeProvider } from '@mui/material/styles';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { theme } from '../app/theme';
import type { AppStore } from '../app/store';
import HighlightCreationScreen from '../features/highlightCreation/components/HighlightCreationScreen';
import { EVENT_ID } from './data/makeMyHighlightTestData';

/** Tests' helper: Highlight creation for the test event, with `store`, the app theme and a memory router. */
export function renderHighlightCreation(store: AppStore): void {
  const router = createMemoryRouter([{ path: '/highlights/create/:eventId', element: <HighlightCreationScreen /> }], {
    initialEntries: [`/highlights/create/${EVENT_ID}`],
  });
  render(
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <RouterProvider router={router} />
      </ThemeProvider>
    </Provider>,
  );
}

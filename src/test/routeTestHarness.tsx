import { ThemeProvider } from '@mui/material/styles';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation } from 'react-router';
import { initialSessionState } from '../features/session/public';
import { signedInState } from './renderWithProviders';
import { AppRoutes } from '../app/router';
import { makeStore } from '../app/store';
import { theme } from '../app/theme';

/** Shows the router's current address, so a test can see where a redirect went. */
function Address() {
  const { pathname, search } = useLocation();
  return <output aria-label="Address">{pathname + search}</output>;
}

/** The app's own routes (router.tsx) at `path` over `store`, with an Address to read where they went. */
function renderRoutes(store: ReturnType<typeof makeStore>, path: string) {
  render(
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
          <Address />
        </MemoryRouter>
      </ThemeProvider>
    </Provider>,
  );
}

/**
 * The app's own routes at `path` for a signed-in user, with the real shell. Returns once the lazily loaded shell
 * and screen have arrived (the main landmark is there).
 */
export async function renderAppAt(path: string, { admin = false }: { admin?: boolean } = {}) {
  const store = makeStore({ preloadedState: signedInState({ admin }), runSagas: false });
  const user = userEvent.setup();
  renderRoutes(store, path);
  await screen.findByRole('main', {}, { timeout: 10_000 });
  return { store, user };
}

/** The app's routes at `path` with nobody signed in: returns once the guard has shown the login screen. */
export async function renderSignedOutAt(path: string) {
  const store = makeStore({
    preloadedState: { session: { ...initialSessionState, status: 'signedOut' } },
    runSagas: false,
  });
  renderRoutes(store, path);
  await screen.findByRole('button', { name: 'Sign in' }, { timeout: 10_000 });
  return { store };
}

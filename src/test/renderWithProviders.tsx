import { ThemeProvider } from '@mui/material/styles';
import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { MOBILE_MEDIA_QUERY } from '../app/device';
import type { RootState } from '../app/rootReducer';
import { makeStore } from '../app/store';
import { theme } from '../app/theme';
import { ADMIN_ROLE } from '../features/session/model/authRecord';
import { initialSessionState } from '../features/session/model/sessionSlice';

export interface RenderWithProvidersOptions extends Omit<RenderOptions, 'queries' | 'wrapper'> {
  preloadedState?: Partial<RootState>;
  /** The URL the memory router starts at; '/' by default. */
  route?: string;
  /** What a `<Outlet />` inside `ui` shows (for layouts); nothing by default. */
  outlet?: ReactNode;
}

/**
 * Renders `ui` with a real store (sagas off), the app theme and a memory router, so links,
 * NavLink highlighting and `useLocation` work as in the app. `ui` is a pathless layout route
 * whose child matches every URL and renders `outlet`. `dispatchSpy` watches `store.dispatch` from
 * before the first render (components keep the dispatch they were rendered with), passing calls on.
 */
export function renderWithProviders(
  ui: ReactElement,
  { preloadedState, route = '/', outlet = null, ...renderOptions }: RenderWithProvidersOptions = {},
) {
  const store = makeStore({ preloadedState, runSagas: false });
  const dispatchSpy = jest.spyOn(store, 'dispatch');
  const router = createMemoryRouter([{ element: ui, children: [{ path: '*', element: outlet }] }], {
    initialEntries: [route],
  });
  return { store, dispatchSpy, ...renderRouter(store, router, renderOptions) };
}

/**
 * Renders `router` with `store` and the app theme: for a screen at its own route (its params and location state),
 * with the store a test made.
 */
export function renderRouter(
  store: ReturnType<typeof makeStore>,
  router: ReturnType<typeof createMemoryRouter>,
  renderOptions: Omit<RenderOptions, 'queries' | 'wrapper'> = {},
) {
  const user = userEvent.setup();
  const result = render(
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <RouterProvider router={router} />
      </ThemeProvider>
    </Provider>,
    renderOptions,
  );
  return { router, user, ...result };
}

export const TEST_USER_EMAIL = 'coach.kim@example.com';

/** A signed-in session for preloadedState; `admin` adds the ADMIN role. */
export function signedInState({ admin = false }: { admin?: boolean } = {}): Pick<RootState, 'session'> {
  return {
    session: {
      ...initialSessionState,
      status: 'signedIn',
      user: { id: '1', email: TEST_USER_EMAIL, roles: admin ? ['USER', ADMIN_ROLE] : ['USER'] },
      token: 'x.y.z',
      lastActivity: 0,
      lastRefresh: 0,
    },
  };
}

/**
 * jsdom has no matchMedia. Installs one where only the app's mobile query can match; returns the
 * function that removes it again (call it in afterEach).
 */
export function mockViewport(kind: 'mobile' | 'desktop'): () => void {
  const matchMedia = jest.fn((query: string) => ({
    matches: kind === 'mobile' && query === MOBILE_MEDIA_QUERY,
    media: query,
    onchange: null,
    addListener: jest.fn(),
    removeListener: jest.fn(),
    addEventListener: jest.fn(),
    removeEventListener: jest.fn(),
    dispatchEvent: jest.fn(() => false),
  }));
  Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value: matchMedia });
  return () => {
    delete (window as { matchMedia?: unknown }).matchMedia;
  };
}

import { screen, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { mockViewport, renderWithProviders, signedInState } from '../../../test/renderWithProviders';
import AppLayout from './AppLayout';
import { sidebarToggled } from '../model/shellSlice';

/** A screen that fails on /tags/all only. */
function FailsOnAllTags() {
  const { pathname } = useLocation();
  if (pathname === '/tags/all') throw new Error('screen failed');
  return <h1>Screen at {pathname}</h1>;
}

const cleanups: Array<() => void> = [];
function afterTestRemove(cleanup: () => void) {
  cleanups.push(cleanup);
}

describe('AppLayout', () => {
  let restoreViewport: () => void = () => {};
  afterEach(() => {
    restoreViewport();
    cleanups.splice(0).forEach((cleanup) => cleanup());
  });

  describe('on desktop', () => {
    beforeEach(() => {
      restoreViewport = mockViewport('desktop');
    });

    it('shows the sidebar, breadcrumbs, user menu and the screen in <main>', () => {
      renderWithProviders(<AppLayout />, {
        preloadedState: signedInState(),
        route: '/clips/upload',
        outlet: <h1>Upload screen</h1>,
      });
      expect(within(screen.getByRole('main')).getByRole('heading', { name: 'Upload screen' })).toBeInTheDocument();
      expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
      expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Upload Clips');
      expect(screen.getByRole('button', { name: 'Account menu' })).toBeInTheDocument();
      expect(screen.queryByRole('navigation', { name: 'Shortcuts' })).not.toBeInTheDocument();
    });

    it('toggles the sidebar between full width and the icon rail', async () => {
      const { store, dispatchSpy, user } = renderWithProviders(<AppLayout />, { preloadedState: signedInState() });
      const toggle = screen.getByRole('button', { name: 'Toggle sidebar' });
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await user.click(toggle);
      expect(dispatchSpy).toHaveBeenCalledWith(sidebarToggled({ mobile: false }));
      expect(store.getState().shell.sidebarOpen).toBe(false);
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(screen.getByRole('link', { name: 'My Clips' })).toBeInTheDocument();
    });

    it('keeps the shell when a screen fails, and clears the fallback on another route', async () => {
      jest.spyOn(console, 'error').mockImplementation(() => {});
      const { user, router } = renderWithProviders(<AppLayout />, {
        preloadedState: signedInState(),
        route: '/tags/all',
        outlet: <FailsOnAllTags />,
      });
      // The fallback sits in the shell's content area; menu and header stay usable.
      expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
      expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Account menu' })).toBeInTheDocument();

      await user.click(screen.getByRole('link', { name: 'Tag Moments' }));
      expect(router.state.location.pathname).toBe('/tags/add');
      expect(screen.getByRole('heading', { name: 'Screen at /tags/add' })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Something went wrong' })).not.toBeInTheDocument();
    });

    it('goes home from the error fallback inside the shell', async () => {
      jest.spyOn(console, 'error').mockImplementation(() => {});
      // The boundary resets before the router has moved, so the failing screen renders once more;
      // React recovers and reports that through window 'error', which would fail the test.
      const swallowRecovered = (event: ErrorEvent) => {
        if (/React was able to recover/.test(event.message)) event.preventDefault();
      };
      window.addEventListener('error', swallowRecovered);
      afterTestRemove(() => window.removeEventListener('error', swallowRecovered));
      const { user, router } = renderWithProviders(<AppLayout />, {
        preloadedState: signedInState(),
        route: '/tags/all',
        outlet: <FailsOnAllTags />,
      });
      await user.click(await screen.findByRole('button', { name: 'Go Home' }));
      expect(router.state.location.pathname).toBe('/');
      expect(screen.getByRole('heading', { name: 'Screen at /' })).toBeInTheDocument();
    });

    it('shows the session warning above the screen', () => {
      const { session } = signedInState();
      renderWithProviders(<AppLayout />, {
        preloadedState: { session: { ...session, warning: { remainingMs: 60_000, cause: 'expiry' } } },
        outlet: <p>Screen</p>,
      });
      expect(within(screen.getByRole('main')).getByRole('alert')).toHaveTextContent('Session expires in 1 minute');
    });
  });

  describe('on mobile', () => {
    beforeEach(() => {
      restoreViewport = mockViewport('mobile');
    });

    it('has a bottom bar and opens the menu panel from the menu button', async () => {
      const { store, dispatchSpy, user } = renderWithProviders(<AppLayout />, {
        preloadedState: signedInState(),
        route: '/event/upcoming',
      });
      expect(screen.getByRole('navigation', { name: 'Shortcuts' })).toBeInTheDocument();
      expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
      expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Current & U…');

      await user.click(screen.getByRole('button', { name: 'Toggle sidebar' }));
      expect(dispatchSpy).toHaveBeenCalledWith(sidebarToggled({ mobile: true }));
      expect(store.getState().shell.mobileMenuOpen).toBe(true);
      const menu = await screen.findByRole('navigation', { name: 'Main' });

      await user.click(within(menu).getByRole('link', { name: 'Tag Moments' }));
      expect(store.getState().shell.mobileMenuOpen).toBe(false);
    });

    it('opens the panel from More in the bottom bar', async () => {
      const { user } = renderWithProviders(<AppLayout />, { preloadedState: signedInState() });
      await user.click(screen.getByRole('button', { name: 'More' }));
      expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    });
  });
});

import { screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { makeStore } from '../../../app/store';
import { mockViewport, renderRouter, signedInState } from '../../../test/renderWithProviders';
import { makeToken } from '../../../test/tokens';
import AppLayout from '../components/AppLayout';
import { selectMobileMenuOpen, selectSidebarOpen } from './shellSlice';

const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';

let cleanups: Array<() => void> = [];
afterEach(() => {
  cleanups.forEach((cleanup) => cleanup());
  cleanups = [];
  document.cookie = 'sidebar_state=; Path=/; Max-Age=0';
});

/** The shell as the app runs it: a real store with every saga, the layout, and a user at the keyboard. */
function openShell(width: 'mobile' | 'desktop', userAgent?: string) {
  cleanups.push(mockViewport(width));
  if (userAgent) jest.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
  const signedIn = signedInState();
  const store = makeStore({
    preloadedState: { session: { ...signedIn.session, token: makeToken({}) } },
    services: { navigate: jest.fn(), redirect: jest.fn() },
  });
  cleanups.push(() => store.sagaTask?.cancel());
  const router = createMemoryRouter([{ element: <AppLayout />, children: [{ path: '*', element: <h1>Screen</h1> }] }], {
    initialEntries: ['/clips/list'],
  });
  return { store, user: renderRouter(store, router).user };
}

describe('Ctrl/Cmd+B decides desktop versus mobile by the layout rule', () => {
  it('on a desktop-wide viewport it collapses the sidebar the layout shows, and keeps that in the cookie', async () => {
    const { store, user } = openShell('desktop');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    await user.keyboard('{Control>}b{/Control}');
    expect(selectSidebarOpen(store.getState())).toBe(false);
    expect(selectMobileMenuOpen(store.getState())).toBe(false);
    expect(screen.getByRole('button', { name: 'Toggle sidebar' })).toHaveAttribute('aria-expanded', 'false');
    expect(document.cookie).toContain('sidebar_state=false');
    await user.keyboard('{Meta>}b{/Meta}');
    expect(selectSidebarOpen(store.getState())).toBe(true);
  });

  it('on a desktop-wide viewport of a tablet browser it still toggles the sidebar, as the layout is desktop', async () => {
    const { store, user } = openShell('desktop', IPAD);
    expect(screen.queryByRole('navigation', { name: 'Shortcuts' })).not.toBeInTheDocument();
    await user.keyboard('{Control>}b{/Control}');
    expect(selectSidebarOpen(store.getState())).toBe(false);
    expect(selectMobileMenuOpen(store.getState())).toBe(false);
    expect(screen.getByRole('button', { name: 'Toggle sidebar' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('under 768 px it opens the slide-out panel the layout uses there, and leaves the sidebar cookie alone', async () => {
    const { store, user } = openShell('mobile');
    expect(screen.getByRole('navigation', { name: 'Shortcuts' })).toBeInTheDocument();
    await user.keyboard('{Control>}b{/Control}');
    expect(selectMobileMenuOpen(store.getState())).toBe(true);
    expect(selectSidebarOpen(store.getState())).toBe(true);
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(document.cookie).not.toContain('sidebar_state');
  });
});

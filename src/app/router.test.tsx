import { act, screen, within } from '@testing-library/react';
import { sessionStarted } from '../features/session/public';
import { mockViewport, signedInState } from '../test/renderWithProviders';
import { renderAppAt, renderSignedOutAt } from '../test/routeTestHarness';

describe('the router, built from the route table', () => {
  let restoreViewport: () => void = () => {};
  beforeEach(() => {
    restoreViewport = mockViewport('desktop');
  });
  afterEach(() => restoreViewport());

  it('shows a lazily loaded screen under its title from the table, inside the shell', async () => {
    await renderAppAt('/highlights/share');
    const main = screen.getByRole('main');
    expect(await within(main).findByRole('heading', { level: 1, name: 'Share Highlights' })).toBeInTheDocument();
    // The real screen, no longer the spec's 'Coming Soon' placeholder.
    expect(
      within(main).getByText('Links you have shared. Anyone with an active link can watch without signing in.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Share Highlights');
  });

  it('guards an ADMIN-only route for everyone else', async () => {
    await renderAppAt('/event/create');
    expect(await screen.findByText('This page is for administrators.', { exact: false })).toBeInTheDocument();
  });

  it('follows the old links of part 2', async () => {
    await renderAppAt('/events');
    expect(await screen.findByRole('heading', { level: 1, name: 'Current & Upcoming Events' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('/event/upcoming');
  });

  it('shows the not-found page, with its breadcrumb, at an unknown address', async () => {
    await renderAppAt('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Not found');
  });

  it('returns to the guarded page when a session arrives while the login screen shows (a late hand-off from another tab)', async () => {
    const { store } = await renderSignedOutAt('/clips/list?page=2');
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('/login');
    const { session } = signedInState();
    act(() => {
      store.dispatch(
        sessionStarted({
          record: {
            user: session.user!,
            token: session.token!,
            lastActivity: 0,
            lastRefresh: 0,
            persistAcrossRestarts: false,
            clockOffsetMs: 0,
          },
          source: 'otherTab',
        }),
      );
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'My Clips' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('/clips/list?page=2');
  });
});

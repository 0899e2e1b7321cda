import { screen, within } from '@testing-library/react';
import { PRODUCT_NAME } from '../../../app/product';
import { mockViewport, renderWithProviders, signedInState } from '../../../test/renderWithProviders';
import { SideNav } from './SideNav';

describe('SideNav', () => {
  let restoreViewport: () => void = () => {};
  afterEach(() => restoreViewport());

  it('shows a signed-in user every group except Locations, and no Add Event', () => {
    renderWithProviders(<SideNav />, { preloadedState: signedInState() });
    const nav = screen.getByRole('navigation', { name: 'Main' });

    for (const group of ['Events', 'Clips', 'Tags', 'Highlights']) {
      expect(within(nav).getByRole('list', { name: group })).toBeInTheDocument();
    }
    expect(within(nav).queryByRole('list', { name: 'Locations' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Add Location' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Add Event' })).not.toBeInTheDocument();

    const events = within(nav).getByRole('list', { name: 'Events' });
    expect(
      within(events)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Nearby Events', 'Current & Upcoming', 'Recent Events']);
    expect(within(nav).getByRole('link', { name: 'Upload Clips' })).toHaveAttribute('href', '/clips/upload');
    expect(within(nav).getByRole('link', { name: 'Share Highlights' })).toHaveAttribute('href', '/highlights/share');
  });

  it('adds the Locations group and Add Event for ADMIN', () => {
    renderWithProviders(<SideNav />, { preloadedState: signedInState({ admin: true }) });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const locations = within(nav).getByRole('list', { name: 'Locations' });
    expect(within(locations).getByRole('link', { name: 'Add Location' })).toHaveAttribute('href', '/location/add');
    expect(within(locations).getByRole('link', { name: 'Nearby Locations' })).toHaveAttribute('href', '/location/nearest');
    expect(within(nav).getByRole('link', { name: 'Add Event' })).toHaveAttribute('href', '/event/create');
  });

  it('marks the current page and shows the product name', () => {
    renderWithProviders(<SideNav />, { preloadedState: signedInState(), route: '/tags/all' });
    expect(screen.getByRole('link', { name: 'All My Tags' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Tag Moments' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: new RegExp(PRODUCT_NAME) })).toHaveAttribute('href', '/');
  });

  it('keeps labels when the desktop sidebar is collapsed and shows them as tooltips', async () => {
    restoreViewport = mockViewport('desktop');
    const { user } = renderWithProviders(<SideNav />, {
      preloadedState: { ...signedInState(), shell: { sidebarOpen: false, mobileMenuOpen: false } },
    });
    const link = screen.getByRole('link', { name: 'My Clips' });
    expect(screen.getByRole('list', { name: 'Highlights' })).toBeInTheDocument();
    await user.hover(link);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('My Clips');
  });

  it('shows no tooltips while the sidebar is expanded', async () => {
    restoreViewport = mockViewport('desktop');
    const { user } = renderWithProviders(<SideNav />, { preloadedState: signedInState() });
    await user.hover(screen.getByRole('link', { name: 'My Clips' }));
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('closes the mobile panel when an item is chosen', async () => {
    restoreViewport = mockViewport('mobile');
    const { store, user, router } = renderWithProviders(<SideNav />, {
      preloadedState: { ...signedInState(), shell: { sidebarOpen: true, mobileMenuOpen: true } },
    });
    await user.click(screen.getByRole('link', { name: 'Recent Events' }));
    expect(store.getState().shell.mobileMenuOpen).toBe(false);
    expect(router.state.location.pathname).toBe('/event/recent');
  });

  it('leaves the desktop sidebar alone when an item is chosen', async () => {
    restoreViewport = mockViewport('desktop');
    const { store, dispatchSpy, user } = renderWithProviders(<SideNav />, { preloadedState: signedInState() });
    await user.click(screen.getByRole('link', { name: 'Recent Events' }));
    expect(dispatchSpy).not.toHaveBeenCalled();
    expect(store.getState().shell.sidebarOpen).toBe(true);
  });
});

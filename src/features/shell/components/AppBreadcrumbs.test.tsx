import { screen, within } from '@testing-library/react';
import { mockViewport, renderWithProviders, signedInState } from '../../../test/renderWithProviders';
import { AppBreadcrumbs } from './AppBreadcrumbs';

describe('AppBreadcrumbs', () => {
  let restoreViewport: () => void = () => {};
  afterEach(() => restoreViewport());

  it('shows Home › Section › Page in full on desktop', () => {
    restoreViewport = mockViewport('desktop');
    renderWithProviders(<AppBreadcrumbs />, { preloadedState: signedInState(), route: '/event/upcoming' });
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(trail).getByText('Events')).not.toHaveAttribute('aria-current');
    expect(within(trail).getByText('Current & Upcoming Events')).toHaveAttribute('aria-current', 'page');
  });

  it('cuts labels to 12 characters on mobile', () => {
    restoreViewport = mockViewport('mobile');
    renderWithProviders(<AppBreadcrumbs />, { preloadedState: signedInState(), route: '/event/upcoming' });
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    const current = within(trail).getByText('Current & U…');
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(current.textContent).toHaveLength(12);
    expect(within(trail).queryByText('Current & Upcoming Events')).not.toBeInTheDocument();
    expect(within(trail).getByRole('link', { name: 'Home' })).toBeInTheDocument();
  });

  it('shows Home alone, as the current page, on the landing page', () => {
    renderWithProviders(<AppBreadcrumbs />, { preloadedState: signedInState(), route: '/' });
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).queryByRole('link')).not.toBeInTheDocument();
    expect(within(trail).getByText('Home')).toHaveAttribute('aria-current', 'page');
  });

  it('says Not found for an unknown address', () => {
    renderWithProviders(<AppBreadcrumbs />, { preloadedState: signedInState(), route: '/nowhere' });
    expect(screen.getByText('Not found')).toHaveAttribute('aria-current', 'page');
  });
});

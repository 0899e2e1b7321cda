import { screen, within } from '@testing-library/react';
import { PRODUCT_NAME } from '../../../app/product';
import { renderWithProviders, signedInState } from '../../../test/renderWithProviders';
import LandingScreen from './LandingScreen';

describe('LandingScreen', () => {
  it('shows the stadium image with its size set, so nothing shifts while it loads', () => {
    renderWithProviders(<LandingScreen />, { preloadedState: signedInState() });
    const image = screen.getByRole('img', { name: 'Illustration of a floodlit stadium' });
    expect(image).toHaveAttribute('width', '1200');
    expect(image).toHaveAttribute('height', '600');
  });

  it('welcomes the user by the product name', () => {
    renderWithProviders(<LandingScreen />, { preloadedState: signedInState() });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(`Welcome to ${PRODUCT_NAME}`);
  });

  it('links to uploading, tagging and current events', async () => {
    const { user, router } = renderWithProviders(<LandingScreen />, { preloadedState: signedInState() });
    const quickLinks = screen.getByRole('region', { name: 'Get started' });
    expect(within(quickLinks).getByRole('link', { name: /Upload Clips/ })).toHaveAttribute('href', '/clips/upload');
    expect(within(quickLinks).getByRole('link', { name: /Tag Moments/ })).toHaveAttribute('href', '/tags/add');
    expect(within(quickLinks).getByRole('link', { name: /Current & Upcoming/ })).toHaveAttribute('href', '/event/upcoming');

    await user.click(within(quickLinks).getByRole('link', { name: /Tag Moments/ }));
    expect(router.state.location.pathname).toBe('/tags/add');
  });
});

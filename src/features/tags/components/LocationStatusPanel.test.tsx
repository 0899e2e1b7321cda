import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/renderWithProviders';
import type { DeviceLocationView } from '../../geolocation/public';
import { LocationStatusPanel, locationPanelState } from './LocationStatusPanel';

const retry = jest.fn();
const device = (over: Partial<DeviceLocationView>): DeviceLocationView => ({
  status: 'enabled',
  location: { latitude: 41.862312, longitude: -87.616698, accuracy: 10, at: 0 },
  message: null,
  retry,
  ...over,
});
const summary = () => screen.getByRole('button', { name: /Location Status/ });

describe('locationPanelState', () => {
  it.each([
    ['enabled', 'Enabled'],
    ['error', 'Error'],
    ['denied', 'Error'],
    ['unsupported', 'Error'],
    ['unknown', 'Not Enabled'],
    ['requesting', 'Not Enabled'],
  ] as const)('%s → %s', (status, state) => expect(locationPanelState(status)).toBe(state));
});

describe('LocationStatusPanel', () => {
  it('Enabled: closed, and opens to show where the tags are made', async () => {
    const { user } = renderWithProviders(<LocationStatusPanel device={device({})} />);
    expect(summary()).toHaveTextContent('Enabled');
    expect(summary()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('heading', { level: 2, name: /Location Status/ })).toBeInTheDocument();
    await user.click(summary());
    expect(summary()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/41\.8623, -87\.6167/)).toBeVisible();
  });

  it.each([
    ['error', 'Location request timed out.'],
    ['denied', 'Location access denied. Please enable location permissions.'],
    ['unsupported', 'Geolocation is not supported by your browser.'],
  ] as const)('%s: Error, open, with the §8 text and Try Again', async (status, message) => {
    const { user } = renderWithProviders(<LocationStatusPanel device={device({ status, location: null, message })} />);
    expect(summary()).toHaveTextContent('Error');
    expect(summary()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.getByText(/You can still tag moments/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it.each(['unknown', 'requesting'] as const)('%s: Not Enabled with Enable Location', async (status) => {
    const { user } = renderWithProviders(<LocationStatusPanel device={device({ status, location: null })} />);
    expect(summary()).toHaveTextContent('Not Enabled');
    if (status === 'requesting') expect(screen.getByRole('status')).toHaveTextContent('Getting your location…');
    await user.click(screen.getByRole('button', { name: 'Enable Location' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('closes by itself once the location comes, unless the user chose', () => {
    const { rerender } = renderWithProviders(<LocationStatusPanel device={device({ status: 'requesting', location: null })} />);
    expect(summary()).toHaveAttribute('aria-expanded', 'true');
    rerender(<LocationStatusPanel device={device({})} />);
    expect(summary()).toHaveAttribute('aria-expanded', 'false');
  });
});

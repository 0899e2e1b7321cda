import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ApiFailure } from '../../../api/apiErrors';
import { API, apiServer, setupApiServer } from '../../../test/apiServer';
import { renderWithProviders, signedInState } from '../../../test/renderWithProviders';
import { makeToken } from '../../../test/tokens';
import { useDeviceLocation, type DeviceLocationView } from '../../geolocation/public';
import NearbyLocationsScreen from './NearbyLocationsScreen';
import { LOCATIONS_UNREACHABLE, nearbyLocationsLoadError } from '../api/nearbyLocationsApi';

jest.mock('../../geolocation/public', () => ({
  ...jest.requireActual('../../geolocation/public'),
  useDeviceLocation: jest.fn(),
}));

setupApiServer();

const retry = jest.fn();
// The device at Soldier Field.
const HERE = { latitude: 41.862312, longitude: -87.616698, accuracy: 20, at: Date.now() };

function locationIs(view: Partial<DeviceLocationView>) {
  jest.mocked(useDeviceLocation).mockReturnValue({ status: 'enabled', location: HERE, message: null, retry, ...view });
}

const WRIGLEY = {
  id: 'wrigley-field-chicago-il',
  name: 'Wrigley Field',
  address: '1060 W Addison St, Chicago, IL 60613, USA',
  city: 'Chicago',
  state: 'IL',
  zip: '60613',
  latitude: 41.9484,
  longitude: -87.6553,
  timezone: 'America/Chicago',
  distance: 6.3,
};
const PARK = {
  ...WRIGLEY,
  id: 'park',
  name: 'Grant Park Courts',
  address: '',
  latitude: 41.8676,
  longitude: -87.6197,
  distance: 0.4,
};

function serveLocations(answer: () => Response) {
  const seen: URLSearchParams[] = [];
  apiServer.use(
    http.get(API('locations/search'), ({ request }) => {
      seen.push(new URL(request.url).searchParams);
      return answer();
    }),
  );
  return seen;
}

function show({ admin = true } = {}) {
  const session = signedInState({ admin }).session;
  return renderWithProviders(<NearbyLocationsScreen />, {
    route: '/location/nearest',
    preloadedState: { session: { ...session, token: makeToken({}) } },
  });
}

describe('NearbyLocationsScreen', () => {
  it("while the location is asked for: 'Getting your location…', nothing searched", () => {
    locationIs({ status: 'requesting', location: null });
    const seen = serveLocations(() => HttpResponse.json({ success: true, data: [] }));
    show();
    expect(screen.getByRole('status', { name: 'Getting your location…' })).toBeInTheDocument();
    expect(seen).toEqual([]);
  });

  it('denied: the §8 message and Try Again', async () => {
    locationIs({ status: 'denied', location: null, message: 'Location access denied. Please enable location permissions.' });
    const { user } = show();
    expect(screen.getByRole('alert')).toHaveTextContent('Location access denied. Please enable location permissions.');
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('searches near the device within 25 miles: name, address and distance, nearest first', async () => {
    locationIs({});
    const seen = serveLocations(() => HttpResponse.json({ success: true, data: [WRIGLEY, PARK] }));
    show();
    expect(screen.getByRole('status', { name: 'Loading nearby locations...' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Venues near you' });
    expect(seen[0]?.get('near')).toBe('41.8623,-87.6167');
    expect(seen[0]?.get('radius')).toBe('25');
    expect(seen[0]?.has('q')).toBe(false);
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Grant Park Courts' + 'Chicago, IL' + '0.4 mi',
      'Wrigley Field' + '1060 W Addison St, Chicago, IL 60613, USA' + '6.3 mi',
    ]);
  });

  it('measures a venue the API sent without a distance', async () => {
    locationIs({});
    serveLocations(() => HttpResponse.json({ success: true, data: [{ ...WRIGLEY, distance: undefined }] }));
    show();
    expect(await screen.findByText('6.3 mi')).toBeInTheDocument();
  });

  it('empty: says so and offers to add a location', async () => {
    locationIs({});
    serveLocations(() => HttpResponse.json({ success: true, data: [] }));
    const { user, router } = show();
    expect(await screen.findByText('No sports venues within 25 miles of you.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Add Location' }));
    expect(router.state.location.pathname).toBe('/location/add');
  });

  it('empty, for a non-admin: who adds venues, and the upload instead of the admin-only screen', async () => {
    locationIs({});
    serveLocations(() => HttpResponse.json({ success: true, data: [] }));
    const { user, router } = show({ admin: false });
    expect(await screen.findByText(/^No sports venues within 25 miles of you\. Venues are added by/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add Location' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Upload Clips' }));
    expect(router.state.location.pathname).toBe('/clips/upload');
  });

  it('error: the text with Retry, which asks again', async () => {
    locationIs({});
    let fail = true;
    serveLocations(() =>
      fail ? HttpResponse.json({ success: false }, { status: 500 }) : HttpResponse.json({ success: true, data: [WRIGLEY] }),
    );
    const { user } = show();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch locations: 500');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Wrigley Field')).toBeInTheDocument();
  });

  it("a malformed answer shows 'Unexpected response format'", async () => {
    locationIs({});
    serveLocations(() => HttpResponse.json({ success: true, data: [{ id: 'x', name: 'No coordinates' }] }));
    show();
    expect(await screen.findByRole('alert')).toHaveTextContent('Unexpected response format');
  });

  it('a 401 stops the screen silently: no error, no retry (§6)', async () => {
    locationIs({});
    jest.spyOn(console, 'warn').mockImplementation(() => undefined); // 'Token refresh failed'
    apiServer.use(
      http.post(API('auth/verify/refresh'), () =>
        HttpResponse.json({ success: false, error: 'Invalid token', code: 'INVALID_TOKEN' }, { status: 401 }),
      ),
    );
    const seen = serveLocations(() =>
      HttpResponse.json({ success: false, error: 'Authentication required', code: 'UNAUTHORIZED' }, { status: 401 }),
    );
    const { store } = show();
    await waitFor(() => expect(Object.values(store.getState().api.queries).map((q) => q?.status)).toEqual(['rejected']));
    expect(seen).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /retry|try again/i })).not.toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading nearby locations...' })).toBeInTheDocument();
  });

  it("without a connection: 'Try again'", async () => {
    locationIs({});
    serveLocations(() => HttpResponse.error());
    show();
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to connect to the server.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('nearbyLocationsLoadError', () => {
  const failure = (status: ApiFailure['status'], serverMessage: string | null = null): ApiFailure => ({
    status,
    serverMessage,
    code: null,
    details: null,
  });

  it('a 401 shows nothing (§6)', () => {
    expect(nearbyLocationsLoadError(failure(401, 'Session expired'))).toBeNull();
  });

  it('other failures say what the event lists say, about locations', () => {
    expect(nearbyLocationsLoadError(failure(500))).toEqual({ message: 'Failed to fetch locations: 500', retryLabel: 'Retry' });
    expect(nearbyLocationsLoadError(failure(403, 'Forbidden'))).toEqual({ message: 'Forbidden', retryLabel: 'Retry' });
    expect(nearbyLocationsLoadError(failure('timeout'))).toEqual({ message: LOCATIONS_UNREACHABLE, retryLabel: 'Try again' });
  });
});

import { act, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { signedInStore } from '../../../test/sessionStore';
import { makeToken } from '../../../test/tokens';
import { GEOLOCATION_MESSAGES } from '../model/geolocationMessages';
import { GEOLOCATION_SAGA, geolocationSaga } from '../model/geolocationSaga';
import type { GeolocationServices } from '../model/geolocationServices';
import { geolocationInitialState, locationWanted } from '../model/geolocationSlice';
import { useDeviceLocation } from '../public';

const HERE = { latitude: 51.5072, longitude: -0.1276 };

/** What a screen would show of the hook. */
function LocationProbe() {
  const { status, location, message, retry } = useDeviceLocation();
  return (
    <div>
      <p>status: {status}</p>
      {location && (
        <p>
          at {location.latitude}, {location.longitude}
        </p>
      )}
      {message && <p role="alert">{message}</p>}
      <button type="button" onClick={retry}>
        Try Again
      </button>
    </div>
  );
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('useDeviceLocation (store without sagas)', () => {
  it('asks for the location once on mount, and Try Again forces a fresh one', async () => {
    const { dispatchSpy, user } = renderWithProviders(<LocationProbe />);
    expect(dispatchSpy.mock.calls.map(([action]) => action)).toEqual([locationWanted({ force: false })]);
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(dispatchSpy).toHaveBeenLastCalledWith(locationWanted({ force: true }));
  });

  it('shows what the store holds: status, location and the §8 text', () => {
    renderWithProviders(<LocationProbe />, {
      preloadedState: { geolocation: { ...geolocationInitialState, status: 'denied', message: GEOLOCATION_MESSAGES.denied } },
    });
    expect(screen.getByText('status: denied')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Location access denied. Please enable location permissions.');
  });
});

describe('useDeviceLocation (running store)', () => {
  it("with the signed-in user's geolocation saga, in a browser without geolocation it says so", async () => {
    const { store } = signedInStore(makeToken({}));
    const { result } = renderHook(() => useDeviceLocation(), {
      wrapper: ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>,
    });
    // jsdom has no navigator.geolocation: the real browser services report it.
    await waitFor(() => expect(result.current.status).toBe('unsupported'));
    expect(result.current.message).toBe(GEOLOCATION_MESSAGES.unsupported);
  });

  it('from mount to a location; Try Again asks the browser afresh (maximum age 0)', async () => {
    const requests: PositionOptions[] = [];
    const io: GeolocationServices = {
      isSupported: () => true,
      getCurrentPosition: (options) => {
        requests.push(options);
        return Promise.resolve({ kind: 'position', ...HERE, accuracy: 8, timestamp: Date.now() });
      },
      queryPermission: () => Promise.resolve(null),
    };
    const { store } = signedInStore(makeToken({}), { userSagas: [[GEOLOCATION_SAGA, () => geolocationSaga(io)]] });
    const { result } = renderHook(() => useDeviceLocation(), {
      wrapper: ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>,
    });
    await waitFor(() => expect(result.current.status).toBe('enabled'));
    expect(result.current.location).toMatchObject({ ...HERE, accuracy: 8 });
    expect(result.current.message).toBeNull();
    const { retry } = result.current;

    act(() => result.current.retry());
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]?.maximumAge).toBe(0);
    expect(result.current.retry).toBe(retry);
  });
});

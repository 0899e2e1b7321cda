import { renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { makeStore } from '../../../app/store';
import { API, apiServer, setupApiServer } from '../../../test/apiServer';
import { useDeviceLocation } from '../../geolocation/public';
import { eventAt, signedInOptions } from '../../../test/data/eventListFixtures';
import { nearbySearchTime, useNearbyEvents } from './useNearbyEvents';

jest.mock('../../geolocation/public', () => ({
  ...jest.requireActual('../../geolocation/public'),
  useDeviceLocation: jest.fn(),
}));

setupApiServer();

const MINUTE = 60_000;
// 5 seconds into a minute, close to the real time (the session's token is checked on the store's clock).
const OPENED = Math.floor(Date.now() / MINUTE) * MINUTE + 5_000;

function serveSearch() {
  const times: string[] = [];
  apiServer.use(
    http.get(API('events/search'), ({ request }) => {
      times.push(new URL(request.url).searchParams.get('time') ?? '');
      return HttpResponse.json({ success: true, data: [{ ...eventAt('soon', 'Cup final', OPENED, 60 * MINUTE), distance: 1 }] });
    }),
  );
  return times;
}

/** A store whose device clock reads `clock.at`, and a way to open the screen's hook on it (again). */
function setUp(clockOffsetMs = 0) {
  const clock = { at: OPENED, now: () => clock.at };
  const store = makeStore({
    runSagas: false,
    preloadedState: signedInOptions('/', { clockOffsetMs }).preloadedState,
    services: { clock },
  });
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  const open = () => renderHook(() => useNearbyEvents(), { wrapper });
  return { clock, open };
}

beforeEach(() => {
  jest.mocked(useDeviceLocation).mockReturnValue({
    status: 'enabled',
    location: { latitude: 41.862312, longitude: -87.616698, accuracy: 20, at: OPENED },
    message: null,
    retry: jest.fn(),
  });
});

describe('nearbySearchTime', () => {
  it('is the instant rounded down to the minute', () => {
    expect(nearbySearchTime(Date.parse('2026-05-01T18:07:59.999Z'))).toBe('2026-05-01T18:07:00.000Z');
    expect(nearbySearchTime(Date.parse('2026-05-01T18:07:00.000Z'))).toBe('2026-05-01T18:07:00.000Z');
  });
});

describe('useNearbyEvents: the cached answer', () => {
  it('a revisit within the same minute reuses the answer instead of asking again', async () => {
    const times = serveSearch();
    const { clock, open } = setUp();
    const first = open();
    await waitFor(() => expect(first.result.current.items).toHaveLength(1));
    first.unmount();

    clock.at = OPENED + 20_123; // back to the screen 20 s later
    const again = open();
    expect(again.result.current.items).toHaveLength(1);
    expect(again.result.current.loading).toBe(false);
    expect(times).toEqual([new Date(OPENED - 5_000).toISOString()]);
    again.unmount();
  });

  it('a visit in a later minute asks again, for that minute', async () => {
    const times = serveSearch();
    const { clock, open } = setUp();
    const first = open();
    await waitFor(() => expect(first.result.current.items).toHaveLength(1));
    first.unmount();

    clock.at = OPENED + MINUTE;
    const later = open();
    await waitFor(() => expect(times).toHaveLength(2));
    expect(times[1]).toBe(new Date(OPENED - 5_000 + MINUTE).toISOString());
    later.unmount();
  });

  it("the minute is the server's: the device's clock plus the measured offset", async () => {
    const times = serveSearch();
    const { open } = setUp(-90 * MINUTE);
    const view = open();
    await waitFor(() => expect(times).toHaveLength(1));
    expect(times[0]).toBe(new Date(OPENED - 5_000 - 90 * MINUTE).toISOString());
    view.unmount();
  });
});

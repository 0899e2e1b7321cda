import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { makeStore } from '../../../app/store';
import { API, apiServer, setupApiServer } from '../../../test/apiServer';
import { DAY, eventAt, eventsAnswer, HOUR, serveEventLists, signedInOptions } from '../../../test/data/eventListFixtures';
import { useCurrentEventSearch } from './useCurrentEventSearch';
import { useNearbyCurrentEvents } from './useNearbyCurrentEvents';

setupApiServer();

const MINUTE = 60_000;
// 5 seconds into a minute, close to the real time (the session's token is checked on the store's clock).
const OPENED = Math.floor(Date.now() / MINUTE) * MINUTE + 5_000;
const HERE = { latitude: 41.862312, longitude: -87.616698 };

function serveNearby(answer: () => Response) {
  const seen: URLSearchParams[] = [];
  apiServer.use(
    http.get(API('events/search'), ({ request }) => {
      seen.push(new URL(request.url).searchParams);
      return answer();
    }),
  );
  return seen;
}

function serveTextSearch(answer: () => Response) {
  const seen: URLSearchParams[] = [];
  apiServer.use(
    http.get(API('events/text-search'), ({ request }) => {
      seen.push(new URL(request.url).searchParams);
      return answer();
    }),
  );
  return seen;
}

/** A store whose device clock reads `clock.at` (the server's clock is `clockOffsetMs` off it). */
function setUp(clockOffsetMs = 0) {
  const clock = { at: OPENED, now: () => clock.at };
  const store = makeStore({
    runSagas: false,
    preloadedState: signedInOptions('/', { clockOffsetMs }).preloadedState,
    services: { clock },
  });
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  return { clock, wrapper };
}

const ids = (events: Array<{ event: { id: string } }> | undefined) => events?.map((e) => e.event.id);

describe('useNearbyCurrentEvents', () => {
  it('asks nothing without a location', () => {
    const seen = serveNearby(() => HttpResponse.json({ success: true, data: [] }));
    const { wrapper } = setUp();
    const { result } = renderHook(() => useNearbyCurrentEvents(null), { wrapper });
    expect(result.current.events).toBeUndefined();
    expect(result.current.loading).toBe(false);
    act(() => result.current.refresh());
    expect(seen).toEqual([]);
  });

  it('asks near the device (4 decimals) within 25 miles and keeps only the events LIVE now, with their miles', async () => {
    const seen = serveNearby(() =>
      HttpResponse.json({
        success: true,
        data: [
          { ...eventAt('live', 'Pickup game', OPENED, -30 * MINUTE), distance: 0.4 },
          { ...eventAt('tonight', 'Cup final', OPENED, 2 * HOUR), distance: 1.2 },
          { ...eventAt('tomorrow', 'Semi final', OPENED, DAY), distance: 3 },
        ],
      }),
    );
    const { wrapper } = setUp();
    const { result } = renderHook(() => useNearbyCurrentEvents(HERE), { wrapper });
    await waitFor(() => expect(result.current.events).toHaveLength(1));
    expect(result.current.events?.[0]).toMatchObject({ event: { id: 'live', name: 'Pickup game' }, distanceMiles: 0.4 });
    expect(seen[0]?.get('near')).toBe('41.8623,-87.6167');
    expect(seen[0]?.get('radius')).toBe('25');
    expect(seen[0]?.get('time')).toBe(new Date(OPENED - 5_000).toISOString());
  });

  it("LIVE on the server's clock, not the device's", async () => {
    const offset = -3 * HOUR; // the device is 3 hours ahead
    const serverNow = OPENED + offset;
    serveNearby(() =>
      HttpResponse.json({
        success: true,
        data: [{ ...eventAt('live', 'Pickup game', serverNow, -MINUTE, { endTime: new Date(serverNow + HOUR).toISOString() }) }],
      }),
    );
    const { wrapper } = setUp(offset);
    const { result } = renderHook(() => useNearbyCurrentEvents(HERE), { wrapper });
    await waitFor(() => expect(ids(result.current.events)).toEqual(['live']));
  });

  it('when the search fails, the current events near the device stand in (§7), still live only', async () => {
    serveNearby(() => HttpResponse.json({ success: false, error: 'down' }, { status: 500 }));
    serveEventLists(() => eventsAnswer([eventAt('live', 'At Soldier Field', OPENED, -MINUTE)]));
    const { wrapper } = setUp();
    const { result } = renderHook(() => useNearbyCurrentEvents(HERE), { wrapper });
    await waitFor(() => expect(ids(result.current.events)).toEqual(['live']));
  });

  it('the error of both failing, with its retry', async () => {
    serveNearby(() => HttpResponse.error());
    serveEventLists(() => HttpResponse.error());
    const { wrapper } = setUp();
    const { result } = renderHook(() => useNearbyCurrentEvents(HERE), { wrapper });
    await waitFor(() => expect(result.current.error?.message).toMatch(/Unable to connect to the server/));
    expect(result.current.events).toBeUndefined();
  });

  it('Refresh asks again: for the same minute a refetch, for a later one the new minute', async () => {
    const seen = serveNearby(() => HttpResponse.json({ success: true, data: [] }));
    const { clock, wrapper } = setUp();
    const { result } = renderHook(() => useNearbyCurrentEvents(HERE), { wrapper });
    await waitFor(() => expect(result.current.events).toEqual([]));

    clock.at = OPENED + 10_000;
    act(() => result.current.refresh());
    await waitFor(() => expect(seen).toHaveLength(2));
    expect(seen[1]?.get('time')).toBe(seen[0]?.get('time'));

    clock.at = OPENED + MINUTE;
    act(() => result.current.refresh());
    await waitFor(() => expect(seen).toHaveLength(3));
    expect(seen[2]?.get('time')).toBe(new Date(OPENED - 5_000 + MINUTE).toISOString());
  });
});

describe('useCurrentEventSearch', () => {
  const found = (over: Record<string, unknown> = {}) => [
    { ...eventAt('live', 'Cubs vs Cardinals', OPENED, -HOUR), ...over },
    { ...eventAt('later', 'Cubs vs Brewers', OPENED, DAY), ...over },
  ];

  it('searches nothing for a blank query', () => {
    const seen = serveTextSearch(() => HttpResponse.json({ success: true, data: [] }));
    const { wrapper } = setUp();
    const { result } = renderHook(() => useCurrentEventSearch('   ', HERE), { wrapper });
    expect(result.current.status).toBe('idle');
    expect(seen).toEqual([]);
  });

  it('near the device (current mode: 50 km): the live events only, with the distance in miles', async () => {
    const seen = serveTextSearch(() => HttpResponse.json({ success: true, data: found({ distance: 16.09344 }) }));
    const { wrapper } = setUp();
    const { result } = renderHook(() => useCurrentEventSearch('cubs', HERE), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('done'));
    if (result.current.status !== 'done') throw new Error('not done');
    expect(ids(result.current.events)).toEqual(['live']);
    expect(result.current.events[0]?.distanceMiles).toBeCloseTo(10, 6);
    expect(Object.fromEntries(seen[0]!)).toEqual({ q: 'cubs', near: '41.8623,-87.6167', radius: '50' });
  });

  it('anywhere without a location', async () => {
    const seen = serveTextSearch(() => HttpResponse.json({ success: true, data: found() }));
    const { wrapper } = setUp();
    const { result } = renderHook(() => useCurrentEventSearch('cubs', null), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('done'));
    expect(Object.fromEntries(seen[0]!)).toEqual({ q: 'cubs' });
    if (result.current.status === 'done') expect(result.current.events[0]?.distanceMiles).toBeNull();
  });

  it('a failed search with nothing saved: failed', async () => {
    serveTextSearch(() => HttpResponse.error());
    const { wrapper } = setUp();
    const { result } = renderHook(() => useCurrentEventSearch('nothing saved', HERE), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('failed'));
  });
});

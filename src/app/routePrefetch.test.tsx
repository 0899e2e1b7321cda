import { act, render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { initialSessionState, sessionStarted, signedOut } from '../features/session/public';
import { signedInState } from '../test/renderWithProviders';
import { prefetchRoute, RoutePrefetch, type ScreenPrefetch } from './routePrefetch';
import { ROUTES, type RouteEntry } from './routes';
import { makeStore } from './store';

const Screen = () => null;
const flush = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

/** A route table whose prefetches are the given stand-ins. */
function table(prefetches: Record<string, ScreenPrefetch>, extra: Pick<RouteEntry, 'access'> = {}): RouteEntry[] {
  return Object.entries(prefetches).map(([path, prefetch]) => ({
    path,
    title: path,
    component: Screen,
    prefetch: () => Promise.resolve(prefetch),
    ...extra,
  }));
}

describe('prefetchRoute', () => {
  const dispatch = jest.fn();

  it('runs the prefetch of the route the address opens, with its parameters, ranked as the router ranks routes', async () => {
    const byId = jest.fn();
    const fresh = jest.fn();
    const signal = new AbortController().signal;
    prefetchRoute(dispatch, '/events/e-42', signal, table({ '/events/:eventId': byId, '/events/new': fresh }));
    prefetchRoute(dispatch, '/events/new', signal, table({ '/events/:eventId': byId, '/events/new': fresh }));
    await flush();
    expect(byId).toHaveBeenCalledWith(dispatch, { eventId: 'e-42' }, signal);
    expect(byId).toHaveBeenCalledTimes(1);
    expect(fresh).toHaveBeenCalledTimes(1);
  });

  it('runs none for an address without a route, a route without a prefetch, or a public or ADMIN route', async () => {
    const prefetch = jest.fn();
    const signal = new AbortController().signal;
    prefetchRoute(dispatch, '/nowhere', signal, table({ '/somewhere': prefetch }));
    prefetchRoute(dispatch, '/plain', signal, [{ path: '/plain', title: 'Plain', component: Screen }]);
    prefetchRoute(dispatch, '/login', signal, table({ '/login': prefetch }, { access: 'public' }));
    prefetchRoute(dispatch, '/location/add', signal, table({ '/location/add': prefetch }, { access: 'admin' }));
    await flush();
    expect(prefetch).not.toHaveBeenCalled();
  });

  it('runs none once the address or the user changed before its module arrived', async () => {
    const prefetch = jest.fn();
    const left = new AbortController();
    prefetchRoute(dispatch, '/clips', left.signal, table({ '/clips': prefetch }));
    left.abort();
    await flush();
    expect(prefetch).not.toHaveBeenCalled();
  });

  it('leaves the asking to the screen when its module fails to load', async () => {
    const routes: RouteEntry[] = [
      { path: '/clips', title: 'My Clips', component: Screen, prefetch: () => Promise.reject(new Error('offline')) },
    ];
    expect(() => prefetchRoute(dispatch, '/clips', new AbortController().signal, routes)).not.toThrow();
    await flush();
  });
});

describe('RoutePrefetch (in AppRoutes)', () => {
  const myClips = ROUTES.find((route) => route.path === '/clips')!;
  const eventClips = ROUTES.find((route) => route.path === '/clips/event/:eventId')!;
  let runs: Array<{ params: unknown; signal: AbortSignal }>;
  let spies: jest.SpyInstance[];

  beforeEach(() => {
    runs = [];
    const record: ScreenPrefetch = (_dispatch, params, signal) => void runs.push({ params, signal });
    spies = [myClips, eventClips].map((route) => jest.spyOn(route, 'prefetch').mockResolvedValue(record));
  });
  afterEach(() => spies.forEach((spy) => spy.mockRestore()));

  function renderAt(path: string, session = signedInState().session) {
    const store = makeStore({ preloadedState: { session }, runSagas: false });
    const router = createMemoryRouter([{ path: '*', element: <RoutePrefetch /> }], { initialEntries: [path] });
    render(
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>,
    );
    return { store, router };
  }

  it('asks for the data of the screen at the address, and again at each new address, ending the earlier one', async () => {
    const { router } = renderAt('/clips');
    await flush();
    expect(runs).toEqual([{ params: {}, signal: expect.objectContaining({ aborted: false }) }]);

    await act(() => router.navigate('/clips/event/e-7'));
    await flush();
    expect(runs.map((run) => run.params)).toEqual([{}, { eventId: 'e-7' }]);
    expect(runs.map((run) => run.signal.aborted)).toEqual([true, false]);
  });

  it('waits for a signed-in user, as the screens do behind the sign-in guard, and stops at a sign-out', async () => {
    const { store } = renderAt('/clips', { ...initialSessionState, status: 'loading' });
    await flush();
    expect(runs).toEqual([]);

    const { user, token } = signedInState().session;
    const record = {
      user: user!,
      token: token!,
      lastActivity: 0,
      lastRefresh: 0,
      persistAcrossRestarts: false,
      clockOffsetMs: 0,
    };
    act(() => void store.dispatch(sessionStarted({ record, source: 'tab' })));
    await flush();
    expect(runs).toHaveLength(1);

    act(() => void store.dispatch(signedOut({ reason: 'user_logout' })));
    expect(runs[0]!.signal.aborted).toBe(true);
  });
});

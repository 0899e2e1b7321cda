import { waitFor } from '@testing-library/react';
import { createMemoryRouter, matchRoutes } from 'react-router';
import { prefetchRoute } from '../app/routePrefetch';
import { ROUTES } from '../app/routes';
import type { AppStore } from '../app/store';
import { apiServer } from './apiServer';
import { renderRouter } from './renderWithProviders';

/**
 * Every API call from now on, as its path after /api/v1/ with its query (`clips?page=1&limit=50`). The listener
 * stays until `apiServer.events.removeAllListeners()` (call it in afterEach).
 */
export function recordApiCalls(): string[] {
  const asked: string[] = [];
  apiServer.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    asked.push(url.pathname.replace(/^\/api\/v1\//, '') + url.search);
  });
  return asked;
}

/** The route table's screen for `address`, at its route's own path (so its params are the router's), over `store`. */
export function renderRouteAt(store: AppStore, address: string) {
  const [match] = matchRoutes(ROUTES, address) ?? [];
  if (!match) throw new Error(`No route for ${address}`);
  const Screen = match.route.component;
  const router = createMemoryRouter([{ path: match.route.path, element: <Screen /> }], { initialEntries: [address] });
  return renderRouter(store, router);
}

/**
 * Runs the prefetch of the route at `address` as the router does for a signed-in user, and waits until it asked
 * `expected` (in any order); then renders the route's screen and waits for `shown`. The screen must then have asked
 * nothing more: had the prefetch used other arguments than the screen's hooks, the screen would ask again.
 */
export async function expectPrefetchServesScreen(
  store: AppStore,
  address: string,
  expected: string[],
  shown: () => Promise<unknown>,
): Promise<void> {
  const asked = recordApiCalls();
  prefetchRoute(store.dispatch, address, new AbortController().signal);
  await waitFor(() => expect([...asked].sort()).toEqual([...expected].sort()));
  renderRouteAt(store, address);
  await shown();
  expect([...asked].sort()).toEqual([...expected].sort());
}

import { useEffect } from 'react';
import { matchRoutes, useLocation } from 'react-router';
import { selectSignedInUserId } from '../features/session/public';
import { useAppDispatch, useAppSelector } from './hooks';
import { ROUTES, type RouteEntry } from './routes';
import type { AppDispatch } from './store';

/** An address's parameters as the router reads them (`useParams()` gives the screen the same). */
export type RouteParams = Readonly<Partial<Record<string, string>>>;

/**
 * A screen's first data, asked for through its own RTK Query endpoints with the arguments its hooks will use, so the
 * screen finds the entry in flight or answered. Nothing subscribes: an entry no screen takes up leaves the cache as
 * any unused one. `signal` aborts once the address or the signed-in user changes; a prefetch of several steps checks
 * it before each further step.
 */
export type ScreenPrefetch = (dispatch: AppDispatch, params: RouteParams, signal: AbortSignal) => void;

/**
 * Starts the prefetch of the route `pathname` opens, if it has one: its module first (a small chunk of its own),
 * then its function with the address's parameters. Only routes any signed-in user may open: a public screen has no
 * user's data, and an ADMIN one may refuse the caller. A module that fails to load leaves the asking to the screen.
 */
export function prefetchRoute(dispatch: AppDispatch, pathname: string, signal: AbortSignal, routes: RouteEntry[] = ROUTES): void {
  // The route the router will show (ranked as it ranks them: a literal segment before a parameter).
  const [match] = matchRoutes(routes, pathname) ?? [];
  if (!match?.route.prefetch || match.route.access !== undefined) return;
  const { params } = match;
  match.route.prefetch().then(
    (prefetch) => {
      if (!signal.aborted) prefetch(dispatch, params, signal);
    },
    () => undefined,
  );
}

/**
 * Render-as-you-fetch with declarative routes: when the address changes, the screen's data is asked for while its
 * chunk loads, instead of once it has loaded and mounted. It waits as the screens do, behind the sign-in guard, for
 * a signed-in user, so every request carries the session's bearer. It sits outside the routes' Suspense boundaries:
 * its effect runs as soon as the router commits the loading fallback.
 */
export function RoutePrefetch(): null {
  const { pathname } = useLocation();
  const userId = useAppSelector(selectSignedInUserId);
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (userId === null) return undefined;
    const controller = new AbortController();
    prefetchRoute(dispatch, pathname, controller.signal);
    return () => controller.abort();
  }, [dispatch, pathname, userId]);
  return null;
}

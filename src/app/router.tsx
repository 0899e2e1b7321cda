import { Suspense, useEffect } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useNavigate } from 'react-router';
import { LoadingScreen, RequireAuth } from '../features/common/components/RequireAuth';
import { ErrorBoundary } from '../features/errors/components/ErrorBoundary';
import { CurrentRouteContext } from './routeContext';
import { RoutePrefetch } from './routePrefetch';
import { NOT_FOUND, REDIRECTS, ROUTES, type RouteEntry } from './routes';
import { AppLayout } from './shellChunk';
import { retryableLazy as lazy } from './retryableLazy';
import type { Navigation } from './services';

/*
 * Declarative routes with React.lazy, built from the route table (routes.ts): each screen is its
 * own chunk (webpackChunkName names it in `npm run size`). The data router (createBrowserRouter)
 * would add ~17 KB gzip to every page for loaders and actions this app does not use — see
 * docs/decisions.md.
 */
const AdminOnly = lazy(() => import(/* webpackChunkName: "admin-only" */ '../features/common/components/AdminOnly'));

/** A route's screen, told which entry it is shown for, behind the ADMIN check where the table asks for it. */
function screenOf(route: RouteEntry) {
  const Screen = route.component;
  const screen = (
    <CurrentRouteContext.Provider value={route}>
      <Screen />
    </CurrentRouteContext.Provider>
  );
  return route.access === 'admin' ? <AdminOnly>{screen}</AdminOnly> : screen;
}

function routeOf(route: RouteEntry) {
  return <Route key={route.path} path={route.path} element={screenOf(route)} />;
}

/** Hands the router's navigate to the sagas (services.navigate), which live outside React. */
function NavigationBridge({ navigation }: { navigation: Navigation }) {
  const navigate = useNavigate();
  useEffect(() => {
    navigation.bind((to, options) => void navigate(to, { replace: options?.replace ?? false }));
  }, [navigate, navigation]);
  return null;
}

/**
 * Public routes stand alone; every other one sits behind the sign-in guard, inside the shell. A screen's data is
 * asked for as its route starts to load, beside its chunk (routePrefetch.ts).
 */
export function AppRoutes() {
  return (
    <>
      <RoutePrefetch />
      <Suspense fallback={<LoadingScreen />}>
        <Routes>
          {ROUTES.filter((r) => r.access === 'public').map(routeOf)}
          <Route element={<RequireAuth />}>
            <Route element={<AppLayout />}>
              {ROUTES.filter((r) => r.access !== 'public').map(routeOf)}
              {REDIRECTS.map((r) => (
                <Route key={r.from} path={r.from} element={<Navigate to={r.to} replace />} />
              ))}
              {routeOf(NOT_FOUND)}
            </Route>
          </Route>
        </Routes>
      </Suspense>
    </>
  );
}

export function AppRouter({ navigation }: { navigation: Navigation }) {
  return (
    <BrowserRouter>
      <NavigationBridge navigation={navigation} />
      <ErrorBoundary standalone onGoHome={() => window.location.assign('/')}>
        <AppRoutes />
      </ErrorBoundary>
    </BrowserRouter>
  );
}

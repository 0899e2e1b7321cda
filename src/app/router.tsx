import { Suspense, useEffect, type ComponentType } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useNavigate } from 'react-router';
import { LoadingScreen, RequireAuth } from '../features/common/RequireAuth';
import { ErrorBoundary } from '../features/errors/ErrorBoundary';
import { REDIRECTS, ROUTES, type ScreenId } from './routes';
import { retryableLazy as lazy } from './retryableLazy';
import type { Navigation } from './services';

/*
 * Declarative routes with React.lazy: each screen is its own chunk (webpackChunkName names it in
 * `npm run size`). The data router (createBrowserRouter) would add ~17 KB gzip to every page for
 * loaders and actions this app does not use — see docs/decisions.md.
 */
type Screen = ComponentType;

const comingLater = lazy(() => import(/* webpackChunkName: "coming-later" */ '../features/common/ComingLaterScreen'));

const SCREENS: Record<ScreenId, Screen> = {
  landing: lazy(() => import(/* webpackChunkName: "landing" */ '../features/landing/LandingScreen')),
  addLocation: lazy(() => import(/* webpackChunkName: "add-location" */ '../features/locations/AddLocationScreen')),
  nearbyLocations: comingLater,
  createEvent: lazy(() => import(/* webpackChunkName: "add-event" */ '../features/events/createEvent/AddEventScreen')),
  nearbyEvents: comingLater,
  upcomingEvents: comingLater,
  recentEvents: comingLater,
  myClips: comingLater,
  uploadClips: lazy(() => import(/* webpackChunkName: "upload-clips" */ '../features/uploads/UploadClipsScreen')),
  eventClips: comingLater,
  unassociatedClips: comingLater,
  taggedEvents: comingLater,
  eventTags: comingLater,
  allTags: comingLater,
  tagMoments: comingLater,
  highlightPicker: comingLater,
  highlightCreate: comingLater,
  highlightList: comingLater,
  highlightShare: lazy(() => import(/* webpackChunkName: "highlight-share" */ '../features/common/ShareHighlightsScreen')),
  clipSelection: comingLater,
  highlightViewer: comingLater,
};

const LoginScreen = lazy(() => import(/* webpackChunkName: "login" */ '../features/login/LoginScreen'));
const AppLayout = lazy(() => import(/* webpackChunkName: "shell" */ '../features/shell/AppLayout'));
const NotFoundScreen = lazy(() => import(/* webpackChunkName: "not-found" */ '../features/common/NotFoundScreen'));
const AdminOnly = lazy(() => import(/* webpackChunkName: "admin-only" */ '../features/common/AdminOnly'));

/** Hands the router's navigate to the sagas (services.navigate), which live outside React. */
function NavigationBridge({ navigation }: { navigation: Navigation }) {
  const navigate = useNavigate();
  useEffect(() => {
    navigation.bind((to, options) => void navigate(to, { replace: options?.replace ?? false }));
  }, [navigate, navigation]);
  return null;
}

export function AppRoutes() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Routes>
        <Route path="/login" element={<LoginScreen />} />
        <Route element={<RequireAuth />}>
          <Route element={<AppLayout />}>
            {ROUTES.map((r) => {
              const Screen = SCREENS[r.screen];
              return (
                <Route
                  key={r.path}
                  path={r.path}
                  element={
                    r.adminOnly ? (
                      <AdminOnly>
                        <Screen />
                      </AdminOnly>
                    ) : (
                      <Screen />
                    )
                  }
                />
              );
            })}
            {REDIRECTS.map((r) => (
              <Route key={r.from} path={r.from} element={<Navigate to={r.to} replace />} />
            ))}
            <Route path="*" element={<NotFoundScreen />} />
          </Route>
        </Route>
      </Routes>
    </Suspense>
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

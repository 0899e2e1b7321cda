import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { RequireAuth } from '../features/common/RequireAuth';
import { RouteErrorFallback } from '../features/errors/RouteErrorFallback';
import { REDIRECTS, ROUTES, type ScreenId } from './routes';

type ScreenModule = Promise<{ default: ComponentType }>;

/** Each screen is its own lazily loaded chunk (webpackChunkName names it in `npm run size`). */
const comingLater = () => import(/* webpackChunkName: "coming-later" */ '../features/common/ComingLaterScreen');

const SCREENS: Record<ScreenId, () => ScreenModule> = {
  landing: () => import(/* webpackChunkName: "landing" */ '../features/landing/LandingScreen'),
  addLocation: comingLater,
  nearbyLocations: comingLater,
  createEvent: comingLater,
  nearbyEvents: comingLater,
  upcomingEvents: comingLater,
  recentEvents: comingLater,
  myClips: comingLater,
  uploadClips: comingLater,
  eventClips: comingLater,
  unassociatedClips: comingLater,
  taggedEvents: comingLater,
  eventTags: comingLater,
  allTags: comingLater,
  tagMoments: comingLater,
  highlightPicker: comingLater,
  highlightCreate: comingLater,
  highlightList: comingLater,
  highlightShare: () => import(/* webpackChunkName: "highlight-share" */ '../features/common/ShareHighlightsScreen'),
  clipSelection: comingLater,
  highlightViewer: comingLater,
};

const asRoute = (load: () => ScreenModule) => async () => ({ Component: (await load()).default });

export function createAppRouter() {
  return createBrowserRouter([
    {
      errorElement: <RouteErrorFallback />,
      children: [
        { path: '/login', lazy: asRoute(() => import(/* webpackChunkName: "login" */ '../features/login/LoginScreen')) },
        {
          element: <RequireAuth />,
          children: [
            {
              lazy: asRoute(() => import(/* webpackChunkName: "shell" */ '../features/shell/AppLayout')),
              children: [
                ...ROUTES.map((r) => ({
                  path: r.path,
                  handle: r,
                  lazy: r.adminOnly
                    ? async () => {
                        const [screen, gate] = await Promise.all([SCREENS[r.screen](), import('../features/common/AdminOnly')]);
                        return { Component: gate.withAdminOnly(screen.default) };
                      }
                    : asRoute(SCREENS[r.screen]),
                })),
                ...REDIRECTS.map((r) => ({ path: r.from, element: <Navigate to={r.to} replace /> })),
                {
                  path: '*',
                  lazy: asRoute(() => import(/* webpackChunkName: "not-found" */ '../features/common/NotFoundScreen')),
                },
              ],
            },
          ],
        },
      ],
    },
  ]);
}

export type AppRouter = ReturnType<typeof createAppRouter>;

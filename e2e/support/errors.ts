import type { Page, Route } from '@playwright/test';

/** The lazily loaded chunk of the placeholder screens (webpackChunkName "coming-later" in src/app/router.tsx). */
export const COMING_LATER_CHUNK = /\/assets\/coming-later\.[^/]*\.js(\?.*)?$/;

/** Makes the placeholder screens' code fail to load, as a flaky network or a stale deploy would. */
export async function breakComingLaterChunk(page: Page): Promise<() => Promise<void>> {
  const handler = (route: Route) => route.abort('failed');
  await page.route(COMING_LATER_CHUNK, handler);
  return () => page.unroute(COMING_LATER_CHUNK, handler);
}

export const FALLBACK_TITLE = 'Something went wrong';
export const FALLBACK_BODY =
  'The application encountered an unexpected error. You can try refreshing the page or returning to the home screen.';

import type { Page, Route } from '@playwright/test';

/** The lazily loaded chunk of the Share Highlights screen (webpackChunkName "highlight-share" in src/app/routes.ts). */
export const SHARE_SCREEN_CHUNK = /\/assets\/highlight-share\.[^/]*\.js(\?.*)?$/;

/** Makes the Share Highlights screen's code fail to load, as a flaky network or a stale deploy would. */
export async function breakShareScreenChunk(page: Page): Promise<() => Promise<void>> {
  const handler = (route: Route) => route.abort('failed');
  await page.route(SHARE_SCREEN_CHUNK, handler);
  return () => page.unroute(SHARE_SCREEN_CHUNK, handler);
}

export const FALLBACK_TITLE = 'Something went wrong';
export const FALLBACK_BODY =
  'The application encountered an unexpected error. You can try refreshing the page or returning to the home screen.';

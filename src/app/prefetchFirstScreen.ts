import { matchRoutes } from 'react-router';
import { selectSignedInUserId } from '../features/session/public';
import { ROUTES } from './routes';
import { AppLayout } from './shellChunk';
import type { AppStore } from './store';

/**
 * How long the first render waits for the first screen's answers once its code is here. A render open while they
 * arrive is redone by React in one blocking task; a render held longer would leave the page's frame, which takes no
 * taps, on screen while a slow network answers (docs/performance.md "A first render that is not redone").
 */
export const FIRST_RENDER_DATA_WAIT_MS = 1000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Render-as-you-fetch for the page the app opens on (docs/performance.md "Create Highlight: its code and its data
 * at once"): a signed-in start on an address whose route has a `prefetch` asks for the screen's data, and the
 * shell's and the screen's code, right after the session is restored, instead of once React, the shell and the
 * screen's code have loaded and the screen has mounted. The screen then finds its answers in RTK Query's cache, or
 * in flight. A failure here is the screen's to show: it asks again when it mounts.
 *
 * Returns when the first render may start (never rejects): once that code is here, and the screen's answers are in
 * or FIRST_RENDER_DATA_WAIT_MS have passed since. At once without a prefetch. `wait` is the timer (tests pass theirs).
 */
export function prefetchFirstScreen(
  store: Pick<AppStore, 'dispatch' | 'getState'>,
  pathname: string,
  wait: (ms: number) => Promise<void> = sleep,
): Promise<void> {
  if (!selectSignedInUserId(store.getState())) return Promise.resolve();
  // The route the router will show (ranked as it ranks them: a literal segment before a parameter).
  const [match] = matchRoutes(ROUTES, pathname) ?? [];
  const prefetch = match?.route.prefetch;
  if (!prefetch) return Promise.resolve();
  // The data first: its code is asked for before the screen's, as chunk files go out one per task in the order
  // asked (chunkRequests.ts), and its answers are what the screen waits for longest.
  const answered = prefetch(store.dispatch, match.params).catch(() => undefined);
  // The code that shows the data, asked for with it: the shell's and the screen's chunks, which React would
  // otherwise ask for one after the other as it renders them.
  const code = Promise.all([AppLayout.preload(), match.route.component.preload?.()]);
  return code.then(() => Promise.race([answered, wait(FIRST_RENDER_DATA_WAIT_MS)]));
}

import { matchRoutes } from 'react-router';
import { selectSignedInUserId } from '../features/session/public';
import { ROUTES } from './routes';
import { AppLayout } from './shellChunk';
import type { AppStore } from './store';

/**
 * Render-as-you-fetch for the page the app opens on (docs/performance.md "Create Highlight: its code and its data
 * at once"): a signed-in start on an address whose route has a `prefetch` asks for the screen's data, and the
 * shell's and the screen's code, right after the session is restored, instead of once React, the shell and the
 * screen's code have loaded and the screen has mounted. The screen then finds its answers in RTK Query's cache, or
 * in flight. A failure here is the screen's to show: it asks again when it mounts. The start does not wait for it;
 * the promise settles once the answers are in, and never rejects.
 */
export async function prefetchFirstScreen(store: Pick<AppStore, 'dispatch' | 'getState'>, pathname: string): Promise<void> {
  if (!selectSignedInUserId(store.getState())) return;
  // The route the router will show (ranked as it ranks them: a literal segment before a parameter).
  const [match] = matchRoutes(ROUTES, pathname) ?? [];
  const prefetch = match?.route.prefetch;
  if (!prefetch) return;
  // The data first: its code is asked for before the screen's, as chunk files go out one per task in the order
  // asked (chunkRequests.ts), and its answers are what the screen waits for longest.
  const answered = prefetch(store.dispatch, match.params).catch(() => undefined);
  // The code that shows the data, asked for with it: the shell's and the screen's chunks, which React would
  // otherwise ask for one after the other as it renders them.
  AppLayout.preload();
  match.route.component.preload?.();
  await answered;
}

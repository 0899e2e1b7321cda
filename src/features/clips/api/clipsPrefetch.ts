import type { RouteParams, ScreenPrefetch } from '../../../app/routePrefetch';
import { clipsApi } from './clipsApi';

/*
 * The clip screens' first pages, asked for as their routes start to load (src/app/routePrefetch.ts): the same
 * endpoints and arguments as their lists (useClipLists.ts), so each screen finds its entry in flight or answered. The
 * page size and the first page are the endpoints' own; only the arguments come from here.
 */

const { getMyClipEvents, getEventClips, getUnassociatedClips } = clipsApi.endpoints;
const unsubscribed = { subscribe: false } as const;

/** The event an Event Clips address names: the screen's list and its prefetch ask for this one entry. */
export const eventClipsArg = (params: RouteParams): string => params.eventId ?? '';

export const prefetchMyClips: ScreenPrefetch = (dispatch) => {
  dispatch(getMyClipEvents.initiate(undefined, unsubscribed));
};

export const prefetchEventClips: ScreenPrefetch = (dispatch, params) => {
  const eventId = eventClipsArg(params);
  if (eventId !== '') dispatch(getEventClips.initiate(eventId, unsubscribed));
};

export const prefetchUnassociatedClips: ScreenPrefetch = (dispatch) => {
  dispatch(getUnassociatedClips.initiate(undefined, unsubscribed));
};

import type { RouteParams, ScreenPrefetch } from '../../../app/routePrefetch';
import { tagsApi } from './tagsApi';

/*
 * The tag lists' first answers, asked for as their routes start to load (src/app/routePrefetch.ts): the same
 * endpoints and arguments as their screens (useTagLists.ts), so each finds its entry in flight or answered. Tag
 * Moments has none: its first call waits for the device's position.
 */

const { getMyTags, getTaggedEvents, getEventTags } = tagsApi.endpoints;
const unsubscribed = { subscribe: false } as const;

/** The event an Event tags address names, trimmed (a stray space names no other event); empty asks nothing. */
export const eventTagsArg = (params: RouteParams): string => (params.eventId ?? '').trim();

export const prefetchMyTags: ScreenPrefetch = (dispatch) => {
  dispatch(getMyTags.initiate(undefined, unsubscribed));
};

export const prefetchTaggedEvents: ScreenPrefetch = (dispatch) => {
  dispatch(getTaggedEvents.initiate(undefined, unsubscribed));
};

export const prefetchEventTags: ScreenPrefetch = (dispatch, params) => {
  const eventId = eventTagsArg(params);
  if (eventId !== '') dispatch(getEventTags.initiate(eventId, unsubscribed));
};

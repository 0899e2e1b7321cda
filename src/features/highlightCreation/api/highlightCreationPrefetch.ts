import type { RouteParams, ScreenPrefetch } from '../../../app/routePrefetch';
import { highlightCreationApi, type HighlightClipsArg } from './highlightCreationApi';

const { getHighlightEvent, getHighlightTags, getHighlightClips } = highlightCreationApi.endpoints;
const unsubscribed = { subscribe: false } as const;

/** The event a Create Highlight address names: the screen and its prefetch ask for this one event. */
export const highlightEventArg = (params: RouteParams): string => params.eventId ?? '';

/** The two clip lists of Highlight creation, the caller's and every user's, as the screen and its prefetch ask them. */
export const highlightClipsArgs = (eventId: string): [mine: HighlightClipsArg, everyone: HighlightClipsArg] => [
  { eventId, allUsers: false },
  { eventId, allUsers: true },
];

/**
 * Highlight creation's first data, asked for as its route starts to load (src/app/routePrefetch.ts), in the screen's
 * order (useHighlightCreation.ts): the event; once it answered, its tags; once they settled, either way, both clip
 * lists. A failed event stops here: the screen shows that failure and asks again. A step is not taken once the
 * address or the user changed.
 */
export const prefetchHighlightCreation: ScreenPrefetch = (dispatch, params, signal) => {
  const eventId = highlightEventArg(params);
  if (eventId === '') return;
  void (async () => {
    const event = await dispatch(getHighlightEvent.initiate(eventId, unsubscribed));
    if (!event.data || signal.aborted) return;
    await dispatch(getHighlightTags.initiate(eventId, unsubscribed));
    if (signal.aborted) return;
    for (const arg of highlightClipsArgs(eventId)) dispatch(getHighlightClips.initiate(arg, unsubscribed));
  })();
};

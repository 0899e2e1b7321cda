import type { AppDispatch } from '../../app/store';
import { highlightCreationApi } from './highlightCreationApi';

const { getHighlightEvent, getHighlightTags, getHighlightClips } = highlightCreationApi.endpoints;

/**
 * Highlight creation's first data, asked for at the start of a page opened on the screen while React and the
 * screen's code load (docs/performance.md "Create Highlight: its code and its data at once"): the same calls, arguments and
 * order as `useHighlightCreation` (the event, then its tags, then both clip lists), so the screen finds them in the
 * cache, in flight or answered. Nothing subscribes here: unused answers leave the cache as any other, and a failure
 * is left for the screen, which asks again when it mounts and shows it.
 */
export async function prefetchHighlightCreation(dispatch: AppDispatch, eventId: string): Promise<void> {
  const event = await dispatch(getHighlightEvent.initiate(eventId, { subscribe: false }));
  if (!event.data) return;
  await dispatch(getHighlightTags.initiate(eventId, { subscribe: false }));
  await Promise.all(
    [false, true].map((allUsers) => dispatch(getHighlightClips.initiate({ eventId, allUsers }, { subscribe: false }))),
  );
}

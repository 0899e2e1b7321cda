import * as v from 'valibot';
import { clientHighlightSchema, type Highlight } from '../../../domain/highlight';

/** The media links a highlight carries: signed for hours, so never written into the tab's history. */
const MEDIA_LINKS = ['renderedUrl', 'posterUrl'] as const;

/** A highlight without its signed media links: what navigation state may hold. */
export type HighlightWithoutMedia = Omit<Highlight, (typeof MEDIA_LINKS)[number]>;

/**
 * docs/product/part-2.md §2: a row of the list opens the viewer with the highlight in navigation state, so it shows
 * at once. As for the clip and tag pages (tags/model/tagNavigation.ts), the state stays in the tab's history after a
 * sign-out: it names the user it was made for and is read back only for that user, and it is checked again, since a
 * history entry may come from an older version of the app. It never holds the signed `renderedUrl`/`posterUrl`
 * (valid for hours, they would outlive the sign-out in history.state): the viewer plays from the short-lived
 * stream-url call, and a poster comes with the API's answer.
 */
export interface HighlightViewerState {
  userId: string;
  highlight: HighlightWithoutMedia;
}

// An older entry that still holds the links is accepted, and the links are dropped (an object schema keeps only
// its own keys).
const stateSchema = v.object({
  userId: v.pipe(v.string(), v.minLength(1)),
  highlight: v.omit(clientHighlightSchema, MEDIA_LINKS),
});

export function highlightViewerStateOf(highlight: Highlight, userId: string): HighlightViewerState {
  const { renderedUrl: _rendered, posterUrl: _poster, ...withoutMedia } = highlight;
  return { userId, highlight: withoutMedia };
}

/**
 * The highlight of the history entry when it was made for `userId` and for this `id` (with no media links: null);
 * null otherwise.
 */
export function readHighlightViewerState(state: unknown, userId: string | null, id: string): Highlight | null {
  if (userId === null) return null;
  const parsed = v.safeParse(stateSchema, state);
  if (!parsed.success || parsed.output.userId !== userId || parsed.output.highlight.id !== id) return null;
  return { ...parsed.output.highlight, renderedUrl: null, posterUrl: null };
}

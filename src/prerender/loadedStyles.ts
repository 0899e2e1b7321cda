import type { AppDispatch } from '../app/store';
import { fillMyClipsStandIn } from '../features/clips/myClipsStandIn';
import { fillHighlightCreationStandIn } from '../features/highlights/highlightCreationStandIn';

/**
 * The framed pages (framedPages.ts) whose loaded screen the build also renders, with stand-in answers, for its CSS
 * alone (renderPage.tsx; docs/performance.md "The loaded screen's CSS in the page"): by the frame's address, what
 * puts the stand-in answers in the store. The markup is thrown away; the CSS goes into the page beside the frame's,
 * so the app's first commits of that screen find their styles in place instead of compiling and inserting them.
 */
export const LOADED_STAND_INS: Readonly<Record<string, (dispatch: AppDispatch) => void>> = {
  '/clips': fillMyClipsStandIn,
  '/highlights/create/frame': (dispatch) => fillHighlightCreationStandIn(dispatch, 'frame'),
};

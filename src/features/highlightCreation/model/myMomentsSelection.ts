import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { RootState } from '../../../app/rootReducer';
import type { AppServices } from '../../../app/services';
import type { Tag } from '../../../domain/tag';
import { highlightCreationApi } from '../api/highlightCreationApi';
import { selectionReplaced } from './highlightSelectionSlice';
import { NO_CLIPS_OF_MOMENTS, NO_MOMENTS_TAGGED, TAGS_LOAD_FAILED } from './makeMyHighlightMessages';
import { momentCandidates, planMyHighlight } from './myMoments';

/**
 * 'Select my moments' on Highlight creation: the clips 'Make my highlight' would open the editor with
 * replace the selection (same rule, myMoments.ts; the 20 cap holds), so they can be looked at and changed first.
 * `tags` are the screen's (GET /tags/event); the caller's clips are read from the screen's loaded list at the tap,
 * so nothing re-renders as they load. When the tags never loaded, `tags` is empty for that reason, not for want of
 * moments: the page says so, and the tags are asked again so the next tap can work.
 */
export const selectMyMoments =
  (eventId: string, tags: readonly Tag[]): ThunkAction<void, RootState, AppServices, UnknownAction> =>
  (dispatch, getState) => {
    const tagsEntry = highlightCreationApi.endpoints.getHighlightTags.select(eventId)(getState());
    // A refetch that failed after a load keeps its tags (the screen shows them): they are the moments.
    if (tagsEntry.isError && tagsEntry.data === undefined) {
      dispatch(selectionReplaced({ clipIds: [], problem: TAGS_LOAD_FAILED }));
      void dispatch(highlightCreationApi.endpoints.getHighlightTags.initiate(eventId, { subscribe: false, forceRefetch: true }));
      return;
    }
    const mine = highlightCreationApi.endpoints.getHighlightClips.select({ eventId, allUsers: false })(getState());
    const myClipIds = new Set(mine.data?.pages.flatMap((page) => page.clips.map((clip) => clip.id)) ?? []);
    const candidates = momentCandidates(tags, myClipIds);
    const plan = planMyHighlight(candidates.tags, candidates.clips);
    const problem = tags.length === 0 ? NO_MOMENTS_TAGGED : plan.clips.length === 0 ? NO_CLIPS_OF_MOMENTS : null;
    dispatch(selectionReplaced({ clipIds: plan.clips.map((clip) => clip.clipId), problem }));
  };

import { useCallback, useMemo } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { tagNow, type TagNowInput } from '../model/tagActions';
import {
  endedEventNoticeClosed,
  selectCreatedTags,
  selectEndedTagEventName,
  selectTagCreating,
  selectTagEvent,
  tagDiscarded,
  tagEventCleared,
  tagEventSelected,
  tagRetryRequested,
} from '../model/tagsSlice';
import type { EventSummary } from '../../events/public';
import type { CreatedTag } from '../model/tagTypes';

export interface TagMomentsView {
  selectedEvent: EventSummary | null;
  selectEvent: (event: EventSummary) => void;
  clearEvent: () => void;
  /** The chosen event that ran out of time (tagChoicePolicy.ts), until another is chosen or the notice is closed. */
  endedEventName: string | null;
  closeEndedNotice: () => void;
  /** Newest first: this visit's tags and the ones kept on the device that are not sent yet. */
  tags: CreatedTag[];
  /** A tag is on its way ('Creating Tag...'); TAG NOW stays usable: the next moment is another tag. */
  creating: boolean;
  /** Makes a tag now; answers 'Please select an event' without an event, else null. */
  tagNow: (input: TagNowInput) => string | null;
  retry: (clientId: string) => void;
  discard: (clientId: string) => void;
}

/** Tag Moments' wiring: state through selectors, the tap and the outbox through actions (tagOutboxSaga.ts decides). */
export function useTagMoments(): TagMomentsView {
  const dispatch = useAppDispatch();
  const selectedEvent = useAppSelector(selectTagEvent);
  const endedEventName = useAppSelector(selectEndedTagEventName);
  const tags = useAppSelector(selectCreatedTags);
  const creating = useAppSelector(selectTagCreating);

  const selectEvent = useCallback((event: EventSummary) => void dispatch(tagEventSelected(event)), [dispatch]);
  const clearEvent = useCallback(() => void dispatch(tagEventCleared()), [dispatch]);
  const closeEndedNotice = useCallback(() => void dispatch(endedEventNoticeClosed()), [dispatch]);
  const tag = useCallback((input: TagNowInput) => dispatch(tagNow(input)), [dispatch]);
  const retry = useCallback((clientId: string) => void dispatch(tagRetryRequested(clientId)), [dispatch]);
  const discard = useCallback((clientId: string) => void dispatch(tagDiscarded(clientId)), [dispatch]);

  return useMemo(
    () => ({
      selectedEvent,
      selectEvent,
      clearEvent,
      endedEventName,
      closeEndedNotice,
      tags,
      creating,
      tagNow: tag,
      retry,
      discard,
    }),
    [selectedEvent, selectEvent, clearEvent, endedEventName, closeEndedNotice, tags, creating, tag, retry, discard],
  );
}

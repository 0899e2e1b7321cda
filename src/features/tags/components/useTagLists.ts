import { useMemo } from 'react';
import { toApiFailure, type ApiFailure } from '../../../api/apiErrors';
import { usePagedList as useSharedPagedList, type InfiniteResult } from '../../../api/usePagedList';
import type { ListErrorProps } from '../../../components/ListError';
import type { PagedList } from '../../../components/PagedListView';
import { tagsLoadError } from '../model/tagListMessages';
import { groupTagsByEvent, type TaggedEventsPage, type TagGroup, type TagsPage } from '../model/tagPaging';
import type { Tag } from '../../../domain/tag';
import type { TaggedEvent } from '../api/tagSchemas';
import {
  useGetEventTagsQuery,
  useGetMyTagsInfiniteQuery,
  useGetTaggedEventsInfiniteQuery,
  type EventTagsAnswer,
} from '../api/tagsApi';

/** A tag list as its screen shows it (src/components/PagedListView.tsx), and why it failed. */
export type TagPagedList<T> = PagedList<T> & { failure: ApiFailure | null };

const usePagedList = <P, T extends { id: string }>(result: InfiniteResult<P>, itemsOf: (page: P) => T[]) =>
  useSharedPagedList(result, itemsOf, tagsLoadError);

const tagsOf = (page: TagsPage) => page.tags;
const eventsOf = (page: TaggedEventsPage) => page.events;

/** All My Tags: the loaded tags grouped by event (tagPaging.ts), and how many tags there are in all. */
export function useMyTags(): TagPagedList<Tag> & { groups: TagGroup[] | undefined; total: number | null } {
  const result = useGetMyTagsInfiniteQuery();
  const list = usePagedList(result, tagsOf);
  const groups = useMemo(() => list.items && groupTagsByEvent(list.items), [list.items]);
  return { ...list, groups, total: result.data?.pages[0]?.pagination.total ?? null };
}

/** My Tagged Events: the events with the caller's tag counts, the newest tag's event first. */
export function useTaggedEvents(): TagPagedList<TaggedEvent> {
  return usePagedList(useGetTaggedEventsInfiniteQuery(), eventsOf);
}

/** Event tags: the event and its tagged moments (oldest first), with the list's states. */
export interface EventTagsView {
  answer: EventTagsAnswer | null;
  /** The API's event, its tag count the answer's total (the moments listed here), once it answered. */
  event: (EventTagsAnswer['event'] & { tagCount: number | null }) | null;
  tags: Tag[] | undefined;
  loading: boolean;
  error: ListErrorProps | null;
  failure: ApiFailure | null;
}

/** `eventId` empty: nothing is asked (the screen says 'Event ID not provided'). */
export function useEventTags(eventId: string): EventTagsView {
  // currentData: after Back/Forward to another event, never the previous event's tags under the new address.
  const { currentData: data, isFetching, isError, error, refetch } = useGetEventTagsQuery(eventId, { skip: eventId === '' });
  const failure = isError ? toApiFailure(error) : null;
  const shown = failure && tagsLoadError(failure);
  return {
    answer: data ?? null,
    event: data ? { ...data.event, tagCount: data.pagination.total ?? data.event.tagCount } : null,
    tags: data?.tags,
    loading: isFetching && !data,
    error: shown ? { ...shown, onRetry: () => void refetch() } : null,
    failure,
  };
}

import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { useMemo } from 'react';
import { toApiFailure, type ApiFailure } from '../../api/apiErrors';
import type { ListErrorProps } from '../../components/ListError';
import { mergePages } from '../clips/public';
import { tagsLoadError } from './tagListErrors';
import { groupTagsByEvent, type TaggedEventsPage, type TagGroup, type TagsPage } from './tagPaging';
import type { Tag, TaggedEvent } from './tagSchemas';
import {
  useGetEventTagsQuery,
  useGetMyTagsInfiniteQuery,
  useGetTaggedEventsInfiniteQuery,
  type EventTagsAnswer,
} from './tagsApi';

/** What a tag list screen shows (docs/product/part-2.md §4: loading, error, empty, data; paging idle or loading more). */
export interface TagPagedList<T> {
  /** Undefined until the first page arrives. */
  items: T[] | undefined;
  loading: boolean;
  /** Loading (or refreshing) failed: the text and its retry; null otherwise (and on a 401, §6). */
  error: ListErrorProps | null;
  failure: ApiFailure | null;
  hasMore: boolean;
  loadingMore: boolean;
  /** The next page failed: the text, with the retry that asks for that page again. */
  loadMoreError: ListErrorProps | null;
  loadMore: () => void;
}

/** The fields of an RTK Query infinite query result read here. */
interface InfiniteResult<P> {
  data?: { pages: P[] };
  isLoading: boolean;
  isError: boolean;
  error?: FetchBaseQueryError | SerializedError;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
}

/**
 * An infinite query as one list. Pages are offsets into a newest-first list that can grow between two loads
 * (a tag made meanwhile shifts it by one), so a page may repeat the end of the one before: each item shows once.
 */
function usePagedList<P, T extends { id: string }>(result: InfiniteResult<P>, itemsOf: (page: P) => T[]): TagPagedList<T> {
  const { data, isLoading, isError, error, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage, refetch } =
    result;
  const items = useMemo(() => (data ? mergePages(data.pages.map(itemsOf)) : undefined), [data, itemsOf]);
  const failure = isError ? toApiFailure(error) : null;
  const shown = failure && tagsLoadError(failure);
  const pagingFailed = isFetchNextPageError && Boolean(data);
  const loadMore = () => void fetchNextPage();
  return {
    items,
    loading: isLoading,
    error: shown && !pagingFailed ? { ...shown, onRetry: () => void refetch() } : null,
    failure,
    hasMore: hasNextPage,
    loadingMore: isFetchingNextPage,
    loadMoreError: shown && pagingFailed ? { ...shown, onRetry: loadMore } : null,
    loadMore,
  };
}

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
    tags: data?.tags,
    loading: isFetching && !data,
    error: shown ? { ...shown, onRetry: () => void refetch() } : null,
    failure,
  };
}

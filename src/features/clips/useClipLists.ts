import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import { useMemo } from 'react';
import { toApiFailure, type ApiFailure } from '../../api/apiErrors';
import type { ListErrorProps } from '../../components/ListError';
import { clipsLoadError } from './clipListErrors';
import { mergePages, type ClipPage, type EventClipsPage, type MyClipsPage } from './clipPaging';
import type { Clip, ClipEvent } from './clipSchemas';
import { useGetEventClipsInfiniteQuery, useGetMyClipEventsInfiniteQuery, useGetUnassociatedClipsInfiniteQuery } from './clipsApi';

/** What a paged list screen shows (docs/product/part-2.md §4: loading, error, empty, data; paging idle or loading more). */
export interface PagedList<T> {
  /** Undefined until the first page arrives. */
  items: T[] | undefined;
  /** The first page is on its way (a skeleton stands in). */
  loading: boolean;
  /** Loading (or refreshing) failed: the text and how to try again; null otherwise (and on a 401, §6). */
  error: ListErrorProps | null;
  failure: ApiFailure | null;
  hasMore: boolean;
  loadingMore: boolean;
  /** 'Load More' failed: the text, with the retry that asks for that page again. */
  loadMoreError: ListErrorProps | null;
  loadMore: () => void;
}

/** The fields of an RTK Query infinite query result this adapter reads. */
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

/** An infinite query's result as a list of items, loaded page after page. */
function usePagedList<P, T extends { id: string }>(result: InfiniteResult<P>, itemsOf: (page: P) => T[]): PagedList<T> {
  const { data, isLoading, isError, error, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage, refetch } =
    result;
  const items = useMemo(() => (data ? mergePages(data.pages.map(itemsOf)) : undefined), [data, itemsOf]);
  const failure = isError ? toApiFailure(error) : null;
  const shown = failure && clipsLoadError(failure);
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

const eventsOf = (page: MyClipsPage) => page.events;
const clipsOf = (page: ClipPage) => page.clips;

/** My Clips: the events with the user's clip counts, and how many clips have no event. */
export function useMyClipEvents(): PagedList<ClipEvent> & { unassociatedCount: number } {
  const result = useGetMyClipEventsInfiniteQuery();
  const list = usePagedList(result, eventsOf);
  return { ...list, unassociatedCount: result.data?.pages[0]?.unassociatedClipsCount ?? 0 };
}

/** One event's clips (12 a page), the event as the API describes it, and the total. */
export function useEventClips(eventId: string): PagedList<Clip> & { event: ClipEvent | null; total: number | null } {
  const result = useGetEventClipsInfiniteQuery(eventId);
  const list = usePagedList<EventClipsPage, Clip>(result, clipsOf);
  const first = result.data?.pages[0];
  return { ...list, event: first?.event ?? null, total: first?.pagination.total ?? null };
}

/** The clips without an event, newest first (12 a page), and their total. */
export function useUnassociatedClips(): PagedList<Clip> & { total: number | null } {
  const result = useGetUnassociatedClipsInfiniteQuery();
  const list = usePagedList(result, clipsOf);
  return { ...list, total: result.data?.pages[0]?.pagination.total ?? null };
}

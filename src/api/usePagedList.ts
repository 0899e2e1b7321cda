import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import { useMemo } from 'react';
import type { ListErrorProps } from '../components/ListError';
import type { PagedList } from '../components/PagedListView';
import { mergePages } from '../lib/mergePages';
import { toApiFailure, type ApiFailure } from './apiErrors';

/** The fields of an RTK Query infinite query result this adapter reads. */
export interface InfiniteResult<P> {
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

/** A list's load error as shown (without its retry), or null for a failure that shows nothing (a 401, §6). */
export type LoadErrorOf = (failure: ApiFailure) => Omit<ListErrorProps, 'onRetry'> | null;

/**
 * An infinite query's result as one list, loaded page after page (clips, tags). Each item shows once: a page
 * of a list that grew meanwhile may repeat the end of the one before. Items already shown stay when a refresh
 * or the next page fails; the error then comes with the retry that fits (the whole list, or that page).
 */
export function usePagedList<P, T extends { id: string }>(
  result: InfiniteResult<P>,
  itemsOf: (page: P) => T[],
  loadErrorOf: LoadErrorOf,
): PagedList<T> & { failure: ApiFailure | null } {
  const { data, isLoading, isError, error, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage, refetch } =
    result;
  const items = useMemo(() => (data ? mergePages(data.pages.map(itemsOf)) : undefined), [data, itemsOf]);
  const failure = isError ? toApiFailure(error) : null;
  const shown = failure && loadErrorOf(failure);
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

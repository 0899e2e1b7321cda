import type { ReactNode } from 'react';
import { ListEmpty, type ListEmptyProps } from './ListEmpty';
import { ListError, type ListErrorProps } from './ListError';
import { ListSkeleton, type ListSkeletonProps } from './ListSkeleton';

/** docs/product/part-2.md §4: every list is loading, failed, empty or showing its items. */
export type ListState = 'loading' | 'error' | 'empty' | 'data';

/**
 * Which state a list is in. Items already shown stay shown while a refetch runs or fails (the
 * screen can say so elsewhere); the error and skeleton only stand in for items not there yet.
 */
export function listStateOf({ loading, failed, count }: { loading: boolean; failed: boolean; count: number | null }): ListState {
  if (count !== null && count > 0) return 'data';
  if (loading) return 'loading';
  if (failed) return 'error';
  return count === null ? 'loading' : 'empty';
}

export interface ListStatesProps<T> {
  /** The items once known; undefined before the first answer. */
  items: readonly T[] | undefined;
  loading: boolean;
  /** Set when loading failed: the text and how to try again. */
  error: ListErrorProps | null;
  empty: ListEmptyProps;
  skeleton?: ListSkeletonProps;
  children: (items: readonly T[]) => ReactNode;
}

/** Shows one of the four states of a list; the screen renders only the items (presentational). */
export function ListStates<T>({ items, loading, error, empty, skeleton, children }: ListStatesProps<T>) {
  const state = listStateOf({ loading, failed: error !== null, count: items ? items.length : null });
  switch (state) {
    case 'loading':
      return <ListSkeleton {...skeleton} />;
    case 'error':
      return error && <ListError {...error} />;
    case 'empty':
      return <ListEmpty {...empty} />;
    case 'data':
      return <>{children(items ?? [])}</>;
  }
}

import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import type { ListEmptyProps } from '../../components/ListEmpty';
import { ListError } from '../../components/ListError';
import { ListSkeleton, type ListSkeletonProps } from '../../components/ListSkeleton';
import { ListStates } from '../../components/ListStates';
import type { TagPagedList } from './useTagLists';
import { useScrollPaging } from './useScrollPaging';

export interface TagListViewProps<T> {
  list: TagPagedList<T>;
  empty: ListEmptyProps;
  skeleton: ListSkeletonProps;
  /** 'Load More Tags' (docs/product/part-2.md §2). */
  loadMoreLabel: string;
  /** Also load the next page when the user scrolls past about 67 % of the page (All My Tags, §4). */
  scrollPaging?: boolean;
  children: (items: readonly T[]) => ReactNode;
}

/**
 * A tag list loaded page by page: its four states (docs/product/part-2.md §4), then the next page on request or
 * scroll. Items already shown stay when a refresh or the next page fails; the error sits beside them with its
 * retry, and scrolling stops asking until the retry succeeds (no request storm while offline).
 */
export function TagListView<T>({ list, empty, skeleton, loadMoreLabel, scrollPaging = false, children }: TagListViewProps<T>) {
  const shown = (list.items?.length ?? 0) > 0;
  const canLoadMore = shown && list.hasMore && !list.loadingMore && !list.loadMoreError && !list.error;
  useScrollPaging({ enabled: scrollPaging && canLoadMore, onReach: list.loadMore });
  return (
    <Stack spacing={2}>
      {shown && list.error && <ListError {...list.error} />}
      <ListStates items={list.items} loading={list.loading} error={list.error} empty={empty} skeleton={skeleton}>
        {children}
      </ListStates>
      {shown && list.loadingMore && <ListSkeleton {...skeleton} count={2} label="Loading more..." />}
      {list.loadMoreError && <ListError {...list.loadMoreError} />}
      {shown && list.hasMore && !list.loadMoreError && (
        <Button
          variant="outlined"
          size="large"
          // Not disabled while the page loads: a disabled button would drop the keyboard focus.
          onClick={() => {
            if (!list.loadingMore) list.loadMore();
          }}
          aria-busy={list.loadingMore || undefined}
          sx={{ alignSelf: { xs: 'stretch', sm: 'center' }, minHeight: 48 }}
        >
          {loadMoreLabel}
        </Button>
      )}
    </Stack>
  );
}

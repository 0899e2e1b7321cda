import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { ListEmptyProps } from '../../components/ListEmpty';
import { ListError } from '../../components/ListError';
import { ListSkeleton, type ListSkeletonProps } from '../../components/ListSkeleton';
import { ListStates } from '../../components/ListStates';
import type { PagedList } from './useClipLists';

export interface PagedListViewProps<T> {
  list: PagedList<T>;
  empty: ListEmptyProps;
  skeleton: ListSkeletonProps;
  /** 'Load More Clips' (docs/product/part-2.md §2). */
  loadMoreLabel: string;
  /**
   * A heading for screen readers only, between the page's h1 and the items' own h3s (card titles), so the
   * heading outline has no gap.
   */
  heading?: string;
  children: (items: readonly T[]) => ReactNode;
}

/**
 * A list loaded page by page: its four states (docs/product/part-2.md §4), then the next page on request. Items
 * already shown stay when a refresh or the next page fails; the error then sits beside them with its retry.
 */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
} as const;

export function PagedListView<T>({ list, empty, skeleton, loadMoreLabel, heading, children }: PagedListViewProps<T>) {
  const shown = (list.items?.length ?? 0) > 0;
  return (
    <>
      {heading && (
        <Typography component="h2" sx={VISUALLY_HIDDEN}>
          {heading}
        </Typography>
      )}
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
    </>
  );
}

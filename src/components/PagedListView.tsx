import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useDeferredValue, type ReactNode } from 'react';
import type { ListEmptyProps } from './ListEmpty';
import { ListError, type ListErrorProps } from './ListError';
import { ListSkeleton, type ListSkeletonProps } from './ListSkeleton';
import { ListStates } from './ListStates';

/** What a paged list screen shows (docs/product/part-2.md §4: loading, error, empty, data; paging idle or loading more). */
export interface PagedList<T> {
  /** Undefined until the first page arrives. */
  items: T[] | undefined;
  /** The first page is on its way (a skeleton stands in). */
  loading: boolean;
  /** Loading (or refreshing) failed: the text and how to try again; null otherwise (and on a 401, §6). */
  error: ListErrorProps | null;
  hasMore: boolean;
  loadingMore: boolean;
  /** 'Load More' failed: the text, with the retry that asks for that page again. */
  loadMoreError: ListErrorProps | null;
  loadMore: () => void;
}

export interface PagedListViewProps<T> {
  list: PagedList<T>;
  empty: ListEmptyProps;
  skeleton: ListSkeletonProps;
  /** 'Load More Clips', 'Load More Tags' (docs/product/part-2.md §2). */
  loadMoreLabel: string;
  /**
   * A heading for screen readers only, between the page's h1 and the items' own h3s (card titles), so the
   * heading outline has no gap.
   */
  heading?: string;
  children: (items: readonly T[]) => ReactNode;
}

const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
} as const;

/**
 * A list loaded page by page: its four states (docs/product/part-2.md §4), then the next page on request. Items
 * already shown stay when a refresh or the next page fails; the error then sits beside them with its retry.
 *
 * New items render in the background (`useDeferredValue`): an answer reaches the screen through the store, whose
 * updates React renders in one task, and a page of rows was that page's longest task
 * (docs/performance.md). Deferred, React renders them in slices and a tap is answered between
 * two; until they are in, the list shows what it showed before (the skeleton, or the rows and "Loading more...").
 * The first render starts from nothing shown (the initial value), so a list whose first page is already in the cache,
 * as its route's prefetch leaves it, paints its screen with the skeleton first rather than after every row.
 */
export function PagedListView<T>({ list, empty, skeleton, loadMoreLabel, heading, children }: PagedListViewProps<T>) {
  const deferred = useDeferredValue<T[] | undefined | null>(list.items, null);
  const items = deferred ?? undefined;
  const arriving = deferred !== list.items;
  const shown = (items?.length ?? 0) > 0;
  const moreArriving = arriving && (list.items?.length ?? 0) > (items?.length ?? 0);
  return (
    <>
      {heading && (
        <Typography component="h2" sx={VISUALLY_HIDDEN}>
          {heading}
        </Typography>
      )}
      <Stack spacing={2}>
        {shown && list.error && <ListError {...list.error} />}
        <ListStates items={items} loading={list.loading || arriving} error={list.error} empty={empty} skeleton={skeleton}>
          {children}
        </ListStates>
        {shown && (list.loadingMore || moreArriving) && <ListSkeleton {...skeleton} count={2} label="Loading more..." />}
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

import { PagedListView, type PagedListViewProps } from '../../../components/PagedListView';
import { useScrollPaging } from './useScrollPaging';

export interface TagListViewProps<T> extends PagedListViewProps<T> {
  /** Also load the next page when the user scrolls past about 67 % of the page (All My Tags, §4). */
  scrollPaging?: boolean;
}

/**
 * A tag list loaded page by page: its four states (docs/product/part-2.md §4), then the next page on request or
 * scroll. Items already shown stay when a refresh or the next page fails; the error sits beside them with its
 * retry, and scrolling stops asking until the retry succeeds (no request storm while offline).
 */
export function TagListView<T>({ list, scrollPaging = false, ...view }: TagListViewProps<T>) {
  const shown = (list.items?.length ?? 0) > 0;
  const canLoadMore = shown && list.hasMore && !list.loadingMore && !list.loadMoreError && !list.error;
  useScrollPaging({ enabled: scrollPaging && canLoadMore, onReach: list.loadMore });
  return <PagedListView list={list} {...view} />;
}

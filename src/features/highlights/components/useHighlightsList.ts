import { usePagedList } from '../../../api/usePagedList';
import type { PagedList } from '../../../components/PagedListView';
import { highlightsLoadError, pollingIntervalFor } from '../model/highlightDisplay';
import { highlightsApi, useGetHighlightsInfiniteQuery, type HighlightsPage } from '../api/highlightsApi';
import type { Highlight } from '../../../domain/highlight';

export type HighlightsListView = PagedList<Highlight> & {
  /** Every highlight the user has (the server's count, not the loaded ones); null before the first answer. */
  total: number | null;
};

const highlightsOf = (page: HighlightsPage) => page.highlights;

/**
 * The Highlights list (docs/product/part-2.md §2): the user's highlights, newest first, 50 a page with 'Load More
 * Highlights'; asked again every 2 s only while a loaded one is still processing (the interval is read from the
 * cached pages, so polling stops by itself once every render has finished or failed). The total is the first
 * page's, which every refresh asks again.
 */
export function useHighlightsList(): HighlightsListView {
  const cached = highlightsApi.endpoints.getHighlights.useInfiniteQueryState();
  const pollingInterval = pollingIntervalFor(cached.data?.pages.flatMap(highlightsOf));
  const result = useGetHighlightsInfiniteQuery(undefined, { pollingInterval });
  const list = usePagedList(result, highlightsOf, highlightsLoadError);
  return { ...list, total: result.data?.pages[0]?.total ?? null };
}

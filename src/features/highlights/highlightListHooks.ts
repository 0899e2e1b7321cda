import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { usePagedList } from '../../api/usePagedList';
import { useAppDispatch } from '../../app/hooks';
import type { PagedList } from '../../components/PagedListView';
import { editingReturnMessage, parseEditingReturn, searchWithoutEditingParams, type EditingReturn } from './editingReturn';
import { highlightsLoadError, pollingIntervalFor } from './highlightDisplay';
import { HIGHLIGHT_LIST, highlightsApi, useGetHighlightsInfiniteQuery, type HighlightsPage } from './highlightsApi';
import type { Highlight } from '../../domain/highlight';

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

export interface EditingReturnNotice {
  kind: Exclude<EditingReturn['kind'], 'none'>;
  message: string;
}

/**
 * Back from the editor (`?editing_session=…&editing_completed=true`, or without the flag after Cancel): the notice
 * to show once, read from the address the screen opened with; the parameters leave the address at once (replacing
 * the history entry, so Back and reload do not bring them back) and, after a Render, the list is marked stale so
 * the new processing highlight appears.
 */
export function useEditingReturn(): { notice: EditingReturnNotice | null; dismiss: () => void } {
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [notice, setNotice] = useState<EditingReturnNotice | null>(() => {
    const editingReturn = parseEditingReturn(location.search);
    const message = editingReturnMessage(editingReturn);
    return editingReturn.kind === 'none' || message === null ? null : { kind: editingReturn.kind, message };
  });
  const handled = useRef<string | null>(null);

  useEffect(() => {
    const editingReturn = parseEditingReturn(location.search);
    if (editingReturn.kind === 'none' || handled.current === location.key) return;
    handled.current = location.key;
    if (editingReturn.kind === 'completed') dispatch(highlightsApi.util.invalidateTags([HIGHLIGHT_LIST]));
    void navigate(
      { pathname: location.pathname, search: searchWithoutEditingParams(location.search), hash: location.hash },
      { replace: true, state: location.state },
    );
  }, [dispatch, location, navigate]);

  return { notice, dismiss: () => setNotice(null) };
}

import { skipToken } from '@reduxjs/toolkit/query/react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { usePagedList } from '../../../api/usePagedList';
import type { PagedList } from '../../../components/PagedListView';
import { eventsLoadError } from '../model/eventListMessages';
import { toRows, type EventRow } from '../model/eventRows';
import { useGetEventsQuery, useGetRecentEventsInfiniteQuery, type RecentEventsPage } from '../api/eventListsApi';
import { readRecentSearch, readRecentView, recentPickerDefault, type RecentView } from '../model/recentPicker';
import { useServerClock } from './useClock';

const settled = (q: { isSuccess: boolean; isError: boolean }) => q.isSuccess || q.isError;
const eventsOf = (page: RecentEventsPage) => page.events;

export interface RecentEventsPickerView {
  view: RecentView | null;
  choose: (view: RecentView) => void;
  /** The words the list is narrowed to ('' for none), as in the address. */
  search: string;
  setSearch: (words: string) => void;
  list: PagedList<EventRow & { id: string }>;
}

/**
 * The Recent Events picker (docs/product/part-2.md §2, §4, §7). The view is the one in the address, else the
 * detected default: one event of each kind is asked for (`limit=1`) and the events in `data` compared
 * (recentPickerDefault). The list is paged (20 a page, 'Load More Events') and may be narrowed by words
 * (`?q=`), so a season's older events stay reachable. Choosing a view or searching puts it in the address,
 * replacing the entry, so Back from an event returns to the same list. LIVE is judged on the server's clock.
 */
export function useRecentEventsPicker(): RecentEventsPickerView {
  const clock = useServerClock();
  const [params, setParams] = useSearchParams();
  const inAddress = readRecentView(params.get('show'));
  const search = readRecentSearch(params.get('q'));
  // The router applies a new address in a transition: until it has, the radio shows the pick (no flicker back).
  const [pending, setPending] = useState<RecentView | null>(null);
  if (pending !== null && pending === inAddress) setPending(null);
  const chosen = pending ?? inAddress;
  const detect = chosen === null ? undefined : skipToken;
  const mine = useGetEventsQuery(detect ?? { timeFilter: 'recent', userAssociated: true, limit: 1 });
  const all = useGetEventsQuery(detect ?? { timeFilter: 'recent', limit: 1 });
  const view: RecentView | null =
    chosen ?? (settled(mine) && settled(all) ? recentPickerDefault(mine.data, all.data, mine.isError || all.isError) : null);
  const result = useGetRecentEventsInfiniteQuery(view === null ? skipToken : { userAssociated: view === 'mine', search });
  const paged = usePagedList(result, eventsOf, eventsLoadError);
  // Kept while the answers are the same: a new array each render would restart the list's deferred render.
  const items = useMemo(
    () => paged.items && toRows(paged.items, clock.now()).map((row) => ({ ...row, id: row.event.id })),
    [paged.items, clock],
  );
  const setParam = (name: string, value: string) =>
    void setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (value) updated.set(name, value);
        else updated.delete(name);
        return updated;
      },
      { replace: true },
    );
  return {
    view,
    choose: (next) => {
      setPending(next);
      setParam('show', next);
    },
    search,
    setSearch: (words) => setParam('q', readRecentSearch(words)),
    list: { ...paged, items, loading: view === null || paged.loading },
  };
}

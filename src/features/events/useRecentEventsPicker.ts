import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { toRows } from './eventRows';
import { eventsLoadErrorOf } from './eventListView';
import { useGetEventsQuery } from './eventListsApi';
import { readRecentView, recentPickerDefault, type RecentView } from './recentPicker';
import { useServerClock } from './useClock';

const settled = (q: { isSuccess: boolean; isError: boolean }) => q.isSuccess || q.isError;

/**
 * The Recent Events picker (docs/product/part-2.md §2, §4, §7). The view is the one in the address, else the
 * detected default: one event of each kind is asked for (`limit=1`) and the events in `data` compared
 * (recentPickerDefault). Choosing a view puts it in the address, replacing the entry, so Back from an event
 * returns to the same view. LIVE is judged on the server's clock.
 */
export function useRecentEventsPicker() {
  const now = useServerClock().now();
  const [params, setParams] = useSearchParams();
  const inAddress = readRecentView(params.get('show'));
  // The router applies a new address in a transition: until it has, the radio shows the pick (no flicker back).
  const [pending, setPending] = useState<RecentView | null>(null);
  if (pending !== null && pending === inAddress) setPending(null);
  const chosen = pending ?? inAddress;
  const detect = chosen === null ? undefined : skipToken;
  const mine = useGetEventsQuery(detect ?? { timeFilter: 'recent', userAssociated: true, limit: 1 });
  const all = useGetEventsQuery(detect ?? { timeFilter: 'recent', limit: 1 });
  const view: RecentView | null =
    chosen ?? (settled(mine) && settled(all) ? recentPickerDefault(mine.data, all.data, mine.isError || all.isError) : null);
  const list = useGetEventsQuery(
    view === null ? skipToken : view === 'mine' ? { timeFilter: 'recent', userAssociated: true } : { timeFilter: 'recent' },
  );
  const choose = (next: RecentView) => {
    setPending(next);
    void setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('show', next);
        return updated;
      },
      { replace: true },
    );
  };
  // currentData: the list of this view only, never the other view's while switching.
  const events = list.currentData?.events;
  return {
    view,
    choose,
    items: events ? toRows(events, now) : undefined,
    loading: view === null || list.isFetching,
    error: eventsLoadErrorOf([list]),
  };
}

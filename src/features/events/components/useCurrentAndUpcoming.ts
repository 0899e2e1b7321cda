import { currentAndUpcomingRows } from '../model/eventRows';
import { eventsLoadErrorOf } from '../model/eventListView';
import { useGetEventsQuery } from '../api/eventListsApi';
import { UPCOMING_WINDOW_DAYS } from '../model/eventTiming';
import { useServerClock } from './useClock';

/**
 * Current & Upcoming: GET /events?timeFilter=current and ?timeFilter=upcoming&days=7, shown as one list, each
 * event judged again on the server's clock (LIVE or upcoming), as the API judged it.
 */
export function useCurrentAndUpcoming() {
  const now = useServerClock().now();
  const current = useGetEventsQuery({ timeFilter: 'current' });
  const upcoming = useGetEventsQuery({ timeFilter: 'upcoming', days: UPCOMING_WINDOW_DAYS });
  const sections =
    current.data && upcoming.data ? currentAndUpcomingRows(current.data.events, upcoming.data.events, now) : undefined;
  return {
    sections,
    items: sections ? [...sections.live, ...sections.next] : undefined,
    loading: current.isFetching || upcoming.isFetching,
    error: eventsLoadErrorOf([current, upcoming]),
  };
}

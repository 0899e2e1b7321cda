import { roundCoordinate, type GeoPoint } from '../../../lib/geo';
import { currentFromSearch, liveOnly, type CurrentEvent } from '../model/currentEvents';
import { useEventSearch, type EventSearchResult } from '../api/eventSearchApi';
import { useServerClock } from './useClock';

export type CurrentEventSearchView = (
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'done'; events: CurrentEvent[]; source: EventSearchResult['source'] }
) & { retry: () => void };

/**
 * Tag Moments' text search (docs/product/part-2.md §2, §7 "event search service"): the Upload picker's event
 * search in its 'current' mode — near the device when its location is known (4 decimals, so a GPS wobble asks
 * nothing new), anywhere otherwise — keeping the events LIVE now on the server's clock. A blank query searches
 * nothing (§5).
 */
export function useCurrentEventSearch(query: string, at: GeoPoint | null): CurrentEventSearchView {
  const clock = useServerClock();
  const near = at ? { lat: roundCoordinate(at.latitude), lng: roundCoordinate(at.longitude) } : undefined;
  const search = useEventSearch(query.trim() ? { q: query, near, mode: 'current' } : null);
  if (search.status !== 'done') return search;
  const events = liveOnly(search.events, clock.now()).map((event) => currentFromSearch(event, at));
  return { status: 'done', events, source: search.source, retry: search.retry };
}

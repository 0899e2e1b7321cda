import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState } from 'react';
import { NEARBY_RADIUS_MILES, roundCoordinate } from '../../../lib/geo';
import { useDeviceLocation } from '../../geolocation/public';
import { nearbyRows } from '../model/eventRows';
import { eventsLoadErrorOf } from '../model/eventListView';
import { useGetNearbyEventsQuery } from '../api/eventListsApi';
import { useServerClock } from './useClock';

const MINUTE_MS = 60_000;

/**
 * The `time` of GET /events/search: the server's now, down to the minute, as an ISO instant. The API keeps the
 * events not over at `time` (docs/api.md); which of those start today at their venue is judged here on the
 * server's clock (nearbyRows), so the rule needs no more than "now". Rounded down so the query, and with it
 * RTK Query's cache key, stays the same for a minute: a revisit within it reuses the answer instead of asking
 * again for a key that changed by the millisecond. Down, not to the nearest: an event is never left out while
 * it is still going; one that ended in the last seconds may stay in.
 */
export const nearbySearchTime = (serverNowMs: number): string =>
  new Date(Math.floor(serverNowMs / MINUTE_MS) * MINUTE_MS).toISOString();

/**
 * Nearby Events: the device's location, then GET /events/search within NEARBY_RADIUS_MILES of it for events
 * not over yet (time = when the screen opened, on the server's clock), shown from today on at each venue
 * (docs/product/part-2.md §9).
 */
export function useNearbyEvents() {
  const device = useDeviceLocation();
  const clock = useServerClock();
  const [time] = useState(() => nearbySearchTime(clock.now()));
  const at = device.location;
  const query = useGetNearbyEventsQuery(
    at ? { lat: roundCoordinate(at.latitude), lng: roundCoordinate(at.longitude), radius: NEARBY_RADIUS_MILES, time } : skipToken,
  );
  return {
    device,
    items: query.data ? nearbyRows(query.data.events, clock.now()) : undefined,
    /** The search failed and the current events near the device stand in (docs/product/part-2.md §7). */
    fallback: query.data?.source === 'current',
    loading: query.isFetching,
    error: eventsLoadErrorOf([query]),
  };
}

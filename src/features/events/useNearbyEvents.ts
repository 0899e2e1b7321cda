import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState } from 'react';
import { NEARBY_RADIUS_MILES, roundCoordinate } from '../../lib/geo';
import { useDeviceLocation } from '../geolocation/public';
import { nearbyRows } from './eventRows';
import { eventsLoadErrorOf } from './eventListView';
import { useGetNearbyEventsQuery } from './eventListsApi';
import { useClock } from './useClock';

/**
 * Nearby Events: the device's location, then GET /events/search within NEARBY_RADIUS_MILES of it for events
 * not over yet (time = when the screen opened), shown from today on at each venue (docs/product/part-2.md §9).
 */
export function useNearbyEvents() {
  const device = useDeviceLocation();
  const clock = useClock();
  const [openedAt] = useState(() => clock.now());
  const at = device.location;
  const query = useGetNearbyEventsQuery(
    at
      ? {
          lat: roundCoordinate(at.latitude),
          lng: roundCoordinate(at.longitude),
          radius: NEARBY_RADIUS_MILES,
          time: new Date(openedAt).toISOString(),
        }
      : skipToken,
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

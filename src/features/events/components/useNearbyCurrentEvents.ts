import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState } from 'react';
import type { ListErrorProps } from '../../../components/ListError';
import { NEARBY_RADIUS_MILES, roundCoordinate, type GeoPoint } from '../../../lib/geo';
import { currentFromListed, liveOnly, type CurrentEvent } from '../model/currentEvents';
import { useGetNearbyEventsQuery } from '../api/eventListsApi';
import { eventsLoadErrorOf } from '../model/eventListView';
import { useServerClock } from './useClock';
import { nearbySearchTime } from './useNearbyEvents';

export interface NearbyCurrentEventsView {
  /** The events LIVE now within NEARBY_RADIUS_MILES, nearest first; undefined before the first answer (or without a location). */
  events: CurrentEvent[] | undefined;
  loading: boolean;
  /** The §8 text and its retry when loading failed; null otherwise (and for a 401, §6). */
  error: ListErrorProps | null;
  /** Asks again, for the events not over now (the empty list's Refresh). */
  refresh: () => void;
}

/**
 * Tag Moments' nearby current events (docs/product/part-2.md §2): the Nearby Events search (GET /events/search
 * within NEARBY_RADIUS_MILES of `at`, with its §7 fallback), keeping only the events LIVE now on the server's
 * clock. Nothing is asked without a location. The search's `time` is the minute the screen opened (the same key as
 * Nearby Events, so a visit from there reuses the answer); Refresh moves it to the current minute.
 */
export function useNearbyCurrentEvents(at: GeoPoint | null): NearbyCurrentEventsView {
  const clock = useServerClock();
  const [time, setTime] = useState(() => nearbySearchTime(clock.now()));
  const lat = at ? roundCoordinate(at.latitude) : null;
  const lng = at ? roundCoordinate(at.longitude) : null;
  const query = useGetNearbyEventsQuery(
    lat !== null && lng !== null ? { lat, lng, radius: NEARBY_RADIUS_MILES, time } : skipToken,
  );
  const { data, refetch } = query;
  const asked = lat !== null;

  // Judged again at every render: an event that ended since the answer leaves the list.
  const events = data ? liveOnly(data.events, clock.now()).map(currentFromListed) : undefined;

  const refresh = () => {
    if (!asked) return;
    const next = nearbySearchTime(clock.now());
    if (next === time) void refetch();
    else setTime(next);
  };

  return { events, loading: query.isFetching, error: eventsLoadErrorOf([query]), refresh };
}

import { distanceMiles, kilometresToMiles, KM_PER_MILE, type GeoPoint } from '../../../lib/geo';
import { isLive } from './eventTiming';
import type { EventSummary } from './eventTypes';
import type { ListedEvent } from './listedEvent';

/**
 * An event that is LIVE now, as Tag Moments offers it (docs/product/part-2.md §2 "Select Current Event"): the
 * event itself (what is selected and kept) and how far it is from the device in miles, when known.
 */
export interface CurrentEvent {
  event: EventSummary;
  /** Miles from the device; null when the device's location or the venue's is not known. */
  distanceMiles: number | null;
}

/**
 * A nearby-search event as a current event. The event keeps the search shape (`EventSummary`, whose `distance` is
 * in kilometres), so one selected event looks the same whichever list it was picked from.
 */
export function currentFromListed(listed: ListedEvent): CurrentEvent {
  const { distanceMiles: miles, clipCount: _clips, tagCount: _tags, ...summary } = listed;
  return { event: { ...summary, distance: miles === null ? null : miles * KM_PER_MILE }, distanceMiles: miles };
}

/**
 * A text-search event as a current event: the distance the API measured (km, when searched near the device),
 * else the distance from `from` to the venue when both are known.
 */
export function currentFromSearch(event: EventSummary, from: GeoPoint | null): CurrentEvent {
  if (event.distance !== null) return { event, distanceMiles: kilometresToMiles(event.distance) };
  const { latitude, longitude } = event.location;
  const venue = latitude === null || longitude === null ? null : { latitude, longitude };
  return { event, distanceMiles: from && venue ? distanceMiles(from, venue) : null };
}

/** Only the events LIVE at `now` (docs/product/part-2.md §4), in the order given. */
export function liveOnly<T extends Pick<EventSummary, 'startTime' | 'endTime'>>(events: readonly T[], now: number): T[] {
  return events.filter((event) => isLive(event, now));
}

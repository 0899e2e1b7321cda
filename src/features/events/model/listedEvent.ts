import { toEvent, type Event, type EventWire } from '../../../domain/event';
import { distanceMiles, type GeoPoint } from '../../../lib/geo';

/**
 * An event in the discovery lists of part 2 (docs/product/part-2.md §3 "Event"). These lists measure in miles,
 * unlike the text search's kilometres (`EventSummary.distance`), so the distance has its own, unit-named field;
 * the caller's counts are always numbers there (0 when the answer leaves them out).
 */
export type ListedEvent = Event & {
  /** Miles from the device, to 0.1 (docs/product/part-2.md §9); null when the list was not made near a point. */
  distanceMiles: number | null;
  /** The signed-in user's clips and tags at the event. */
  clipCount: number;
  tagCount: number;
};

/** The API's event as the lists show it; `distance` is read as miles (the contract of /events/search). */
export function toListedEvent(raw: EventWire): ListedEvent {
  return { ...toEvent(raw), distanceMiles: raw.distance, clipCount: raw.clipCount ?? 0, tagCount: raw.tagCount ?? 0 };
}

/** The venue as a point, when the event has coordinates. */
export function venuePoint(event: ListedEvent): GeoPoint | null {
  const { latitude, longitude } = event.location;
  return latitude === null || longitude === null ? null : { latitude, longitude };
}

/** The event with its distance from `from` filled in (kept when the API already measured it). */
export function withDistanceFrom(event: ListedEvent, from: GeoPoint): ListedEvent {
  if (event.distanceMiles !== null) return event;
  const venue = venuePoint(event);
  return { ...event, distanceMiles: venue ? distanceMiles(from, venue) : null };
}

/** Nearest first, then the earlier start (the order of /events/search). */
export function nearestFirst(a: ListedEvent, b: ListedEvent): number {
  const byDistance = (a.distanceMiles ?? Infinity) - (b.distanceMiles ?? Infinity);
  return byDistance !== 0 && !Number.isNaN(byDistance) ? byDistance : Date.parse(a.startTime) - Date.parse(b.startTime);
}

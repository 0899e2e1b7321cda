import { formatVenueDateTime, type VenueTimeOptions } from '../../../lib/venueTime';
import type { EventSummary } from './eventTypes';

/** When the event starts, on the venue's clock ("May 1, 2026, 1:00 PM CDT" away from the venue's zone). */
export function formatEventStart(event: Pick<EventSummary, 'startTime' | 'timezone'>, options?: VenueTimeOptions): string {
  return formatVenueDateTime(event.startTime, event.timezone, options);
}

/** "Wrigley Field, Chicago, IL". */
export function formatEventPlace(event: Pick<EventSummary, 'location'>): string {
  const { name, city, state } = event.location;
  return `${name}, ${city}, ${state}`;
}

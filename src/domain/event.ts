import * as v from 'valibot';
import { venueZone } from '../lib/venueTime';
import { idSchema, optionalCount, optionalNumber, optionalText } from './fields';
import { eventLocationSchema, toVenue, type Venue } from './location';

/**
 * An event as the API sends it (docs/api.md "Events"; docs/product/part-2.md §3 "Event"). The counts are the
 * caller's and only some calls send them; `distance` is miles on /events/search and km on /events/text-search,
 * so each list reads it in its own unit. Fields the screens do not need may be missing; optional ones may be null.
 */
export const eventSchema = v.object({
  id: idSchema,
  name: v.string(),
  sport: optionalText,
  startTime: v.string(),
  endTime: optionalText,
  /** The venue's zone (the local API sends it on every event; other servers may put it on the location). */
  timezone: optionalText,
  location: v.optional(v.nullable(eventLocationSchema), null),
  distance: optionalNumber,
  clipCount: optionalCount,
  tagCount: optionalCount,
});

export type EventWire = v.InferOutput<typeof eventSchema>;

/** An event as the screens show it: its name, venue and times on the venue's clock. */
export interface Event {
  id: string;
  name: string;
  sport: string;
  startTime: string;
  endTime: string | null;
  /**
   * The venue's IANA time zone ('America/New_York'): event times are shown as the venue's clock reads
   * them. Always a usable zone: a missing or unknown one becomes the location's, else 'America/Chicago'.
   */
  timezone: string;
  location: Venue;
}

/** The event's zone, else its location's, else the default zone (docs/product/part-1.md §3). */
export function toEvent(raw: Omit<EventWire, 'distance' | 'clipCount' | 'tagCount'>): Event {
  return {
    id: raw.id,
    name: raw.name,
    sport: raw.sport ?? '',
    startTime: raw.startTime,
    endTime: raw.endTime,
    timezone: venueZone(raw.timezone, venueZone(raw.location?.timezone)),
    location: toVenue(raw.location),
  };
}

import * as v from 'valibot';
import { idSchema, optionalNumber, optionalText } from './fields';

/**
 * A location (venue) as the API sends it (docs/api.md "Locations"; docs/product/part-2.md §3 "Location (venue)").
 * Only the id is required: the screens give every other field a default. Coordinates come as `latitude`/`longitude`
 * or as `coordinates.lat`/`lng` (docs/product/part-1.md §3); `distance` only on a search near a point.
 */
export const locationSchema = v.object({
  id: idSchema,
  name: optionalText,
  address: optionalText,
  city: optionalText,
  state: optionalText,
  zip: optionalText,
  /** The venue's IANA zone; may be missing or unknown (the screens then use the default zone). */
  timezone: optionalText,
  latitude: optionalNumber,
  longitude: optionalNumber,
  coordinates: v.optional(v.nullable(v.object({ lat: optionalNumber, lng: optionalNumber })), null),
  distance: optionalNumber,
});

export type LocationWire = v.InferOutput<typeof locationSchema>;

/** An event names its venue inline: the venue's id is the event's `locationId` and no screen reads it there. */
export const eventLocationSchema = v.omit(locationSchema, ['id', 'distance']);

export type EventLocationWire = v.InferOutput<typeof eventLocationSchema>;

/** An event's venue as the screens show it. */
export interface Venue {
  name: string;
  city: string;
  state: string;
  latitude: number | null;
  longitude: number | null;
}

/** Defaults 'Location TBD' and 'TBD' (docs/product/part-1.md §3 "Event search result"); coordinates from either form. */
export function toVenue(raw: EventLocationWire | null): Venue {
  return {
    name: raw?.name || 'Location TBD',
    city: raw?.city || 'TBD',
    state: raw?.state || 'TBD',
    latitude: raw?.coordinates?.lat ?? raw?.latitude ?? null,
    longitude: raw?.coordinates?.lng ?? raw?.longitude ?? null,
  };
}

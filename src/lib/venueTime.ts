import { DateTime, IANAZone, Settings } from 'luxon';

/** The time zone of a venue that has none (docs/product/part-1.md §3, §9). */
export const DEFAULT_VENUE_ZONE = 'America/Chicago';

/** `zone` when it is a known IANA zone, else `fallback` (an old stored event, a venue without one). */
export function venueZone(zone: string | null | undefined, fallback: string = DEFAULT_VENUE_ZONE): string {
  return zone && IANAZone.isValidZone(zone) ? zone : fallback;
}

export interface VenueTimeOptions {
  /** The zone the viewer's device is in; luxon's default zone (the system's) when omitted. */
  deviceZone?: string;
  /** BCP 47 locale; the device's when omitted. */
  locale?: string;
  /** With seconds ("3:30:12 AM"): for moments a second apart, such as two tags. */
  seconds?: boolean;
}

/** Same as the device's zone? Then the wall time needs no label. Compared by IANA name. */
function isDeviceZone(zone: string, deviceZone: string | undefined): boolean {
  const device = deviceZone ?? Settings.defaultZone.name;
  return IANAZone.isValidZone(device) && IANAZone.create(device).name === IANAZone.create(zone).name;
}

/**
 * An instant (ISO) as the wall time at the venue, e.g. "Mar 8, 2026, 3:30 AM EDT".
 *
 * The time is what the people at the venue read on the clock that day (luxon applies the venue's
 * daylight-saving rules for that date, not today's). The zone's short name is added when the venue is
 * not in the viewer's zone, so a time seen from elsewhere is not mistaken for a local one; it comes from
 * Intl, so it is "EDT" in en-US and "GMT-4" where the locale has no abbreviation. An unreadable
 * instant is shown as it came.
 */
export function formatVenueDateTime(iso: string, zone: string | null | undefined, options: VenueTimeOptions = {}): string {
  const where = venueZone(zone);
  const at = DateTime.fromISO(iso, { zone: where, locale: options.locale });
  if (!at.isValid) return iso;
  const label = isDeviceZone(where, options.deviceZone) ? {} : { timeZoneName: 'short' as const };
  return at.toLocaleString({ ...(options.seconds ? DateTime.DATETIME_MED_WITH_SECONDS : DateTime.DATETIME_MED), ...label });
}

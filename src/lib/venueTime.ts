import { DateTime, IANAZone, Settings, type Zone } from 'luxon';

// luxon answers both questions below by building an Intl.DateTimeFormat each time (~3 ms each on a slow phone),
// and a list formats a time per card: the answers are kept. A zone name's validity never changes; the device's
// zone is read again after 10 s (a traveller's phone may change zone while a page is open).
const zoneValidity = new Map<string, boolean>();
let knownZones: ReadonlySet<string> | undefined;
function isValidZone(zone: string): boolean {
  let valid = zoneValidity.get(zone);
  if (valid === undefined) {
    // The runtime's own list of canonical zones answers for most names without a formatter; an alias
    // ("US/Eastern") or a runtime without the list is asked the slow way.
    knownZones ??= new Set(typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []);
    valid = knownZones.has(zone) || IANAZone.isValidZone(zone);
    zoneValidity.set(zone, valid);
  }
  return valid;
}

const DEVICE_ZONE_TTL_MS = 10_000;
let deviceZoneSeen: { zone: Zone; name: string; at: number } | null = null;
/** The device's zone name (luxon's default zone), read again at most every 10 s. */
export function defaultZoneName(): string {
  const zone = Settings.defaultZone;
  const now = Date.now();
  if (deviceZoneSeen?.zone !== zone || now - deviceZoneSeen.at >= DEVICE_ZONE_TTL_MS) {
    deviceZoneSeen = { zone, name: zone.name, at: now };
  }
  return deviceZoneSeen.name;
}

/** The time zone of a venue that has none (docs/product/part-1.md §3, §9). */
export const DEFAULT_VENUE_ZONE = 'America/Chicago';

/** `zone` when it is a known IANA zone, else `fallback` (an old stored event, a venue without one). */
export function venueZone(zone: string | null | undefined, fallback: string = DEFAULT_VENUE_ZONE): string {
  return zone && isValidZone(zone) ? zone : fallback;
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
  const device = deviceZone ?? defaultZoneName();
  return isValidZone(device) && IANAZone.create(device).name === IANAZone.create(zone).name;
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
  const label = !isDeviceZone(where, options.deviceZone);
  const instant = WITH_OFFSET.test(iso) ? Date.parse(iso) : Number.NaN;
  if (!Number.isNaN(instant)) return venueFormatter(where, options.locale, options.seconds === true, label).format(instant);
  // Without an offset the text is a wall time at the venue, which luxon reads in that zone.
  const at = DateTime.fromISO(iso, { zone: where, locale: options.locale });
  if (!at.isValid) return iso;
  return at.toLocaleString({
    ...(options.seconds ? DateTime.DATETIME_MED_WITH_SECONDS : DateTime.DATETIME_MED),
    ...(label ? { timeZoneName: 'short' as const } : {}),
  });
}

/** An ISO instant with its offset (what the API sends): `Date.parse` reads it exactly. */
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;

// One Intl formatter per zone and style, built on first use and kept: building one is the slow part (luxon
// builds two or three per zone for the same text). Same options as luxon's DATETIME_MED(_WITH_SECONDS).
const formatters = new Map<string, Intl.DateTimeFormat>();
function venueFormatter(zone: string, locale: string | undefined, seconds: boolean, label: boolean): Intl.DateTimeFormat {
  const key = `${zone}|${locale ?? ''}|${seconds}|${label}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, {
      ...(seconds ? DateTime.DATETIME_MED_WITH_SECONDS : DateTime.DATETIME_MED),
      timeZone: zone,
      ...(label ? { timeZoneName: 'short' } : {}),
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

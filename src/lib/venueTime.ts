import { deviceZoneName } from './deviceZone';
import { wallTimeInstant } from './wallTime';

// Plain Intl, no date library: the screens that show venue times load none (docs/performance.md "Venue times
// without luxon"). Asking Intl whether a zone is valid builds a formatter (~3 ms on a slow phone), and a list
// formats a time per card: the answers are kept. A zone name's validity never changes.
const zoneValidity = new Map<string, boolean>();
let knownZones: ReadonlySet<string> | undefined;
function isValidZone(zone: string): boolean {
  let valid = zoneValidity.get(zone);
  if (valid === undefined) {
    // The runtime's own list of canonical zones answers for most names without a formatter; an alias
    // ("US/Eastern") or a runtime without the list is asked the slow way.
    knownZones ??= new Set(typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []);
    valid = knownZones.has(zone) || acceptsZone(zone);
    zoneValidity.set(zone, valid);
  }
  return valid;
}

/** Whether Intl formats in `zone` (an alias, a spelling in other case): what luxon's `IANAZone.isValidZone` asked. */
function acceptsZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone }).format();
    return true;
  } catch {
    return false;
  }
}

/** The time zone of a venue that has none (docs/product/part-1.md §3, §9). */
export const DEFAULT_VENUE_ZONE = 'America/Chicago';

/** `zone` when it is a known IANA zone, else `fallback` (an old stored event, a venue without one). */
export function venueZone(zone: string | null | undefined, fallback: string = DEFAULT_VENUE_ZONE): string {
  return zone && isValidZone(zone) ? zone : fallback;
}

export interface VenueTimeOptions {
  /** The zone the viewer's device is in; the browser's (lib/deviceZone.ts) when omitted. */
  deviceZone?: string;
  /** BCP 47 locale; the device's when omitted. */
  locale?: string;
  /** With seconds ("3:30:12 AM"): for moments a second apart, such as two tags. */
  seconds?: boolean;
}

/** Same as the device's zone? Then the wall time needs no label. Compared by IANA name, as given. */
function isDeviceZone(zone: string, deviceZone: string | undefined): boolean {
  const device = deviceZone ?? deviceZoneName();
  return isValidZone(device) && device === zone;
}

/**
 * An instant (ISO) as the wall time at the venue, e.g. "Mar 8, 2026, 3:30 AM EDT".
 *
 * The time is what the people at the venue read on the clock that day (Intl applies the venue's
 * daylight-saving rules for that date, not today's). The zone's short name is added when the venue is
 * not in the viewer's zone, so a time seen from elsewhere is not mistaken for a local one; it comes from
 * Intl, so it is "EDT" in en-US and "GMT-4" where the locale has no abbreviation. An unreadable
 * instant is shown as it came.
 */
export function formatVenueDateTime(iso: string, zone: string | null | undefined, options: VenueTimeOptions = {}): string {
  const where = venueZone(zone);
  const label = !isDeviceZone(where, options.deviceZone);
  // Without an offset the text is a wall time at the venue (wallTime.ts).
  const instant = WITH_OFFSET.test(iso) ? Date.parse(iso) : (wallTimeInstant(iso, where) ?? Number.NaN);
  if (Number.isNaN(instant)) return iso;
  return venueFormatter(where, options.locale, options.seconds === true, label).format(instant);
}

/** An ISO instant with its offset (what the API sends): `Date.parse` reads it exactly. */
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;

// One Intl formatter per zone and style, built on first use and kept: building one is the slow part (luxon
// built two or three per zone for the same text). The date and time "medium": "Jul 4, 2026, 7:00 PM".
const MEDIUM = { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: 'numeric' } as const;
const formatters = new Map<string, Intl.DateTimeFormat>();
function venueFormatter(zone: string, locale: string | undefined, seconds: boolean, label: boolean): Intl.DateTimeFormat {
  const key = `${zone}|${locale ?? ''}|${seconds}|${label}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, {
      ...MEDIUM,
      ...(seconds ? { second: 'numeric' } : {}),
      timeZone: zone,
      ...(label ? { timeZoneName: 'short' } : {}),
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * Wall time in an IANA zone ("2026-07-04T19:00", as a `datetime-local` input or an old stored event gives it) read
 * as the instant the clock showed it, in plain Intl: Add Event converts its entries with it, and the screens that
 * show venue times read offset-less times with it, neither loading a date library (docs/performance.md "Venue times
 * without luxon").
 *
 * Daylight-saving edges are decided like Temporal's 'compatible' disambiguation (and RFC 5545):
 * - a wall time that does not exist (spring-forward gap, e.g. 02:30 on 2026-03-08 in Chicago) moves forward by the
 *   gap: 03:30 CDT;
 * - a wall time that happens twice (fall-back, e.g. 01:30 on 2026-11-01 in Chicago) is the first one, CDT.
 * Everywhere else it reads every time as luxon does (wallTime.test.ts compares the two).
 */
const DAY_MS = 86_400_000;
const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?$/;

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();
function offsetFormatter(zone: string): Intl.DateTimeFormat {
  let formatter = offsetFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    offsetFormatters.set(zone, formatter);
  }
  return formatter;
}

/** A calendar date and time as the instant it names in UTC; unlike `Date.UTC`, the years 0–99 are those years. */
function utc(year: number, month: number, day: number, hour = 0, minute = 0, second = 0, ms = 0): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, ms);
  return date.getTime();
}

/** How far the zone's clock is ahead of UTC at `instant`, in ms (whole seconds: no zone has had finer offsets since 1972). */
function zoneOffsetMs(zone: string, instant: number): number {
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const { type, value } of offsetFormatter(zone).formatToParts(instant)) part[type] = Number(value);
  const wall = utc(part.year!, part.month!, part.day!, part.hour! % 24, part.minute!, part.second!);
  return wall - (instant - (((instant % 1000) + 1000) % 1000));
}

/** The instant (ms since the epoch) of `text` read in `zone`, or null when the text is no such time or the zone unknown. */
export function wallTimeInstant(text: string, zone: string): number | null {
  const m = WALL_TIME.exec(text);
  if (!m) return null;
  const [year, month, day, hour = 0, minute = 0, seconds = 0] = m
    .slice(1, 7)
    .map((v) => (v === undefined ? undefined : Number(v)));
  const ms = m[7] ? Math.floor(Number(`0.${m[7]}`) * 1000) : 0;
  const wall = utc(year!, month!, day!, hour, minute, seconds, ms);
  // A date or time that does not exist on any calendar (31 June, 25:00) is no wall time.
  const check = new Date(wall);
  if (
    check.getUTCMonth() !== month! - 1 ||
    check.getUTCDate() !== day ||
    check.getUTCHours() !== hour ||
    check.getUTCMinutes() !== minute
  ) {
    return null;
  }
  try {
    // The offsets a day before and a day after are the only ones this wall time can have (no zone changes its
    // clock twice in two days). Each that names this wall time is a reading; two are the hour a fall-back repeats.
    const before = zoneOffsetMs(zone, wall - DAY_MS);
    const after = zoneOffsetMs(zone, wall + DAY_MS);
    const readings = [wall - before, wall - after].filter((instant, i) => zoneOffsetMs(zone, instant) === (i ? after : before));
    // None: the hour the clocks skipped, read with the offset from before the jump, which lands after it.
    return readings.length ? Math.min(...readings) : wall - before;
  } catch {
    return null; // not a zone this runtime knows
  }
}

/** A `datetime-local` entry read in the venue's zone → ISO UTC ("2026-07-05T00:00:00.000Z"), or null when unusable. */
export function localToUtcIso(wallTime: string, zone: string): string | null {
  const instant = wallTimeInstant(wallTime, zone);
  return instant === null ? null : new Date(instant).toISOString();
}

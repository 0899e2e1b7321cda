/**
 * A wall time without an offset ("2026-07-04T18:00"), read as the clock showed it in an IANA zone: the instant
 * (ms since the epoch), or null when the text is no such time. Plain Intl, so the screens that show venue times
 * need no date library (docs/performance.md "Venue times without luxon").
 *
 * Where the clocks jump forward the missing wall time moves on by the jump (02:30 → 03:30), and where they fall
 * back the earlier of the two instants is taken (as Temporal's 'compatible' reading does). Elsewhere it reads every
 * time as luxon does (zonedWallTime.test.ts compares the two).
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

export function zonedWallTimeInstant(text: string, zone: string): number | null {
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

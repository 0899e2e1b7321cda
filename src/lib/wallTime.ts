import { DateTime } from 'luxon';

/**
 * Wall time entered in a `datetime-local` input ("2026-07-04T19:00"), read in the venue's time zone,
 * → ISO UTC ("2026-07-05T00:00:00.000Z"), or null when the entry or the zone is not usable.
 *
 * Daylight-saving edges are decided like Temporal's 'compatible' disambiguation (and RFC 5545):
 * - a wall time that does not exist (spring-forward gap, e.g. 02:30 on 2026-03-08 in Chicago) moves
 *   forward by the gap: 03:30 CDT — luxon does this by itself;
 * - a wall time that happens twice (fall-back, e.g. 01:30 on 2026-11-01 in Chicago) is the first one,
 *   CDT. luxon 3.7 alone would pick the second (CST), so the earliest possible instant is taken.
 */
export function localToUtcIso(wallTime: string, zone: string): string | null {
  const parsed = DateTime.fromISO(wallTime, { zone });
  if (!parsed.isValid) return null;
  const earliest = parsed
    .getPossibleOffsets()
    .reduce((first, candidate) => (candidate.toMillis() < first.toMillis() ? candidate : first), parsed);
  return earliest.toUTC().toISO();
}

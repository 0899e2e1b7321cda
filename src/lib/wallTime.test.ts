import { DateTime } from 'luxon';
import { localToUtcIso, wallTimeInstant } from './wallTime';

describe('localToUtcIso', () => {
  it('reads a summer evening in Chicago as CDT (UTC-5)', () => {
    expect(localToUtcIso('2026-07-04T19:00', 'America/Chicago')).toBe('2026-07-05T00:00:00.000Z');
  });

  it('reads a winter time in Chicago as CST (UTC-6)', () => {
    expect(localToUtcIso('2026-01-15T09:30', 'America/Chicago')).toBe('2026-01-15T15:30:00.000Z');
  });

  it('uses the zone it is given: the same wall time in Los Angeles is PDT (UTC-7)', () => {
    expect(localToUtcIso('2026-07-04T19:00', 'America/Los_Angeles')).toBe('2026-07-05T02:00:00.000Z');
  });

  it('accepts seconds in the entry', () => {
    expect(localToUtcIso('2026-07-04T19:00:30', 'America/Chicago')).toBe('2026-07-05T00:00:30.000Z');
  });

  it('moves a time in the spring-forward gap forward: 02:30 on 2026-03-08 in Chicago is 03:30 CDT', () => {
    // 02:00–02:59 does not exist that night; 03:30 CDT = 08:30 UTC.
    expect(localToUtcIso('2026-03-08T02:30', 'America/Chicago')).toBe('2026-03-08T08:30:00.000Z');
  });

  it('reads a time that happens twice at fall-back as the first one: 01:30 on 2026-11-01 in Chicago is CDT', () => {
    // 01:30 CDT = 06:30 UTC; the second 01:30 (CST) would be 07:30 UTC.
    expect(localToUtcIso('2026-11-01T01:30', 'America/Chicago')).toBe('2026-11-01T06:30:00.000Z');
  });

  it('is not confused by the hours around the fall-back', () => {
    expect(localToUtcIso('2026-11-01T00:30', 'America/Chicago')).toBe('2026-11-01T05:30:00.000Z');
    expect(localToUtcIso('2026-11-01T02:30', 'America/Chicago')).toBe('2026-11-01T08:30:00.000Z');
  });

  it('gives null for an entry or a zone it cannot read', () => {
    expect(localToUtcIso('', 'America/Chicago')).toBeNull();
    expect(localToUtcIso('tonight', 'America/Chicago')).toBeNull();
    expect(localToUtcIso('2026-07-04T19:00', 'Mars/Olympus_Mons')).toBeNull();
  });
});

const iso = (instant: number | null) => (instant === null ? null : new Date(instant).toISOString());

describe('wallTimeInstant', () => {
  it('reads a summer evening in New York as EDT (UTC−4)', () => {
    expect(iso(wallTimeInstant('2026-07-04T18:00', 'America/New_York'))).toBe('2026-07-04T22:00:00.000Z');
    expect(iso(wallTimeInstant('2026-07-04T18:00:05.250', 'America/New_York'))).toBe('2026-07-04T22:00:05.250Z');
  });

  it('reads a date alone as its midnight, and zones east of UTC and on half hours', () => {
    expect(iso(wallTimeInstant('2026-01-15', 'Europe/Berlin'))).toBe('2026-01-14T23:00:00.000Z');
    expect(iso(wallTimeInstant('2026-01-15T09:30', 'Asia/Kolkata'))).toBe('2026-01-15T04:00:00.000Z');
    expect(iso(wallTimeInstant('2026-01-15T09:30', 'UTC'))).toBe('2026-01-15T09:30:00.000Z');
  });

  it('reads the years 0–99 as those years, not as 1900–1999', () => {
    expect(iso(wallTimeInstant('0050-06-01T12:00', 'UTC'))).toBe('0050-06-01T12:00:00.000Z');
  });

  it('refuses what is no wall time: another format, an impossible date or hour, an unknown zone', () => {
    expect(wallTimeInstant('soon', 'America/New_York')).toBeNull();
    expect(wallTimeInstant('2026-06-31T10:00', 'America/New_York')).toBeNull();
    expect(wallTimeInstant('2026-06-30T25:00', 'America/New_York')).toBeNull();
    expect(wallTimeInstant('2026-06-30T10:00Z', 'America/New_York')).toBeNull();
    expect(wallTimeInstant('2026-06-30T10:00', 'Mars/Olympus_Mons')).toBeNull();
  });

  it('moves a time the clocks skipped on by the jump', () => {
    // New York, 8 March 2026: 02:00 EST became 03:00 EDT (07:00 UTC).
    expect(iso(wallTimeInstant('2026-03-08T02:30', 'America/New_York'))).toBe('2026-03-08T07:30:00.000Z');
    // Lord Howe jumps half an hour, 4 October 2026 at 02:00 local.
    expect(iso(wallTimeInstant('2026-10-04T02:15', 'Australia/Lord_Howe'))).toBe('2026-10-03T15:45:00.000Z');
  });

  it('takes the first of a repeated hour, west and east of Greenwich', () => {
    // New York, 1 November 2026: 01:30 EDT (05:30 UTC), then 01:30 EST (06:30 UTC).
    expect(iso(wallTimeInstant('2026-11-01T01:30', 'America/New_York'))).toBe('2026-11-01T05:30:00.000Z');
    expect(iso(wallTimeInstant('2026-11-01T01:00', 'America/New_York'))).toBe('2026-11-01T05:00:00.000Z');
    // Sydney, 5 April 2026: 02:30 AEDT (15:30 UTC the day before), then 02:30 AEST (16:30 UTC).
    expect(iso(wallTimeInstant('2026-04-05T02:30', 'Australia/Sydney'))).toBe('2026-04-04T15:30:00.000Z');
  });

  // luxon (which read these times before) is the reference for every time that the clocks neither skip nor repeat.
  const zones = ['America/New_York', 'America/Chicago', 'Europe/Berlin', 'Australia/Sydney', 'Asia/Tokyo', 'Australia/Lord_Howe'];
  const times = [
    '2026-03-08T01:59:59',
    '2026-03-08T03:00',
    '2026-03-29T03:00',
    '2026-03-29T01:59', // just around the spring jumps
    '2026-11-01T00:59',
    '2026-11-01T02:00',
    '2026-10-25T03:00',
    '2026-10-25T01:59', // just around the fall-backs
    '2026-04-05T03:00',
    '2026-04-05T01:59',
    '2026-10-04T03:00',
    '2026-07-04T18:00',
    '2026-12-31T23:59:59.999',
    '1999-01-01',
  ];
  it.each(zones)('agrees with luxon in %s away from the hours the clocks skip or repeat', (zone) => {
    for (const time of times) {
      const expected = DateTime.fromISO(time, { zone }).toMillis();
      expect([time, wallTimeInstant(time, zone)]).toEqual([time, expected]);
    }
  });
});

import { localToUtcIso } from './wallTime';

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

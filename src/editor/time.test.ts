import { formatEventDate, formatSeconds } from './time';

describe('formatSeconds', () => {
  it('shows m:ss.s', () => {
    expect(formatSeconds(0)).toBe('0:00.0');
    expect(formatSeconds(4.25)).toBe('0:04.3');
    expect(formatSeconds(59.96)).toBe('1:00.0');
    expect(formatSeconds(125.5)).toBe('2:05.5');
    expect(formatSeconds(-3)).toBe('0:00.0');
  });
});

describe('formatEventDate', () => {
  it('shows the venue clock, and falls back when the zone is unknown', () => {
    expect(formatEventDate('2026-07-04T23:00:00.000Z', 'America/New_York')).toBe('Jul 4, 2026, 7:00 PM EDT');
    expect(formatEventDate('2026-07-04T23:00:00.000Z', 'Not/AZone')).toMatch(/Jul [45], 2026/);
    expect(formatEventDate('soon', 'UTC')).toBe('soon');
  });
});

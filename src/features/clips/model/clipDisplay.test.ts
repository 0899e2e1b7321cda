import { clipCountLabel, formatClipTime } from './clipDisplay';

const en = { locale: 'en-US' };

describe('formatClipTime', () => {
  it('shows a recording on the venue’s clock, naming the zone when the device is elsewhere, across DST', () => {
    const device = { ...en, deviceZone: 'America/Chicago' };
    // New York, spring forward on 8 March 2026 at 07:00 UTC.
    expect(formatClipTime('2026-03-08T06:30:00Z', 'America/New_York', device)).toBe('Mar 8, 2026, 1:30 AM EST');
    expect(formatClipTime('2026-03-08T07:30:00Z', 'America/New_York', device)).toBe('Mar 8, 2026, 3:30 AM EDT');
  });

  it('names no zone when the venue is in the device’s', () => {
    expect(formatClipTime('2026-07-04T23:00:00Z', 'America/New_York', { ...en, deviceZone: 'America/New_York' })).toBe(
      'Jul 4, 2026, 7:00 PM',
    );
  });

  it('shows a clip without an event in the device’s zone, without naming it', () => {
    expect(formatClipTime('2026-07-04T23:00:00Z', null, { ...en, deviceZone: 'Asia/Tokyo' })).toBe('Jul 5, 2026, 8:00 AM');
  });
});

describe('clipCountLabel', () => {
  it('counts in words', () => {
    expect(clipCountLabel(0)).toBe('0 clips');
    expect(clipCountLabel(1)).toBe('1 clip');
    expect(clipCountLabel(13)).toBe('13 clips');
  });
});

import { Settings } from 'luxon';
import { DEFAULT_VENUE_ZONE, formatVenueDateTime, venueZone } from './venueTime';

const NY = 'America/New_York';

// 2026 in New York: clocks jump 02:00 EST → 03:00 EDT on 8 March (07:00 UTC) and fall back
// 02:00 EDT → 01:00 EST on 1 November (06:00 UTC). Chicago changes an hour of UTC later on the same
// days; Berlin changes on 29 March and 25 October, so both DST days are winter-time there.
const SPRING = {
  before: '2026-03-08T06:30:00Z', // 01:30 EST
  after: '2026-03-08T07:30:00Z', // 03:30 EDT (02:30 never happens)
};
const FALL = {
  first: '2026-11-01T05:30:00Z', // 01:30 EDT
  second: '2026-11-01T06:30:00Z', // 01:30 EST, the same wall time an hour later
};

afterEach(() => {
  Settings.defaultZone = 'system';
});

describe.each([['America/Chicago'], ['Europe/Berlin']])('an event in New York seen from a device in %s', (device) => {
  beforeEach(() => {
    // The viewer's device zone, as a browser there would report it.
    Settings.defaultZone = device;
  });

  it('shows the spring-forward day in venue time, EST before the jump and EDT after it', () => {
    expect(formatVenueDateTime(SPRING.before, NY, { locale: 'en-US' })).toBe('Mar 8, 2026, 1:30 AM EST');
    expect(formatVenueDateTime(SPRING.after, NY, { locale: 'en-US' })).toBe('Mar 8, 2026, 3:30 AM EDT');
  });

  it('tells the two 1:30s of the fall-back day apart by their zone names', () => {
    expect(formatVenueDateTime(FALL.first, NY, { locale: 'en-US' })).toBe('Nov 1, 2026, 1:30 AM EDT');
    expect(formatVenueDateTime(FALL.second, NY, { locale: 'en-US' })).toBe('Nov 1, 2026, 1:30 AM EST');
  });

  it('shows a summer evening as the venue reads it, not as the device would', () => {
    // 23:00 UTC is 7 PM in New York, 6 PM in Chicago and 1 AM the next day in Berlin.
    expect(formatVenueDateTime('2026-07-04T23:00:00Z', NY, { locale: 'en-US' })).toBe('Jul 4, 2026, 7:00 PM EDT');
  });
});

describe('an event in the device zone', () => {
  it('needs no zone name, on either side of a DST change', () => {
    Settings.defaultZone = NY;
    expect(formatVenueDateTime(SPRING.before, NY, { locale: 'en-US' })).toBe('Mar 8, 2026, 1:30 AM');
    expect(formatVenueDateTime(SPRING.after, NY, { locale: 'en-US' })).toBe('Mar 8, 2026, 3:30 AM');
  });

  it('adds the seconds when asked (two tags a second apart)', () => {
    expect(formatVenueDateTime('2026-11-23T18:30:05.250Z', NY, { locale: 'en-US', deviceZone: NY, seconds: true })).toBe(
      'Nov 23, 2026, 1:30:05 PM',
    );
    expect(
      formatVenueDateTime('2026-11-23T18:30:06.000Z', NY, { locale: 'en-US', deviceZone: 'Asia/Tokyo', seconds: true }),
    ).toBe('Nov 23, 2026, 1:30:06 PM EST');
  });

  it('takes the device zone from the options over luxon’s default', () => {
    Settings.defaultZone = 'Europe/Berlin';
    expect(formatVenueDateTime(FALL.first, NY, { locale: 'en-US', deviceZone: NY })).toBe('Nov 1, 2026, 1:30 AM');
    expect(formatVenueDateTime(FALL.first, NY, { locale: 'en-US', deviceZone: 'Asia/Tokyo' })).toBe('Nov 1, 2026, 1:30 AM EDT');
  });

  it('compares zones, not offsets: Chicago in its last CDT hour still names New York’s EST', () => {
    // At 06:30 UTC on 1 Nov both are UTC-5, yet they are different places with different clocks.
    expect(formatVenueDateTime(FALL.second, NY, { locale: 'en-US', deviceZone: 'America/Chicago' })).toBe(
      'Nov 1, 2026, 1:30 AM EST',
    );
  });
});

describe('a venue without a usable zone', () => {
  it('is read in the default zone (America/Chicago)', () => {
    const device = { locale: 'en-US', deviceZone: 'Asia/Tokyo' };
    expect(formatVenueDateTime('2026-07-04T23:00:00Z', undefined, device)).toBe('Jul 4, 2026, 6:00 PM CDT');
    expect(formatVenueDateTime('2026-07-04T23:00:00Z', 'Mars/Olympus_Mons', device)).toBe('Jul 4, 2026, 6:00 PM CDT');
  });

  it('reads a time without an offset as the wall time at the venue', () => {
    const device = { locale: 'en-US', deviceZone: 'Asia/Tokyo' };
    expect(formatVenueDateTime('2026-07-04T18:00', 'America/New_York', device)).toBe('Jul 4, 2026, 6:00 PM EDT');
    expect(formatVenueDateTime('2026-07-04T22:00:00.000+00:00', 'America/New_York', device)).toBe('Jul 4, 2026, 6:00 PM EDT');
  });

  it('shows an unreadable instant as it came', () => {
    expect(formatVenueDateTime('soon', NY)).toBe('soon');
  });
});

describe('venueZone', () => {
  it('keeps a known IANA zone and replaces anything else with the fallback', () => {
    expect(venueZone('Asia/Tokyo')).toBe('Asia/Tokyo');
    expect(venueZone(null)).toBe(DEFAULT_VENUE_ZONE);
    expect(venueZone('')).toBe(DEFAULT_VENUE_ZONE);
    expect(venueZone('Nowhere/Land', 'Europe/Berlin')).toBe('Europe/Berlin');
  });

  it('keeps zone names the runtime lists only as aliases, and any other spelling it accepts', () => {
    // Intl.supportedValuesOf lists canonical names; these are valid all the same.
    expect(venueZone('US/Eastern')).toBe('US/Eastern');
    expect(venueZone('Asia/Calcutta')).toBe('Asia/Calcutta');
    expect(venueZone('america/new_york')).toBe('america/new_york');
    expect(venueZone('UTC')).toBe('UTC');
  });
});

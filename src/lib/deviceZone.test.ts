import { Settings } from 'luxon';
import type * as DeviceZoneModule from './deviceZone';

// setupTests.ts stands luxon's default zone in for the device's; these tests read the real one.
const { deviceZoneName } = jest.requireActual<typeof DeviceZoneModule>('./deviceZone');

afterEach(() => jest.restoreAllMocks());

/** Makes the browser report `zone` as its own, the way it reports the device's zone. */
function deviceIn(zone: string) {
  jest
    .spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions')
    .mockReturnValue({ ...new Intl.DateTimeFormat('en-US', { timeZone: 'UTC' }).resolvedOptions(), timeZone: zone });
}

describe('deviceZoneName', () => {
  it('is the zone the browser reports, whatever luxon is set to', () => {
    Settings.defaultZone = 'Asia/Tokyo';
    deviceIn('Europe/Berlin');
    expect(deviceZoneName(1_000_000)).toBe('Europe/Berlin');
    Settings.defaultZone = 'system';
  });

  it('keeps the answer for 10 s, then asks again (a phone that travels)', () => {
    deviceIn('America/Chicago');
    const t0 = 50_000_000;
    expect(deviceZoneName(t0)).toBe('America/Chicago');
    deviceIn('America/Denver');
    expect(deviceZoneName(t0 + 9_999)).toBe('America/Chicago');
    expect(deviceZoneName(t0 + 10_000)).toBe('America/Denver');
    // A clock set back asks again rather than trusting an answer from its future.
    deviceIn('America/Phoenix');
    expect(deviceZoneName(t0)).toBe('America/Phoenix');
  });
});

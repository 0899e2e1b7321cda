import { measureClockOffset, serverNow } from './clockSkew';

describe('clock skew', () => {
  const server = Date.UTC(2026, 10, 21, 12, 0, 0);

  it('measures a device clock 5 minutes slow as +5 min', () => {
    expect(measureClockOffset(server / 1000, server - 5 * 60_000)).toBe(5 * 60_000);
  });

  it('measures a device clock 5 minutes fast as −5 min', () => {
    expect(measureClockOffset(server / 1000, server + 5 * 60_000)).toBe(-5 * 60_000);
  });

  it('treats a few seconds of latency as no skew', () => {
    expect(measureClockOffset(server / 1000, server + 1_500)).toBe(0);
  });

  it('corrects device time to server time', () => {
    expect(serverNow(1_000, 250)).toBe(1_250);
  });
});

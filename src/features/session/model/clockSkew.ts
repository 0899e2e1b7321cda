/**
 * The device clock may be minutes off. A token's `iat` is the server's clock at issue, so at the
 * moment we receive a fresh token, `iat - deviceNow` estimates (server − device). Every expiry
 * decision then uses deviceNow + offset. Offsets under a few seconds are network latency and
 * rounding (iat has 1 s resolution), not skew, so they are ignored.
 */
const NOISE_MS = 5_000;

export function measureClockOffset(iatSeconds: number, deviceNow: number): number {
  const offset = iatSeconds * 1000 - deviceNow;
  return Math.abs(offset) < NOISE_MS ? 0 : offset;
}

export function serverNow(deviceNow: number, clockOffsetMs: number): number {
  return deviceNow + clockOffsetMs;
}

/**
 * The zone this device is in, as the browser reports it: `Intl.DateTimeFormat().resolvedOptions().timeZone`, what
 * luxon's system zone reads too. Building that formatter takes a few ms on a slow phone and a list asks per card, so
 * the answer is kept for 10 s (a traveller's phone may change zone while a page is open).
 *
 * In Jest the device's zone is luxon's default zone, which tests set (src/test/setupTests.ts): Node's zone cannot be
 * changed inside a test.
 */
const DEVICE_ZONE_TTL_MS = 10_000;
let seen: { name: string; at: number } | null = null;

export function deviceZoneName(now: number = Date.now()): string {
  if (!seen || now - seen.at >= DEVICE_ZONE_TTL_MS || now < seen.at) {
    seen = { name: new Intl.DateTimeFormat().resolvedOptions().timeZone, at: now };
  }
  return seen.name;
}

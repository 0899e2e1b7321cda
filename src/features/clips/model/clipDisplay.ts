import { deviceZoneName } from '../../../lib/deviceZone';
import { formatVenueDateTime, type VenueTimeOptions } from '../../../lib/venueTime';

export const clipCountLabel = (count: number) => `${count} ${count === 1 ? 'clip' : 'clips'}`;

/** The zone this device is in (where a clip without an event was presumably filmed). */
const deviceZone = () => deviceZoneName();

/**
 * When a clip was recorded, on the venue's clock (the zone named when it is not the device's); a clip
 * without an event has no venue, so its time is the device's.
 */
export function formatClipTime(recordedAt: string, venueZone: string | null, options?: VenueTimeOptions): string {
  return formatVenueDateTime(recordedAt, venueZone ?? options?.deviceZone ?? deviceZone(), options);
}

/**
 * Where a tag made on this device stands (docs/product/part-2.md §4 "Tag creation"):
 * - 'sending': on its way (shown at once, before any answer);
 * - 'waiting': kept on the device (offline, a lost connection, a server error) and sent by itself later;
 * - 'sent': the server has it;
 * - 'failed': the server refused it (a 4xx); kept until the user retries or discards it.
 */
export type CreatedTagStatus = 'sending' | 'waiting' | 'sent' | 'failed';

/** A tag made with TAG NOW on this device. Plain data: it lives in the store and in IndexedDB. */
export interface CreatedTag {
  /** Made at the tap; the `Idempotency-Key` of every try, so the server makes the tag once. */
  clientId: string;
  /** The server's id, once it answered. */
  serverId: string | null;
  eventId: string;
  eventName: string;
  /** The venue's zone: the tag's time is shown on the venue's clock. */
  timezone: string;
  /** The moment, on the server's clock, taken at the tap (ISO). */
  timestamp: string;
  /** Trimmed; null when empty (docs/product/part-2.md §5). */
  description: string | null;
  location: { latitude: number; longitude: number } | null;
  status: CreatedTagStatus;
  /** The server's reason for a refusal ('failed'). */
  error: string | null;
}

import { UPLOAD_ANSWER_WAIT_MS, UPLOAD_STALL_MS } from './uploadConstants';

/** When a transfer last moved (a progress report of the browser), and whether its whole body had been sent then. */
export interface TransferActivity {
  lastAt: number;
  bodySent: boolean;
}

/**
 * Whether a transfer has gone quiet for longer than a live connection would (uploadConstants.ts): no byte sent for
 * UPLOAD_STALL_MS, or no answer UPLOAD_ANSWER_WAIT_MS after the last byte. A clock set back is no stall.
 */
export function isStalled(activity: TransferActivity, now: number): boolean {
  const allowed = activity.bodySent ? UPLOAD_ANSWER_WAIT_MS : UPLOAD_STALL_MS;
  return now - activity.lastAt >= allowed;
}

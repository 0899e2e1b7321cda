import { UPLOAD_ANSWER_WAIT_MS, UPLOAD_STALL_CHECK_MS, UPLOAD_STALL_MS } from './uploadConstants';

/**
 * When a transfer last moved, and whether the browser's last report had bytes still to send. Before the first
 * report that is not known: Chromium reports on a timer, so a small file may be sent whole without one, and the
 * wait is then for the server's answer.
 */
export interface TransferActivity {
  lastAt: number;
  sending: boolean;
}

export const startedActivity = (now: number): TransferActivity => ({ lastAt: now, sending: false });

/**
 * Whether a transfer has gone quiet for longer than a live connection would (uploadConstants.ts): no byte sent for
 * UPLOAD_STALL_MS while bytes remain, or no answer UPLOAD_ANSWER_WAIT_MS after the last report otherwise. A clock
 * set back is no stall.
 */
export function isStalled(activity: TransferActivity, now: number): boolean {
  const allowed = activity.sending ? UPLOAD_STALL_MS : UPLOAD_ANSWER_WAIT_MS;
  return now - activity.lastAt >= allowed;
}

/**
 * Whether a check came so late, or so early, against the last one that the clock cannot be read as the time the
 * page had: a suspended tab waking (its reports of the meantime not yet delivered) or the clock set forward or back.
 * Such a check judges nothing; the transfer's quiet is counted from then on.
 */
export function checkOffPace(lastCheckAt: number, now: number): boolean {
  const elapsed = now - lastCheckAt;
  return elapsed < 0 || elapsed > 2 * UPLOAD_STALL_CHECK_MS;
}

import { UPLOAD_ANSWER_WAIT_MS, UPLOAD_STALL_MS } from './uploadConstants';
import { isStalled } from './uploadStallPolicy';

const T0 = Date.UTC(2026, 10, 28, 20, 0);

describe('isStalled', () => {
  it('a transfer sending its body: stalled once no byte has moved for UPLOAD_STALL_MS', () => {
    const activity = { lastAt: T0, bodySent: false };
    expect(isStalled(activity, T0)).toBe(false);
    expect(isStalled(activity, T0 + UPLOAD_STALL_MS - 1)).toBe(false);
    expect(isStalled(activity, T0 + UPLOAD_STALL_MS)).toBe(true);
  });

  it('a transfer whose body is sent waits longer for the answer (the server checks the video)', () => {
    const activity = { lastAt: T0, bodySent: true };
    expect(isStalled(activity, T0 + UPLOAD_STALL_MS)).toBe(false);
    expect(isStalled(activity, T0 + UPLOAD_ANSWER_WAIT_MS - 1)).toBe(false);
    expect(isStalled(activity, T0 + UPLOAD_ANSWER_WAIT_MS)).toBe(true);
  });

  it('a clock set back is no stall', () => {
    expect(isStalled({ lastAt: T0, bodySent: false }, T0 - 10 * UPLOAD_STALL_MS)).toBe(false);
  });
});

import { UPLOAD_ANSWER_WAIT_MS, UPLOAD_STALL_CHECK_MS, UPLOAD_STALL_MS } from './uploadConstants';
import { checkOffPace, isStalled, startedActivity } from './uploadStallPolicy';

const T0 = Date.UTC(2026, 10, 28, 20, 0);

describe('isStalled', () => {
  it('a transfer with bytes still to send: stalled once none has moved for UPLOAD_STALL_MS', () => {
    const activity = { lastAt: T0, sending: true };
    expect(isStalled(activity, T0)).toBe(false);
    expect(isStalled(activity, T0 + UPLOAD_STALL_MS - 1)).toBe(false);
    expect(isStalled(activity, T0 + UPLOAD_STALL_MS)).toBe(true);
  });

  it('a transfer whose body is sent waits longer for the answer (the server checks the video)', () => {
    const activity = { lastAt: T0, sending: false };
    expect(isStalled(activity, T0 + UPLOAD_STALL_MS)).toBe(false);
    expect(isStalled(activity, T0 + UPLOAD_ANSWER_WAIT_MS - 1)).toBe(false);
    expect(isStalled(activity, T0 + UPLOAD_ANSWER_WAIT_MS)).toBe(true);
  });

  it('before any report (a small file may be sent whole without one) the wait is for the answer', () => {
    expect(isStalled(startedActivity(T0), T0 + UPLOAD_STALL_MS)).toBe(false);
    expect(isStalled(startedActivity(T0), T0 + UPLOAD_ANSWER_WAIT_MS)).toBe(true);
  });

  it('a clock set back is no stall', () => {
    expect(isStalled({ lastAt: T0, sending: true }, T0 - 10 * UPLOAD_STALL_MS)).toBe(false);
  });
});

describe('checkOffPace', () => {
  it('a check on time, or a little late, is read', () => {
    expect(checkOffPace(T0, T0 + UPLOAD_STALL_CHECK_MS)).toBe(false);
    expect(checkOffPace(T0, T0 + 2 * UPLOAD_STALL_CHECK_MS)).toBe(false);
  });

  it('a check long after the last (a tab waking, a clock set forward) or before it (set back) is not', () => {
    expect(checkOffPace(T0, T0 + 2 * UPLOAD_STALL_CHECK_MS + 1)).toBe(true);
    expect(checkOffPace(T0, T0 + 10 * 60_000)).toBe(true);
    expect(checkOffPace(T0, T0 - 1)).toBe(true);
  });
});

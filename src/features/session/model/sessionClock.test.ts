import { decideSessionTimers, type TimerInput } from './sessionClock';

const MIN = 60_000;
const T0 = Date.UTC(2026, 10, 21, 12);

/** A session signed in at T0 with a 60-minute token and no clock skew. */
const input = (over: Partial<TimerInput> = {}): TimerInput => ({
  lastActivity: T0,
  lastRefresh: T0,
  tokenExp: T0 / 1000 + 3600,
  clockOffsetMs: 0,
  refreshRetryAt: null,
  ...over,
});

describe('session timers', () => {
  it('waits quietly right after sign-in, waking at the warning threshold of inactivity', () => {
    const d = decideSessionTimers(input(), T0);
    expect(d).toEqual({ kind: 'wait', until: T0 + 60_000, warning: null }); // capped sleep
  });

  it('refreshes 5 minutes before expiry', () => {
    const active = input({ lastActivity: T0 + 54 * MIN });
    expect(decideSessionTimers(active, T0 + 55 * MIN - 1).kind).toBe('wait');
    expect(decideSessionTimers(active, T0 + 55 * MIN)).toEqual({ kind: 'refresh' });
  });

  it('keeps a 60 s cooldown after a refresh', () => {
    // A 5-minute token: "5 min before expiry" is at once, but not within 60 s of the last refresh.
    const short = input({ tokenExp: T0 / 1000 + 300 });
    const d = decideSessionTimers(short, T0 + 10_000);
    expect(d).toMatchObject({ kind: 'wait', until: T0 + 60_000 });
    expect(decideSessionTimers(short, T0 + 60_000)).toEqual({ kind: 'refresh' });
  });

  it('signs out after 30 minutes without activity (session_timeout)', () => {
    expect(decideSessionTimers(input(), T0 + 30 * MIN - 1).kind).toBe('wait');
    expect(decideSessionTimers(input(), T0 + 30 * MIN)).toEqual({ kind: 'logout', reason: 'session_timeout' });
  });

  it('acts on a deadline slept past (laptop lid closed for 2 hours)', () => {
    expect(decideSessionTimers(input(), T0 + 120 * MIN)).toEqual({ kind: 'logout', reason: 'session_timeout' });
  });

  it('warns under 5 minutes of inactivity left, with severity thresholds left to the selector', () => {
    expect(decideSessionTimers(input(), T0 + 25 * MIN - 1)).toMatchObject({ warning: null });
    expect(decideSessionTimers(input(), T0 + 25 * MIN + 1)).toMatchObject({
      kind: 'wait',
      warning: { cause: 'inactivity', remainingMs: 5 * MIN - 1 },
    });
  });

  it('ticks every second while warning', () => {
    const d = decideSessionTimers(input(), T0 + 28 * MIN + 500);
    expect(d).toMatchObject({ kind: 'wait', until: T0 + 28 * MIN + 1000 });
  });

  it('schedules the wake-up for the warning threshold', () => {
    const d = decideSessionTimers(input(), T0 + 24 * MIN + 30_000);
    expect(d).toMatchObject({ kind: 'wait', until: T0 + 25 * MIN + 1, warning: null });
  });

  it('counts down to expiry + grace when refresh cannot happen', () => {
    const blocked = input({ lastActivity: T0 + 58 * MIN, refreshRetryAt: T0 + 59 * MIN });
    const d = decideSessionTimers(blocked, T0 + 58 * MIN + 30_000);
    expect(d).toMatchObject({ kind: 'wait', warning: { cause: 'expiry', remainingMs: 3.5 * MIN } });
  });

  it('ends with refresh_failed when refreshes kept failing until expiry + grace', () => {
    const blocked = input({ lastActivity: T0 + 59 * MIN, refreshRetryAt: T0 + 70 * MIN });
    expect(decideSessionTimers(blocked, T0 + 62 * MIN)).toEqual({ kind: 'logout', reason: 'refresh_failed' });
  });

  it('ends with session_expired past expiry + grace otherwise', () => {
    const stale = input({ lastActivity: T0 + 61 * MIN, lastRefresh: T0 + 61 * MIN + 30_000 });
    expect(decideSessionTimers(stale, T0 + 62 * MIN)).toEqual({ kind: 'logout', reason: 'session_expired' });
  });

  describe('clock skew', () => {
    it('a device clock 5 min fast does not refresh or expire early', () => {
      const fast = 5 * MIN; // device = server + 5 min, so offset = −5 min
      const skewed = input({ lastActivity: T0 + fast, lastRefresh: T0 + fast, clockOffsetMs: -fast });
      // Server time T0 + 54 min = device T0 + 59 min: not yet 5 min before expiry on the server's clock.
      expect(decideSessionTimers({ ...skewed, lastActivity: T0 + fast + 50 * MIN }, T0 + fast + 54 * MIN).kind).toBe('wait');
      expect(decideSessionTimers({ ...skewed, lastActivity: T0 + fast + 50 * MIN }, T0 + fast + 55 * MIN).kind).toBe('refresh');
    });

    it('a device clock 5 min slow does not keep an expired token', () => {
      const slow = 5 * MIN; // device = server − 5 min, offset = +5 min
      const skewed = input({
        lastActivity: T0 - slow + 60 * MIN,
        lastRefresh: T0 - slow,
        clockOffsetMs: slow,
        refreshRetryAt: T0 + 999 * MIN,
      });
      // Server time T0 + 62 min (device T0 + 57 min): past expiry + grace on the server.
      expect(decideSessionTimers(skewed, T0 - slow + 62 * MIN)).toEqual({ kind: 'logout', reason: 'refresh_failed' });
    });
  });
});

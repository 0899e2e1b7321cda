import { INACTIVITY_TIMEOUT_MS, REFRESH_COOLDOWN_MS, REFRESH_LEAD_MS, WARNING_THRESHOLD_MS } from './constants';
import type { SessionWarning } from './sessionSlice';
import { TOKEN_EXPIRY_GRACE_MS } from '../../../app/product';

/** The longest the timer saga sleeps before looking again, whatever the deadlines say. */
export const MAX_SLEEP_MS = 60_000;
/** While the warning counts down, it is recomputed every second. */
export const WARNING_TICK_MS = 1_000;

export interface TimerInput {
  /** Device time of the last activity (this tab or another). */
  lastActivity: number;
  /** Device time of the last successful refresh (or sign-in). */
  lastRefresh: number;
  /** The token's `exp` claim (seconds, server clock). */
  tokenExp: number;
  clockOffsetMs: number;
  /**
   * Device time before which no refresh is attempted, after one could not reach the server.
   * While set, the refresh "cannot happen" and the warning counts down to expiry + grace.
   */
  refreshRetryAt: number | null;
}

export type TimerDecision =
  | { kind: 'logout'; reason: 'session_timeout' | 'session_expired' | 'refresh_failed' }
  | { kind: 'refresh' }
  | { kind: 'wait'; until: number; warning: SessionWarning | null };

/**
 * What the session timers want at `now` (device time). Every deadline is a wall-clock instant,
 * so a tab that slept past one acts on it as soon as it looks again.
 *
 * - inactivity: lastActivity + 30 min → session_timeout
 * - refresh: 5 min before expiry, not within 60 s of the last refresh, not before a pending retry
 * - hard expiry: expiry + 2 min grace → session_expired (refresh_failed when refreshes kept failing)
 * - warning: under 5 min to the inactivity deadline — or to hard expiry, when refresh cannot happen
 */
export function decideSessionTimers(input: TimerInput, now: number): TimerDecision {
  const inactivityAt = input.lastActivity + INACTIVITY_TIMEOUT_MS;
  const expiresAt = input.tokenExp * 1000 - input.clockOffsetMs;
  const hardExpiryAt = expiresAt + TOKEN_EXPIRY_GRACE_MS;
  const refreshBlocked = input.refreshRetryAt !== null;
  const refreshAt = Math.max(expiresAt - REFRESH_LEAD_MS, input.lastRefresh + REFRESH_COOLDOWN_MS, input.refreshRetryAt ?? 0);

  if (now >= inactivityAt) return { kind: 'logout', reason: 'session_timeout' };
  if (now >= hardExpiryAt) return { kind: 'logout', reason: refreshBlocked ? 'refresh_failed' : 'session_expired' };
  if (now >= refreshAt) return { kind: 'refresh' };

  const countdownTo = refreshBlocked ? Math.min(inactivityAt, hardExpiryAt) : inactivityAt;
  const cause = refreshBlocked && hardExpiryAt < inactivityAt ? 'expiry' : 'inactivity';
  const remainingMs = countdownTo - now;
  const warning: SessionWarning | null = remainingMs < WARNING_THRESHOLD_MS ? { remainingMs, cause } : null;

  const candidates = [inactivityAt, hardExpiryAt, refreshAt, now + MAX_SLEEP_MS];
  if (warning) {
    // Wake when the shown second changes.
    candidates.push(now + (remainingMs % WARNING_TICK_MS || WARNING_TICK_MS));
  } else {
    candidates.push(countdownTo - WARNING_THRESHOLD_MS + 1);
  }
  return { kind: 'wait', until: Math.min(...candidates.filter((t) => t > now)), warning };
}

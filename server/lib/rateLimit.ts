import { ApiError } from './envelope';

/**
 * An in-memory request limit per key (a client address): at most `limit` hits in any sliding window of
 * `windowMs`. The window is kept as `slices` counters (12 by default: 5 s each for a minute), so a key costs the
 * same memory whatever its limit; a slice leaves the window whole, so a hit is forgotten up to one slice early.
 * At most `maxKeys` keys are kept: past that the least recently seen are forgotten (their counts start again),
 * which bounds the memory an attacker with many addresses can make us hold. Per process: a restart forgets all.
 */

export interface RateLimitOptions {
  limit: number;
  windowMs: number;
  /** Clock in milliseconds (the app's, so tests move it). */
  now: () => number;
  /** Default 12. */
  slices?: number;
  /** Default 10 000. */
  maxKeys?: number;
}

export type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  /** Counts one hit for `key`, unless it is over its limit (then nothing is counted). */
  hit: (key: string) => RateLimitVerdict;
  /** How many keys are held (tests check the bound). */
  size: () => number;
}

interface Window {
  /** Index of the newest slice counted (time / slice length). */
  newest: number;
  /** counts[i] = hits in slice `newest - (slices - 1) + i`. */
  counts: number[];
}

export function createRateLimiter(opts: RateLimitOptions): RateLimiter {
  const slices = opts.slices ?? 12;
  const maxKeys = opts.maxKeys ?? 10_000;
  const sliceMs = opts.windowMs / slices;
  const windows = new Map<string, Window>();

  /** Moves `w` on to slice `current`, dropping the slices that left the window. */
  const advance = (w: Window, current: number): void => {
    const shift = Math.min(slices, current - w.newest);
    if (shift <= 0) return;
    w.counts.splice(0, shift);
    for (let i = 0; i < shift; i += 1) w.counts.push(0);
    w.newest = current;
  };

  return {
    hit(key) {
      const now = opts.now();
      const current = Math.floor(now / sliceMs);
      let w = windows.get(key);
      if (w) {
        // Re-inserted so the map's order is least recently seen first.
        windows.delete(key);
        advance(w, current);
      } else {
        w = { newest: current, counts: new Array<number>(slices).fill(0) };
      }
      windows.set(key, w);
      while (windows.size > maxKeys) {
        const oldest = windows.keys().next().value;
        if (oldest === undefined) break;
        windows.delete(oldest);
      }
      const total = w.counts.reduce((sum, n) => sum + n, 0);
      if (total >= opts.limit) {
        // Free again once the oldest slice with hits has left the window.
        const first = w.counts.findIndex((n) => n > 0);
        const leavesAt = (w.newest - (slices - 1) + Math.max(0, first) + slices) * sliceMs;
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((leavesAt - now) / 1000)) };
      }
      w.counts[slices - 1] = (w.counts[slices - 1] ?? 0) + 1;
      return { allowed: true };
    },
    size: () => windows.size,
  };
}

/** Refuses a request over its limit: 429 RATE_LIMITED with `message`, and the wait the Retry-After header repeats. */
export function assertAllowed(verdict: RateLimitVerdict, message: string): void {
  if (!verdict.allowed) throw new ApiError(429, 'RATE_LIMITED', message, { retryAfterSeconds: verdict.retryAfterSeconds });
}

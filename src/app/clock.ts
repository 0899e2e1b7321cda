/** Injected clock: sagas and the baseQuery read time through it so tests (and skew correction) control it. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

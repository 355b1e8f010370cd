/** The source of time for the engine: milliseconds since the Unix epoch. Inject one to make runs deterministic. */
export interface Clock {
  now(): number;
}

/**
 * The wall clock, optionally running `scale` times faster than real time from `origin` (wall-clock ms; default the
 * moment it is created): `now = origin + (wall − origin)·scale`. Processes that share a store pass the store's
 * `clockOrigin(scale, …)`, so they agree on the time.
 */
export function createSystemClock(scale = 1, origin = Date.now()): Clock {
  if (scale === 1) return { now: () => Date.now() };
  return { now: () => origin + (Date.now() - origin) * scale };
}

/** A clock that moves only when told to: for tests, simulations and replays. */
export interface ManualClock extends Clock {
  /** Moves time forward by `ms` milliseconds. */
  advance(ms: number): void;
  /** Sets the current time. */
  set(ms: number): void;
}

/**
 * Creates a {@link ManualClock} starting at `start` (default 2026-01-01T00:00:00Z).
 * @example
 * const clock = createManualClock();
 * clock.advance(60 * 60 * 1000); // one hour later
 */
export function createManualClock(start = Date.UTC(2026, 0, 1)): ManualClock {
  let current = start;
  return {
    now: () => current,
    advance(ms) {
      current += ms;
    },
    set(ms) {
      current = ms;
    },
  };
}

/**
 * How a socket reconnects: exponential backoff with jitter (docs/protocol.md, "Reconnecting"). The n-th attempt
 * in a row (from 0) waits `min(maxDelayMs, initialDelayMs × factor^n)`, of which a random share up to `jitter` is
 * taken off: jitter 1 is "full jitter" (anywhere between 0 and the cap), 0 is none.
 */
export interface ReconnectOptions {
  /** Delay cap of the first attempt. Default 500. */
  initialDelayMs?: number;
  /** Largest delay. Default 30,000. */
  maxDelayMs?: number;
  /** Growth per attempt. Default 2. */
  factor?: number;
  /** Share of the delay that is random, in [0, 1]. Default 1 (full jitter). */
  jitter?: number;
  /** A connection that stayed up this long resets the attempt count. Default 60,000. */
  resetAfterMs?: number;
  /** Attempts in a row before giving up (the socket then closes for good). Default: unlimited. */
  maxAttempts?: number;
}

/** {@link ReconnectOptions} with every default filled in. */
export type ReconnectPolicy = Required<ReconnectOptions>;

/** The defaults of {@link ReconnectOptions}, as docs/protocol.md recommends. */
export const defaultReconnect: Readonly<ReconnectPolicy> = Object.freeze({
  initialDelayMs: 500,
  maxDelayMs: 30_000,
  factor: 2,
  jitter: 1,
  resetAfterMs: 60_000,
  maxAttempts: Number.POSITIVE_INFINITY,
});

function check(name: string, value: number, min: number, max = Number.POSITIVE_INFINITY): number {
  if (typeof value !== 'number' || Number.isNaN(value) || value < min || value > max)
    throw new RangeError(`reconnect.${name} must be a number in [${min}, ${max}] (got ${value})`);
  return value;
}

/** Fills the defaults of `options` and checks the ranges. @throws RangeError naming the bad option. */
export function toReconnectPolicy(options: ReconnectOptions = {}): ReconnectPolicy {
  const policy = { ...defaultReconnect, ...options };
  check('initialDelayMs', policy.initialDelayMs, 0);
  check('maxDelayMs', policy.maxDelayMs, 0);
  check('factor', policy.factor, 1);
  check('jitter', policy.jitter, 0, 1);
  check('resetAfterMs', policy.resetAfterMs, 0);
  check('maxAttempts', policy.maxAttempts, 0);
  return policy;
}

/** The delay before attempt `attempt` (0 for the first reconnect), with `random` in [0, 1). */
export function backoffDelay(policy: ReconnectPolicy, attempt: number, random = Math.random()): number {
  const cap = Math.min(policy.maxDelayMs, policy.initialDelayMs * policy.factor ** attempt);
  return Math.round(cap * (1 - policy.jitter * random));
}

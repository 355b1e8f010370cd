import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

/** Counts failed authentications per client address, so keys cannot be guessed at speed (OWASP API2). */
export interface FailedAuthLimiter {
  /** Seconds until this address may try again, or 0 when it is not blocked. */
  blockedFor(address: string): Promise<number>;
  /** Records a failure; resolves with the seconds the address is now blocked for (0 if not blocked). */
  fail(address: string): Promise<number>;
}

/** Failed attempts allowed per address and minute before it is refused with RATE_LIMIT. */
export const failedAuthPerMinute = 30;

/**
 * Creates the limiter: at most {@link failedAuthPerMinute} failed authentications per client address in a 60 s
 * window; past that, the address gets 429 RATE_LIMIT (REST) or the RATE_LIMIT error (WebSocket) until the window
 * ends, before any key is even hashed. Successful requests are not counted.
 */
export function createFailedAuthLimiter(perMinute = failedAuthPerMinute): FailedAuthLimiter {
  const limiter = new RateLimiterMemory({ points: perMinute, duration: 60, keyPrefix: 'auth-fail' });
  const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
  return {
    async blockedFor(address) {
      const res = await limiter.get(address);
      return res && res.remainingPoints <= 0 && res.consumedPoints > perMinute
        ? seconds(res.msBeforeNext)
        : 0;
    },
    async fail(address) {
      try {
        await limiter.consume(address, 1);
        return 0;
      } catch (error) {
        if (error instanceof RateLimiterRes) return seconds(error.msBeforeNext);
        throw error;
      }
    },
  };
}

const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;

/**
 * The waits before each retry, engine-clock ms: the Standard Webhooks (Svix) schedule. A message is tried at once,
 * then after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h: 8 attempts over about 27.6 hours, then it has failed.
 */
export const retryDelaysMs: readonly number[] = [
  5 * second,
  5 * minute,
  30 * minute,
  2 * hour,
  5 * hour,
  10 * hour,
  10 * hour,
];

/** The most attempts of one message. */
export const maxAttempts = retryDelaysMs.length + 1;

/** Each wait is spread by up to ±20 % so that retries of many messages do not arrive together. */
export const retryJitter = 0.2;

/** Consecutive messages that ended in failure after which an endpoint is disabled (reason `failing`). */
export const failuresBeforeDisable = 5;

/**
 * The wait after attempt number `attempt` (1 for the first) failed, jittered with `random` in [0, 1), or null
 * when it was the last attempt.
 */
export function retryDelay(attempt: number, random: number): number | null {
  const base = retryDelaysMs[attempt - 1];
  if (base === undefined) return null;
  return Math.round(base * (1 - retryJitter + 2 * retryJitter * random));
}

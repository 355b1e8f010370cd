/**
 * A scripted failure for the next matching request(s): a rate limit with its retry delay in seconds, or any other
 * HTTP error status (500, 502, 403…) with an optional description.
 */
export type FakeFailure = { status: 429; retryAfter: number } | { status: number; description?: string };

interface QueuedFailure {
  matches: (candidates: readonly string[]) => boolean;
  failure: FakeFailure;
  remaining: number;
}

/** Failures scheduled with `failNext`, consumed first-in first-out by the requests they match. */
export class FailureQueue {
  readonly #queue: QueuedFailure[] = [];

  /** Schedules `failure` for the next `times` requests that `matches` accepts. */
  add(matches: (candidates: readonly string[]) => boolean, failure: FakeFailure, times: number): void {
    if (!Number.isInteger(times) || times < 1)
      throw new RangeError(`times must be a positive integer, got ${times}`);
    this.#queue.push({ matches, failure, remaining: times });
  }

  /** Consumes and returns the failure for a request described by `candidates`, if one is scheduled. */
  take(candidates: readonly string[]): FakeFailure | undefined {
    const index = this.#queue.findIndex((queued) => queued.matches(candidates));
    const queued = this.#queue[index];
    if (!queued) return undefined;
    queued.remaining -= 1;
    if (queued.remaining === 0) this.#queue.splice(index, 1);
    return queued.failure;
  }
}

/** The retry delay of a failure in seconds, or `undefined` when it is not a rate limit. */
export function retryAfterOf(failure: FakeFailure): number | undefined {
  if (failure.status !== 429) return undefined;
  return 'retryAfter' in failure ? failure.retryAfter : 1;
}

/** The description of a failure, if the test gave one. */
export function descriptionOf(failure: FakeFailure): string | undefined {
  return 'description' in failure ? failure.description : undefined;
}

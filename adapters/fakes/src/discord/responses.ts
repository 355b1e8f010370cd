import type { ServerResponse } from 'node:http';
import { descriptionOf, type FakeFailure, retryAfterOf } from '../failures.js';
import { sendJson } from '../http.js';
import type { RestResult } from './route.js';

/** Writes a route's result (204 without a body), then runs its follow-up work such as a gateway echo. */
export function reply(res: ServerResponse, result: RestResult): void {
  if (result.status === 204) {
    res.writeHead(204).end();
  } else {
    sendJson(res, result.status, result.body);
  }
  result.after?.();
}

/**
 * Writes a scripted failure as Discord would: a 429 with `retry-after` and the X-RateLimit headers that
 * @discordjs/rest reads, a 5xx that it retries, or a 4xx that becomes a `DiscordAPIError`.
 */
export function replyFailure(res: ServerResponse, failure: FakeFailure, route: string): void {
  const retryAfter = retryAfterOf(failure);
  if (retryAfter !== undefined) {
    // Wall-clock time: discord.js compares rate-limit resets with Date.now, not with the fake's clock.
    const resetAt = (Date.now() + retryAfter * 1000) / 1000;
    sendJson(
      res,
      429,
      { message: 'You are being rate limited.', retry_after: retryAfter, global: false },
      {
        'retry-after': String(retryAfter),
        'x-ratelimit-limit': '5',
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': resetAt.toFixed(3),
        'x-ratelimit-reset-after': String(retryAfter),
        'x-ratelimit-bucket': `fake-${Buffer.from(route).toString('hex').slice(0, 32)}`,
        'x-ratelimit-scope': 'user',
      },
    );
    return;
  }
  const description = descriptionOf(failure);
  if (failure.status >= 500) {
    sendJson(res, failure.status, {
      message: description ?? `${failure.status}: Internal Server Error`,
      code: 0,
    });
  } else if (failure.status === 403) {
    sendJson(res, 403, { message: description ?? 'Missing Permissions', code: 50013 });
  } else {
    sendJson(res, failure.status, { message: description ?? `${failure.status}: Request failed`, code: 0 });
  }
}

/** Upper-cases a leading HTTP method, so `'post /channels/:id/messages'` matches too. */
export function normalizePattern(pattern: string): string {
  const match = /^([a-z]+)\s+(\/.*)$/i.exec(pattern.trim());
  return match ? `${match[1]?.toUpperCase()} ${match[2]}` : pattern.trim();
}

import type { ServerResponse } from 'node:http';
import { descriptionOf, type FakeFailure, retryAfterOf } from '../failures.js';
import { sendJson } from '../http.js';

/** Answers a Bot API call with `{ ok: true, result }`. */
export function ok(res: ServerResponse, result: unknown): void {
  sendJson(res, 200, { ok: true, result });
}

/** Answers a Bot API call with Telegram's error shape, e.g. `400` and `Bad Request: chat not found`. */
export function fail(res: ServerResponse, status: number, description: string): void {
  sendJson(res, status, { ok: false, error_code: status, description });
}

/** Answers with a scripted failure: a 429 carries `parameters.retry_after`, as grammY's auto-retry reads it. */
export function sendFailure(res: ServerResponse, failure: FakeFailure): void {
  const retryAfter = retryAfterOf(failure);
  if (retryAfter !== undefined) {
    sendJson(res, 429, {
      ok: false,
      error_code: 429,
      description: `Too Many Requests: retry after ${retryAfter}`,
      parameters: { retry_after: retryAfter },
    });
    return;
  }
  fail(res, failure.status, descriptionOf(failure) ?? defaultDescription(failure.status));
}

function defaultDescription(status: number): string {
  if (status === 400) return 'Bad Request';
  if (status === 403) return 'Forbidden: bot was blocked by the user';
  if (status === 502) return 'Bad Gateway';
  return 'Internal Server Error';
}

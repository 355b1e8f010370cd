import type { DiscordWorld } from './world.js';

/** What a route handler answers: a status, a JSON body (none for 204), and work to do once it was sent. */
export interface RestResult {
  status: number;
  body?: unknown;
  after?: () => void;
}

/** A route handler: the fake's state, the path parameters, the JSON body and the query string. */
export type Handler = (
  world: DiscordWorld,
  params: Record<string, string>,
  body: unknown,
  query: URLSearchParams,
) => RestResult;

/** A REST route of the fake; `template` is what `failNext` patterns and the call log use. */
export interface Route {
  method: string;
  template: string;
  /** False for `GET /gateway` and the interaction routes, which Discord serves without the bot token. */
  auth: boolean;
  handler: Handler;
}

/** The longest message content Discord accepts. */
export const MAX_CONTENT_LENGTH = 2000;

/** A Discord JSON error body. */
export function apiError(status: number, code: number, message: string, errors?: unknown): RestResult {
  return { status, body: errors === undefined ? { message, code } : { message, code, errors } };
}

/** Discord's 50035 Invalid Form Body for one field; `field` may be a dotted path such as `data.content`. */
export function formError(field: string, code: string, message: string): RestResult {
  const errors = field
    .split('.')
    .reduceRight<unknown>((inner, key) => ({ [key]: inner }), { _errors: [{ code, message }] });
  return apiError(400, 50035, 'Invalid Form Body', errors);
}

/** The body as a JSON object, or `{}` for anything else. */
export function record(body: unknown): Record<string, unknown> {
  return typeof body === 'object' && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};
}

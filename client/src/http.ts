import { LimbicApiError, toApiError } from '@limbic/protocol';

/** The part of a fetch `Response` the client reads. */
export interface FetchResponse {
  readonly status: number;
  readonly statusText: string;
  readonly headers: { get(name: string): string | null };
  text(): Promise<string>;
}

/** The request the client hands to fetch. */
export interface FetchInit {
  method: string;
  headers: Record<string, string>;
  body?: string;
  signal: AbortSignal;
}

/** A fetch function: the global `fetch` fits, as do undici's and most polyfills. */
export type FetchLike = (url: string, init: FetchInit) => Promise<FetchResponse>;

/** Per-call options of every REST method. */
export interface CallOptions {
  /** Aborts the request (the promise rejects with `ABORTED`). */
  signal?: AbortSignal;
  /** Overrides the client's `timeoutMs` for this call. */
  timeoutMs?: number;
}

/** What every request needs: where, which key, how. */
export interface HttpConfig {
  baseUrl: string;
  apiKey: string;
  fetch: FetchLike;
  timeoutMs: number;
  userAgent: string;
}

/** One REST request. */
export interface HttpRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** False for the public `GET /v1/health`: no Authorization header. */
  auth?: boolean;
  call?: CallOptions | undefined;
}

/** Reads `Retry-After` (seconds, or an HTTP date) as whole seconds from now. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\s*\d+\s*$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
  const detail = typeof cause?.code === 'string' ? cause.code : cause?.message;
  return typeof detail === 'string' && detail !== '' ? `${error.message} (${detail})` : error.message;
}

function toError(status: number, text: string, headers: FetchResponse['headers']): LimbicApiError {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const requestId = headers.get('request-id') ?? undefined;
  const retryAfter = parseRetryAfter(headers.get('retry-after'));
  const fallback = {
    status,
    ...(requestId === undefined ? {} : { requestId }),
    ...(retryAfter === undefined ? {} : { retryAfter }),
  };
  const error = (body as { error?: unknown } | undefined)?.error;
  if (typeof error === 'object' && error !== null)
    return toApiError(error as Record<string, unknown>, fallback);
  return new LimbicApiError('UNEXPECTED_RESPONSE', `HTTP ${status}: ${text.slice(0, 200)}`, fallback);
}

/**
 * Sends one request and decodes its JSON answer. Non-2xx answers, network failures and timeouts reject with a
 * {@link LimbicApiError}; the timeout covers reading the body too.
 */
export async function send<T>(config: HttpConfig, request: HttpRequest): Promise<T> {
  const { method, path, call } = request;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(request.query ?? {}))
    if (value !== undefined) search.set(name, String(value));
  const query = search.toString();
  const url = `${config.baseUrl}${path}${query === '' ? '' : `?${query}`}`;
  const headers: Record<string, string> = { accept: 'application/json', 'user-agent': config.userAgent };
  if (request.auth !== false) headers.authorization = `Bearer ${config.apiKey}`;
  const controller = new AbortController();
  const init: FetchInit = { method, headers, signal: controller.signal };
  if (request.body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(request.body);
  }
  const timeoutMs = call?.timeoutMs ?? config.timeoutMs;
  let timedOut = false;
  const timer =
    Number.isFinite(timeoutMs) && timeoutMs > 0
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeoutMs)
      : undefined;
  const signal = call?.signal;
  const onAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    if (signal?.aborted) throw signal.reason;
    // Called unbound: a browser's fetch throws "Illegal invocation" when `this` is not the global object.
    const { fetch } = config;
    const response = await fetch(url, init);
    const text = await response.text();
    if (response.status < 200 || response.status > 299)
      throw toError(response.status, text, response.headers);
    try {
      return JSON.parse(text) as T;
    } catch (error) {
      throw new LimbicApiError('UNEXPECTED_RESPONSE', `${method} ${path} answered with invalid JSON`, {
        status: response.status,
        cause: error,
      });
    }
  } catch (error) {
    if (error instanceof LimbicApiError) throw error;
    if (timedOut) {
      throw new LimbicApiError('TIMEOUT', `${method} ${path}: no answer within ${timeoutMs} ms`, {
        cause: error,
      });
    }
    if (signal?.aborted)
      throw new LimbicApiError('ABORTED', `${method} ${path} was aborted`, { cause: error });
    throw new LimbicApiError('NETWORK_ERROR', `${method} ${path} failed: ${describeFailure(error)}`, {
      cause: error,
    });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

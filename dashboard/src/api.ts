import { LimbicApiError as GatewayError, isServerErrorCode } from '@limbic/protocol/errors';
import { type Client, createClient } from 'graphql-ws';

/** One entry of a GraphQL response's `errors`, with the gateway's extensions (docs/graphql.md, "Errors"). */
export interface GraphQLErrorEntry {
  message: string;
  extensions?: { code?: string; status?: number; retry_after?: number };
}

/**
 * The error of every failed request or live connection: the gateway's code (the one error table of
 * `@limbic/protocol`), or the client side's own, `NETWORK_ERROR` (no answer), `UNEXPECTED_RESPONSE` (not the
 * gateway's JSON), `CONNECTION_CLOSED` (the live connection ended). The same class as `@limbic/client`'s.
 */
export { LimbicApiError as GatewayError } from '@limbic/protocol/errors';

/** Turns the first entry of a response's `errors` into a {@link GatewayError}. */
export function toGatewayError(errors: readonly GraphQLErrorEntry[], status = 200): GatewayError {
  const first = errors[0];
  const given = first?.extensions?.code ?? (status === 401 ? 'UNAUTHORIZED' : undefined);
  const code = isServerErrorCode(given) ? given : 'UNEXPECTED_RESPONSE';
  const retryAfter = first?.extensions?.retry_after;
  return new GatewayError(
    code,
    first?.message ?? `HTTP ${status}`,
    retryAfter === undefined ? {} : { retryAfter },
  );
}

/** How {@link request} reaches the gateway; tests pass their own `fetch`. */
export interface RequestOptions {
  token: string;
  endpoint?: string;
  signal?: AbortSignal;
  fetch?: typeof fetch;
}

/**
 * Sends one query or mutation over HTTP and returns its `data`.
 * @throws GatewayError for any entry in `errors` (every root field is null when it fails, so one error is enough).
 * @example const { operator } = await request<{ operator: Operator }>(operatorQuery, {}, { token });
 */
export async function request<TData>(
  query: string,
  variables: Record<string, unknown>,
  options: RequestOptions,
): Promise<TData> {
  const send = options.fetch ?? globalThis.fetch;
  let response: Response;
  try {
    response = await send(options.endpoint ?? '/graphql', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/graphql-response+json, application/json',
        Authorization: `Bearer ${options.token}`,
      },
      body: JSON.stringify({ query, variables }),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new GatewayError('NETWORK_ERROR', 'The gateway did not answer. Is it running?');
  }
  let body: { data?: TData | null; errors?: GraphQLErrorEntry[] };
  try {
    body = (await response.json()) as typeof body;
  } catch {
    throw new GatewayError(
      'UNEXPECTED_RESPONSE',
      `The gateway answered HTTP ${response.status} without JSON`,
    );
  }
  if (body.errors?.length) throw toGatewayError(body.errors, response.status);
  if (body.data == null) throw new GatewayError('UNEXPECTED_RESPONSE', 'The answer has no data');
  return body.data;
}

/** The graphql-ws address on the page's own host: `wss:` under https, `ws:` otherwise. */
export function toGraphQLWsUrl(location: { protocol: string; host: string }): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/graphql`;
}

/** The delay before reconnect attempt `retries` (from 0): doubling from 1 s up to 30 s, plus up to 1 s of jitter. */
export function retryDelayMs(retries: number, random = Math.random()): number {
  return Math.min(30_000, 1000 * 2 ** retries) + Math.round(random * 1000);
}

/** Where the live connection stands; `refused` means the gateway rejected the key (4401), so no retry. */
export type LiveStatus = 'connecting' | 'connected' | 'reconnecting' | 'refused' | 'closed';

/** Options of {@link createLiveClient}. */
export interface LiveClientOptions {
  apiKey: string;
  url: string;
  onStatus: (status: LiveStatus) => void;
  /** Called on every connection after the first, once the subscriptions are back. */
  onReconnected?: () => void;
}

/** The close code the gateway uses for a refused key (docs/graphql.md). */
const forbidden = 4401;

function isCloseEvent(value: unknown): value is { code: number } {
  return typeof value === 'object' && value !== null && 'code' in value && typeof value.code === 'number';
}

/**
 * Creates the graphql-ws client of a session view: the key in `connectionParams`, reconnects with backoff
 * (never after 4401), and the connection's status reported through `onStatus`.
 */
export function createLiveClient(options: LiveClientOptions): Client {
  let everConnected = false;
  return createClient({
    url: options.url,
    connectionParams: { authorization: `Bearer ${options.apiKey}` },
    retryAttempts: 20,
    retryWait: (retries) => new Promise((resolve) => setTimeout(resolve, retryDelayMs(retries))),
    shouldRetry: (event) => !(isCloseEvent(event) && event.code === forbidden),
    keepAlive: 15_000,
    on: {
      connecting: (isRetry) => options.onStatus(isRetry ? 'reconnecting' : 'connecting'),
      connected: () => {
        options.onStatus('connected');
        if (everConnected) options.onReconnected?.();
        everConnected = true;
      },
      closed: (event) => {
        if (isCloseEvent(event) && event.code === forbidden) options.onStatus('refused');
        else options.onStatus(everConnected ? 'reconnecting' : 'closed');
      },
    },
  });
}

/** Turns what a graphql-ws sink's `error` receives (errors, a close event or an Error) into a {@link GatewayError}. */
export function toLiveError(value: unknown): GatewayError {
  if (value instanceof GatewayError) return value;
  if (Array.isArray(value)) return toGatewayError(value as GraphQLErrorEntry[]);
  if (isCloseEvent(value)) {
    return value.code === forbidden
      ? new GatewayError('UNAUTHORIZED', 'The gateway refused this API key (closed with 4401)')
      : new GatewayError('CONNECTION_CLOSED', `The live connection closed (code ${value.code})`);
  }
  return new GatewayError(
    'CONNECTION_CLOSED',
    value instanceof Error ? value.message : 'The live connection failed',
  );
}

/** A sentence for the reader about any error a request or subscription raised. */
export function describeError(error: unknown): string {
  if (!(error instanceof GatewayError)) return error instanceof Error ? error.message : String(error);
  switch (error.code) {
    case 'RATE_LIMIT':
      return error.retryAfter === undefined
        ? `${error.message}. Try again shortly.`
        : `${error.message}. Try again in ${error.retryAfter} s.`;
    case 'NETWORK_ERROR':
    case 'UNEXPECTED_RESPONSE':
    case 'CONNECTION_CLOSED':
      return error.message;
    default:
      return `${error.message} (${error.code})`;
  }
}

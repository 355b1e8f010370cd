import {
  type GraphQLNamedType,
  type GraphQLSchema,
  getNamedType,
  isEnumType,
  isObjectType,
  isScalarType,
} from 'graphql';
import { type Client, type ClientOptions, createClient } from 'graphql-ws';
import { expect } from 'vitest';
import WebSocket from 'ws';
import { graphQLSchema } from '../src/graphql/index.js';
import type { TestGateway } from './harness.js';

/** A GraphQL-over-HTTP response as the tests see it. */
export interface GqlResponse {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: test code reads arbitrary JSON.
  body: any;
}

/** Options of one GraphQL request. */
export interface GqlOptions {
  variables?: Record<string, unknown>;
  /** The API key; null or omitted sends no Authorization header. */
  key?: string | null;
  headers?: Record<string, string>;
}

/** Posts a GraphQL operation to /graphql with plain fetch. */
export async function gql(t: TestGateway, query: string, options: GqlOptions = {}): Promise<GqlResponse> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/graphql-response+json, application/json',
    ...options.headers,
  };
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  const res = await fetch(`${t.url}/graphql`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ query, variables: options.variables ?? {} }),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

/** Expects a response whose first error has this code (and the status REST would answer with). */
export function expectGqlError(body: { errors?: { extensions?: Record<string, unknown> }[] }, code: string) {
  expect(body.errors, JSON.stringify(body)).toBeDefined();
  expect(body.errors?.[0]?.extensions?.code, JSON.stringify(body.errors)).toBe(code);
  expect(typeof body.errors?.[0]?.extensions?.status).toBe('number');
}

/** A graphql-ws client (the official one, on `ws`) with the key in connectionParams; no retries unless asked. */
export function wsClient(
  t: Pick<TestGateway, 'wsUrl'>,
  key: string | null,
  options: Partial<ClientOptions> = {},
): Client {
  return createClient({
    url: `${t.wsUrl}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: key === null ? {} : { authorization: `Bearer ${key}` },
    retryAttempts: 0,
    lazy: true,
    onNonLazyError: () => {},
    ...options,
  });
}

/** A result as the graphql-ws client delivers it (data as arbitrary JSON, for tests). */
export interface FormattedExecutionResult {
  // biome-ignore lint/suspicious/noExplicitAny: test code reads arbitrary JSON.
  data?: Record<string, any> | null;
  errors?: readonly {
    message: string;
    path?: readonly (string | number)[];
    extensions?: Record<string, unknown>;
  }[];
}

/** One subscription's results in arrival order, with timeout-guarded waits. */
export interface Stream {
  /** The next result (rejects after `ms` or when the subscription errs or completes first). */
  next(ms?: number): Promise<FormattedExecutionResult>;
  /** Resolves when the server completes the subscription; rejects with its error. */
  readonly ended: Promise<void>;
  /** Results received and not yet taken. */
  readonly pending: number;
  /** Unsubscribes (sends complete). */
  dispose(): void;
}

function guard<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Subscribes through `client` and queues what arrives. */
export function subscribe(client: Client, query: string, variables: Record<string, unknown> = {}): Stream {
  const inbox: FormattedExecutionResult[] = [];
  const waiting: { resolve(r: FormattedExecutionResult): void; reject(e: unknown): void }[] = [];
  let failure: unknown;
  let finished = false;
  let endResolve: () => void = () => {};
  let endReject: (e: unknown) => void = () => {};
  const ended = new Promise<void>((resolve, reject) => {
    endResolve = resolve;
    endReject = reject;
  });
  ended.catch(() => {});
  const dispose = client.subscribe(
    { query, variables },
    {
      next(value) {
        const result = value as FormattedExecutionResult;
        const waiter = waiting.shift();
        if (waiter) waiter.resolve(result);
        else inbox.push(result);
      },
      error(error) {
        failure = error;
        for (const w of waiting.splice(0)) w.reject(error);
        endReject(error);
      },
      complete() {
        finished = true;
        for (const w of waiting.splice(0)) w.reject(new Error('the subscription completed'));
        endResolve();
      },
    },
  );
  return {
    next(ms = 5_000) {
      const ready = inbox.shift();
      if (ready) return Promise.resolve(ready);
      if (failure !== undefined) return Promise.reject(failure);
      if (finished) return Promise.reject(new Error('the subscription completed'));
      return guard(
        new Promise<FormattedExecutionResult>((resolve, reject) => waiting.push({ resolve, reject })),
        ms,
        `a result of ${query.trim().slice(0, 60)}`,
      );
    },
    ended,
    get pending() {
      return inbox.length;
    },
    dispose,
  };
}

/** Waits for a promise with a timeout (for events the test cannot otherwise bound). */
export function within<T>(promise: Promise<T>, what: string, ms = 5_000): Promise<T> {
  return guard(promise, ms, what);
}

/**
 * A selection of every field of `type` but the `omit`ted ones, recursively (object types only; their fields take no
 * arguments), so tests compare whole results with REST.
 */
export function selectAll(
  typeName: string,
  omit: readonly string[] = [],
  schema: GraphQLSchema = graphQLSchema(),
): string {
  const type = schema.getType(typeName);
  if (!type) throw new Error(`no type ${typeName}`);
  return selection(type, omit);
}

function selection(type: GraphQLNamedType, omit: readonly string[] = []): string {
  if (!isObjectType(type)) throw new Error(`${type.name} is not an object type`);
  const kept = Object.values(type.getFields()).filter((field) => !omit.includes(field.name));
  const fields = kept.map((field) => {
    const inner = getNamedType(field.type);
    if (isScalarType(inner) || isEnumType(inner)) return field.name;
    return `${field.name} ${selection(inner)}`;
  });
  return `{ ${fields.join(' ')} }`;
}

/** A copy of a JSON value without null members (GraphQL returns null where REST omits a field). */
export function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, inner]) => inner !== null)
      .map(([key, inner]) => [key, withoutNulls(inner)]),
  );
}

/** REST's `to` (a string or a participant) from GraphQL's `Addressee` (`{kind, participant}`). */
export function restAddressee(to: { kind: string; participant?: unknown } | null | undefined): unknown {
  if (!to) return to;
  return to.kind === 'participant' ? to.participant : to.kind;
}

/**
 * A GraphQL turn result (every field selected) in REST's shape: `to` and prompt_data's `addressed_to` as REST
 * writes them, the reader's scores as an object by category (GraphQL has no maps: a list, highest first), and no
 * nulls where REST omits a field.
 */
// biome-ignore lint/suspicious/noExplicitAny: test code reads arbitrary JSON.
export function restTurnResult(result: any): unknown {
  const out = { ...result, to: restAddressee(result.to) };
  if (result.prompt_data?.context) {
    const context = { ...result.prompt_data.context };
    context.addressed_to = restAddressee(context.addressed_to);
    out.prompt_data = { ...result.prompt_data, context };
  }
  if (result.perceived?.scores) {
    const scores = result.perceived.scores as { category: string; score: number }[];
    out.perceived = {
      ...result.perceived,
      scores: Object.fromEntries(scores.map((s) => [s.category, s.score])),
    };
  }
  return withoutNulls(out);
}

/** REST's metadata object from GraphQL's entries. */
export function metadataObject(
  entries: { key: string; value: string | null; type: string | null }[],
): Record<string, unknown> {
  return Object.fromEntries(
    entries.map(({ key, value, type }) => [
      key,
      type === 'string' || value === null ? value : JSON.parse(value),
    ]),
  );
}

/** One server-sent event. */
export interface SseEvent {
  event: string;
  data: string;
}

/** Reads server-sent events from a fetch response body; comments (keep-alives) are skipped. */
export function sseReader(body: ReadableStream<Uint8Array>): { next(ms?: number): Promise<SseEvent | null> } {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const read = async (): Promise<SseEvent | null> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const lines = block.split('\n').filter((line) => !line.startsWith(':'));
        if (lines.length === 0) continue;
        const field = (name: string) =>
          lines
            .filter((line) => line.startsWith(`${name}:`))
            .map((line) => line.slice(name.length + 1).trimStart())
            .join('\n');
        return { event: field('event') || 'message', data: field('data') };
      }
      const { value, done } = await reader.read();
      if (done) return null;
      buffer += decoder.decode(value, { stream: true });
    }
  };
  return { next: (ms = 5_000) => within(read(), 'a server-sent event', ms) };
}

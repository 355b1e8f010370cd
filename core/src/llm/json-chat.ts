import { toValidationError } from '../errors.js';
import { type JsonChatOptions, llmSettingsIssues } from './llm-settings.js';

/** One question to the model: a system and a user message, and the JSON Schema the answer must follow. */
export interface JsonQuestion {
  system: string;
  user: string;
  /** Name of the schema for `json_schema` mode (letters, digits, `_`, `-`). */
  schemaName: string;
  /** The JSON Schema of the answer (strict mode: every property required, no additional ones). */
  schema: Record<string, unknown>;
}

/**
 * A model's answer: the first JSON object of its reply, or why there is none. `reason` is short and safe to show to
 * API clients (no upstream bodies, hosts or model output); `detail` adds what the server or model said, for logs.
 */
export type JsonAnswer =
  | { ok: true; value: Record<string, unknown> }
  | { ok: false; reason: string; detail: string; error?: unknown };

function failed(reason: string, more = '', error?: unknown): JsonAnswer {
  return {
    ok: false,
    reason,
    detail: more ? `${reason}: ${more}` : reason,
    ...(error === undefined ? {} : { error }),
  };
}

/** Asks an OpenAI-compatible model questions whose answers are JSON objects. */
export interface JsonChat {
  readonly model: string;
  /**
   * Asks one question. Never rejects because of the model or the network: failures come back as `{ok: false,
   * reason, detail}`. Rejects only with the reason of the caller's `signal` when it aborts.
   */
  ask(question: JsonQuestion, signal?: AbortSignal): Promise<JsonAnswer>;
}

const formatOrder = ['json_schema', 'json_object', 'none'] as const;
type Format = (typeof formatOrder)[number];

/** Longest pause honoured from a `Retry-After` header, and the pause after a 429 that gives none. */
const maxPauseMs = 10 * 60_000;
const defaultPauseMs = 10_000;

/**
 * A model's number snapped into [min, max] when it misses by at most 0.05 (rounding, not misunderstanding);
 * anything else, numbers further out included, is returned as it is for the schema to reject.
 */
export function snapNearMiss(value: unknown, min: number, max: number): unknown {
  const tolerance = 0.05;
  return typeof value === 'number' && value >= min - tolerance && value <= max + tolerance
    ? Math.min(max, Math.max(min, value))
    : value;
}

/** Finds the first JSON object in a model reply, skipping reasoning blocks, code fences and prose around it. */
export function extractJsonObject(content: string): unknown {
  const text = content.replace(/<think>[\s\S]*?<\/think>/gi, '').trim();
  try {
    return JSON.parse(text);
  } catch {
    // Not bare JSON: look for the first balanced {...} below.
  }
  const start = text.indexOf('{');
  let depth = 0;
  let quoted = false;
  for (let i = start; start >= 0 && i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '\\') i++;
      else if (c === '"') quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) {
      try {
        return JSON.parse(text.slice(start, i + 1));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

function describeError(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return error instanceof Error ? `${error.message}${cause}` : String(error);
}

/** Milliseconds from a Retry-After header (delta-seconds or an HTTP date), capped; `undefined` when absent or bad. */
export function parseRetryAfter(header: string | null, now: number): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - now;
  if (!Number.isFinite(ms)) return undefined;
  return Math.min(maxPauseMs, Math.max(0, ms));
}

function responseFormatOf(format: Format, question: JsonQuestion): unknown {
  if (format === 'json_object') return { type: 'json_object' };
  if (format === 'json_schema') {
    return {
      type: 'json_schema',
      json_schema: { name: question.schemaName, strict: true, schema: question.schema },
    };
  }
  return undefined;
}

/**
 * Creates a {@link JsonChat} over an OpenAI-compatible chat completions API. Lenient in what it reads (reasoning
 * blocks, code fences and prose around the JSON; a `json_schema` server or a plain-text one), and it reports every
 * failure as a reason: the network, the timeout, an HTTP status, a refusal, a reply with no JSON object. After a
 * 429 (or a 503 with `Retry-After`) it does not ask again until the server's `Retry-After` has passed (10 s when the
 * header is missing, at most 10 minutes), answering with the reason at once instead.
 * @throws LimbicError VALIDATION_ERROR when a setting is invalid.
 */
export function createJsonChat(options: JsonChatOptions): JsonChat {
  const issues = llmSettingsIssues(options);
  if (issues.length > 0) throw toValidationError('LLM settings', issues);
  const url = `${options.baseURL.replace(/\/+$/, '')}/chat/completions`;
  // Called unbound: browsers throw "Illegal invocation" when fetch is called as a method of another object.
  const send = options.fetch ?? globalThis.fetch;
  const now = options.clock ? () => options.clock!.now() : () => Date.now();
  const timeoutMs = options.timeoutMs ?? 8000;
  const temperature = options.temperature ?? 0;
  const configured = options.responseFormat ?? 'auto';
  const { model } = options;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
  // In auto mode, the index in formatOrder of the richest format the server has not refused.
  let level = 0;
  let pausedUntil = 0;
  let pauseReason = '';

  async function once(
    format: Format,
    question: JsonQuestion,
    signal: AbortSignal,
  ): Promise<{ status: number; text: string; retryAfter: string | null }> {
    const body = JSON.stringify({
      model,
      temperature,
      response_format: responseFormatOf(format, question),
      messages: [
        { role: 'system', content: question.system },
        { role: 'user', content: question.user },
      ],
    });
    const response = await send(url, { method: 'POST', headers, body, signal });
    return {
      status: response.status,
      text: await response.text(),
      retryAfter: response.headers.get('retry-after'),
    };
  }

  return {
    model,
    async ask(question, signal) {
      signal?.throwIfAborted();
      const at = now();
      if (at < pausedUntil) {
        return {
          ok: false,
          reason: `${pauseReason}; not asking again for ${Math.ceil((pausedUntil - at) / 1000)} s`,
          detail: `${pauseReason}; not asking again for ${Math.ceil((pausedUntil - at) / 1000)} s`,
        };
      }
      const timeout = AbortSignal.timeout(timeoutMs);
      const signals = signal ? AbortSignal.any([signal, timeout]) : timeout;
      for (;;) {
        const format: Format = configured === 'auto' ? formatOrder[level]! : configured;
        let reply: { status: number; text: string; retryAfter: string | null };
        try {
          reply = await once(format, question, signals);
        } catch (error) {
          if (signal?.aborted) throw signal.reason;
          return timeout.aborted
            ? failed(`timed out after ${timeoutMs} ms`, '', error)
            : failed('request failed', describeError(error), error);
        }
        const { status, text } = reply;
        if ((status === 400 || status === 422) && configured === 'auto' && level < formatOrder.length - 1) {
          level++; // The server may not know this response_format: ask again with a plainer one.
          continue;
        }
        if (status === 429 || (status === 503 && reply.retryAfter !== null)) {
          const pause = parseRetryAfter(reply.retryAfter, now()) ?? defaultPauseMs;
          pausedUntil = now() + pause;
          pauseReason = `HTTP ${status} from the LLM (Retry-After ${Math.ceil(pause / 1000)} s)`;
          return failed(pauseReason, text.slice(0, 200));
        }
        if (status < 200 || status > 299) return failed(`HTTP ${status}`, text.slice(0, 200));
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch (error) {
          return failed('response is not JSON', JSON.stringify(text.slice(0, 80)), error);
        }
        const message = (
          json as { choices?: { message?: { content?: unknown; refusal?: unknown } }[] } | null
        )?.choices?.[0]?.message;
        if (typeof message?.refusal === 'string' && message.refusal !== '') {
          return failed('the model refused', message.refusal.slice(0, 200));
        }
        const content = message?.content;
        if (typeof content !== 'string') return failed('response has no choices[0].message.content');
        const value = extractJsonObject(content);
        if (value === null || typeof value !== 'object' || Array.isArray(value)) {
          return failed('reply holds no JSON object', JSON.stringify(content.slice(0, 80)));
        }
        return { ok: true, value: value as Record<string, unknown> };
      }
    },
  };
}

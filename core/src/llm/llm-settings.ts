import type { Clock } from '../clock.js';
import type { ValidationIssue } from '../errors.js';

/**
 * How to reach an OpenAI-compatible chat completions API (OpenAI, LM Studio, Ollama, vLLM, llama.cpp): the settings
 * the gateway reads from `LIMBIC_LLM_*` and the bots take in `openEngine({ llm })`.
 */
export interface LlmSettings {
  /** Base URL, e.g. `https://api.openai.com/v1` or `http://127.0.0.1:1234/v1` (`/chat/completions` is appended). */
  baseURL: string;
  /** Model name sent with every request, e.g. `gpt-4o-mini`. */
  model: string;
  /** Sent as `Authorization: Bearer <apiKey>`; local servers usually need none. */
  apiKey?: string;
  /** Time allowed for one answer (every attempt, body included) before giving up. Default 8 000 ms. */
  timeoutMs?: number;
  /**
   * The `response_format` to request. `auto` (the default) asks for `json_schema` (structured output) first and,
   * when the server answers 400 or 422, steps down to `json_object` and then to none, remembering what worked.
   * A fixed value sends only that; `none` sends no `response_format` (the reply is then parsed leniently).
   */
  responseFormat?: LlmResponseFormat;
}

/** The `response_format` modes of {@link LlmSettings}. */
export type LlmResponseFormat = 'auto' | 'json_schema' | 'json_object' | 'none';

/** The response format modes, for validation and documentation. */
export const llmResponseFormats = [
  'auto',
  'json_schema',
  'json_object',
  'none',
] as const satisfies readonly LlmResponseFormat[];

/** Options of {@link createJsonChat}: the settings plus the ports a test or a browser may replace. */
export interface JsonChatOptions extends LlmSettings {
  /** The fetch to use. Default `globalThis.fetch`. */
  fetch?: typeof fetch;
  /** Sampling temperature in [0, 2]. Default 0, so the same question gets the same answer. */
  temperature?: number;
  /** The clock that times `Retry-After` pauses. Default the wall clock. */
  clock?: Clock;
}

/** Checks LLM settings; every problem is listed, each naming its field (e.g. `llm.baseURL`). */
export function llmSettingsIssues(settings: Partial<JsonChatOptions>, prefix = ''): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  let url: URL | undefined;
  try {
    url = new URL(String(settings.baseURL));
  } catch {
    // Reported below.
  }
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    issues.push({
      path: `${prefix}baseURL`,
      message: `must be an http(s) URL (got ${JSON.stringify(settings.baseURL)})`,
    });
  }
  if (typeof settings.model !== 'string' || settings.model.trim() === '') {
    issues.push({ path: `${prefix}model`, message: 'must be a non-empty string' });
  }
  const { timeoutMs, temperature, responseFormat } = settings;
  if (timeoutMs !== undefined && !(Number.isFinite(timeoutMs) && timeoutMs > 0)) {
    issues.push({
      path: `${prefix}timeoutMs`,
      message: `must be a positive number of milliseconds (got ${timeoutMs})`,
    });
  }
  if (temperature !== undefined && !(Number.isFinite(temperature) && temperature >= 0 && temperature <= 2)) {
    issues.push({ path: `${prefix}temperature`, message: `must be a number in [0, 2] (got ${temperature})` });
  }
  if (responseFormat !== undefined && !(llmResponseFormats as readonly string[]).includes(responseFormat)) {
    issues.push({
      path: `${prefix}responseFormat`,
      message: `must be one of ${llmResponseFormats.join(', ')} (got ${JSON.stringify(responseFormat)})`,
    });
  }
  if (typeof (settings.fetch ?? globalThis.fetch) !== 'function') {
    issues.push({ path: `${prefix}fetch`, message: 'must be a function (no global fetch in this runtime)' });
  }
  return issues;
}

/**
 * Reads the `LIMBIC_LLM_*` variables of an environment: `undefined` when `LIMBIC_LLM_URL` is not set; otherwise the
 * settings, or the problems, each naming its variable.
 * @example
 * const llm = llmSettingsFromEnv(process.env); // { baseURL, model, apiKey, timeoutMs, responseFormat } | undefined
 */
export function llmSettingsFromEnv(
  env: Record<string, string | undefined>,
  issues: ValidationIssue[] = [],
): LlmSettings | undefined {
  const baseURL = env.LIMBIC_LLM_URL?.trim();
  const model = env.LIMBIC_LLM_MODEL?.trim();
  if (!baseURL) {
    if (model) issues.push({ path: 'LIMBIC_LLM_URL', message: 'must be set when LIMBIC_LLM_MODEL is' });
    return undefined;
  }
  const settings: LlmSettings = { baseURL, model: model ?? '' };
  if (env.LIMBIC_LLM_API_KEY) settings.apiKey = env.LIMBIC_LLM_API_KEY;
  const timeout = env.LIMBIC_LLM_TIMEOUT_MS;
  if (timeout !== undefined && timeout !== '') settings.timeoutMs = Number(timeout);
  const format = env.LIMBIC_LLM_RESPONSE_FORMAT;
  if (format !== undefined && format !== '') settings.responseFormat = format as LlmResponseFormat;
  const names: Record<string, string> = {
    baseURL: 'LIMBIC_LLM_URL',
    model: 'LIMBIC_LLM_MODEL',
    timeoutMs: 'LIMBIC_LLM_TIMEOUT_MS',
    responseFormat: 'LIMBIC_LLM_RESPONSE_FORMAT',
  };
  for (const issue of llmSettingsIssues(settings)) {
    issues.push({ ...issue, path: names[issue.path] ?? issue.path });
  }
  return settings;
}

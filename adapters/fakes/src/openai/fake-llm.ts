import type { ServerResponse } from 'node:http';
import { closeServer, createLocalServer, listenLocal, readJsonObject, sendJson } from '../http.js';

/** One chat completion request the fake received. */
export interface LlmCall {
  model: string;
  /** `json_schema`, `json_object`, or `none` when the request had no response_format. */
  responseFormat: string;
  /** The first system message and the first user message. */
  system: string;
  user: string;
  /** Every message of the request, in order. */
  messages: { role: string; content: string }[];
  authorization: string | undefined;
}

/**
 * What the fake does with the next requests:
 * - `ok`: answers (see {@link FakeLlmOptions.answer});
 * - `slow`: never answers (the client's timeout must fire);
 * - `rate-limited`: 429 with `Retry-After: <retryAfter>`;
 * - `error`: 500;
 * - `malformed`: 200 with a body that is not JSON;
 * - `out-of-range`: a reading (or a persona) whose numbers are far outside their ranges;
 * - `refusal`: a structured-output refusal;
 * - `plain-only`: 400 for any `response_format`, otherwise answers as `ok` inside prose.
 */
export type FakeLlmMode =
  | 'ok'
  | 'slow'
  | 'rate-limited'
  | 'error'
  | 'malformed'
  | 'out-of-range'
  | 'refusal'
  | 'plain-only';

/** Options of {@link startFakeLlm}. */
export interface FakeLlmOptions {
  /**
   * The JSON the model answers for a request, by what it is asked: `appraisal` (Limbic's appraisal rubric),
   * `persona` (the persona rubric) or `chat` (anything else: the answer is then a string reply).
   */
  answer?: (kind: 'appraisal' | 'persona' | 'chat', call: LlmCall) => unknown;
  /** Seconds in the Retry-After header of `rate-limited`. Default 30. */
  retryAfter?: number;
  /** Port on 127.0.0.1. Default 0: a free one. */
  port?: number;
}

/** A local OpenAI-compatible chat completions server for tests: real HTTP on 127.0.0.1. */
export interface FakeLlm {
  /** Base URL with `/v1`, as LIMBIC_LLM_URL takes it. */
  readonly baseURL: string;
  /** Every request received, oldest first. */
  readonly calls: LlmCall[];
  /** What the fake does from now on. */
  mode: FakeLlmMode;
  close(): Promise<void>;
}

/**
 * What the fake answers an appraisal request by default: the speaker's kindness toward the character (thanks,
 * praise), which the character meets with gratitude.
 */
export const fakeAppraisal = {
  experiencer: 'character',
  cause: 'speaker',
  emotion: 'warmth',
  valence: 0.8,
  importance: 0.6,
  activation: 0.3,
  act: 'praise',
  apology: false,
  breach: 0,
};

/** The persona the fake writes by default. */
export const fakePersona = {
  identity: {
    name: 'Gus',
    role: 'lighthouse keeper',
    core_values: ['solitude', 'duty'],
    speaking_style: 'Gruff and brief, with dry humour.',
    language: 'en',
  },
  personality: {
    O: 0.4,
    C: 0.85,
    E: 0.2,
    A: 0.35,
    N: 0.3,
    H: 0.75,
    facets: { patience: 0.9, sociability: 0.1 },
  },
  goals: ['Keep the light burning', 'Be left alone, mostly'],
};

function kindOf(system: string): 'appraisal' | 'persona' | 'chat' {
  if (system.includes('You read messages for an emotion engine')) return 'appraisal';
  if (system.includes('HEXACO')) return 'persona';
  return 'chat';
}

function completion(res: ServerResponse, message: Record<string, unknown>): void {
  sendJson(res, 200, {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', ...message } }],
  });
}

/**
 * Starts a fake OpenAI-compatible server. It tells Limbic's appraisal and persona requests apart by their system
 * message and answers each in the chosen {@link FakeLlmMode}.
 * @example
 * const llm = await startFakeLlm();
 * process.env.LIMBIC_LLM_URL = llm.baseURL;
 */
export async function startFakeLlm(options: FakeLlmOptions = {}): Promise<FakeLlm> {
  const calls: LlmCall[] = [];
  const answer =
    options.answer ??
    ((kind: string) =>
      kind === 'appraisal' ? fakeAppraisal : kind === 'persona' ? fakePersona : 'LLM reply');
  const state = { mode: 'ok' as FakeLlmMode };
  const server = createLocalServer(async (req, res) => {
    const body = await readJsonObject(req);
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions') || body === undefined) {
      sendJson(res, 404, { error: { message: 'not found' } });
      return;
    }
    const messages = (body.messages ?? []) as { role: string; content: string }[];
    const format = (body.response_format as { type?: string } | undefined)?.type ?? 'none';
    const call: LlmCall = {
      model: String(body.model),
      responseFormat: format,
      system: messages.find((m) => m.role === 'system')?.content ?? '',
      user: messages.find((m) => m.role === 'user')?.content ?? '',
      messages,
      authorization: req.headers.authorization,
    };
    calls.push(call);
    const kind = kindOf(call.system);
    const value = answer(kind, call);
    const content = typeof value === 'string' ? value : JSON.stringify(value);
    switch (state.mode) {
      case 'slow':
        return; // Never answers; closeServer drops the socket.
      case 'rate-limited':
        res.writeHead(429, {
          'content-type': 'application/json',
          'retry-after': String(options.retryAfter ?? 30),
        });
        res.end(JSON.stringify({ error: { message: 'Rate limit reached for requests', type: 'requests' } }));
        return;
      case 'error':
        sendJson(res, 500, { error: { message: 'The server had an error while processing your request.' } });
        return;
      case 'malformed':
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"choices": [{"message": {"content": "{\\"experiencer\\": \\"spea');
        return;
      case 'out-of-range':
        completion(res, {
          content: JSON.stringify(
            kind === 'persona'
              ? { ...fakePersona, personality: { ...fakePersona.personality, O: 7 } }
              : { ...fakeAppraisal, importance: 9, valence: -40 },
          ),
        });
        return;
      case 'refusal':
        completion(res, { content: null, refusal: "I'm sorry, I can't help with that." });
        return;
      case 'plain-only':
        if (format !== 'none') {
          sendJson(res, 400, { error: { message: `response_format.type '${format}' is not supported` } });
          return;
        }
        completion(res, { content: `Sure. Here is the JSON:\n${content}\nAnything else?` });
        return;
      default:
        completion(res, { content });
    }
  });
  const port = await listenLocal(server, options.port);
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    calls,
    get mode() {
      return state.mode;
    },
    set mode(mode: FakeLlmMode) {
      state.mode = mode;
    },
    close: () => closeServer(server),
  };
}

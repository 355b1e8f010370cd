import {
  type BindingStore,
  type Clock,
  createCryptoRandom,
  createSystemClock,
  KeyedLock,
  type LlmSettings,
  type Random,
  toValidationError,
} from '@limbic/core';
import { type ChatExchange, readHistory, writeHistory } from './chat-history.js';
import type { LimbicTurn } from './limbic-turn.js';
import { offlineReply } from './offline-reply.js';

/** One message of an OpenAI-compatible chat request. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** Options of {@link createChatReplies}. */
export interface ChatRepliesOptions {
  /**
   * The OpenAI-compatible model that writes replies (`llmFromEnv()`); without one, replies are offline.
   * @defaultValue none: replies are written offline
   */
  llm?: LlmSettings | undefined;
  /** Where histories are kept: the engine's binding store (`engine.bindings`), so they survive restarts. */
  store: BindingStore;
  /**
   * How many previous exchanges (a message and its answer) are kept and sent; 0 keeps none.
   * @defaultValue `10` ({@link defaultHistoryLength})
   */
  historyLength?: number;
  /**
   * A history not written for this long expires, ms.
   * @defaultValue `2_592_000_000` (30 days)
   */
  historyTtlMs?: number;
  /**
   * Time allowed for the model's answer when `llm.timeoutMs` is not set, ms.
   * @defaultValue `30_000`
   */
  timeoutMs?: number;
  /**
   * Hears a failed model call; the reply is then written offline.
   * @defaultValue none: the error is thrown
   */
  onLlmError?: (error: unknown) => void;
  /**
   * The clock of exchange times and expiry.
   * @defaultValue the wall clock (`createSystemClock()`)
   */
  clock?: Clock;
  /**
   * Picks among offline phrasings (`createSeededRandom(n)` in tests).
   * @defaultValue crypto randomness (`createCryptoRandom()`)
   */
  random?: Random;
  /**
   * The fetch to use.
   * @defaultValue `globalThis.fetch`
   */
  fetch?: typeof fetch;
}

/** A bot's replies with memory of the conversation; see {@link createChatReplies}. */
export interface ChatReplies {
  /**
   * The character's answer to `text`, the message `turn` was run for: from the model (prompt_data's system message,
   * the stored history, then `text`) or offline; the exchange is then stored. Undefined `turn` (a message the runtime
   * did not process) gets a short line and is not stored.
   */
  reply(text: string, turn: LimbicTurn | undefined): Promise<string>;
  /** The messages a reply to `text` would send the model now (for logs and tests). */
  messagesFor(text: string, turn: LimbicTurn): Promise<ChatMessage[]>;
}

/** The default number of exchanges kept per conversation. */
export const defaultHistoryLength = 10;
const defaultHistoryTtlMs = 30 * 24 * 3_600_000;
/** Stored message texts are cut to this many characters, so a record stays small. */
const maxStoredChars = 2_000;

function isHistoryLength(value: number): boolean {
  return Number.isInteger(value) && value >= 0 && value <= 1000;
}

/**
 * The history length from `LIMBIC_HISTORY` (exchanges, 0 to 1000), or undefined when it is not set (the default,
 * {@link defaultHistoryLength}, applies).
 * @throws LimbicError VALIDATION_ERROR naming LIMBIC_HISTORY when it is not such a number.
 */
export function historyLengthFromEnv(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const raw = env.LIMBIC_HISTORY;
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = Number(raw);
  if (!isHistoryLength(value)) {
    throw toValidationError('LIMBIC_HISTORY', [
      {
        path: 'LIMBIC_HISTORY',
        message: `must be a whole number from 0 to 1000 (got ${JSON.stringify(raw)})`,
      },
    ]);
  }
  return value;
}

/** Sends `messages` to an OpenAI-compatible `/chat/completions` and resolves the answer's text (`…` when empty). */
export async function requestChat(
  llm: LlmSettings,
  messages: readonly ChatMessage[],
  options: { timeoutMs?: number; fetch?: typeof fetch } = {},
): Promise<string> {
  const send = options.fetch ?? globalThis.fetch;
  const response = await send(`${llm.baseURL.replace(/\/+$/, '')}/chat/completions`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(llm.apiKey ? { authorization: `Bearer ${llm.apiKey}` } : {}),
    },
    body: JSON.stringify({ model: llm.model, messages }),
    signal: AbortSignal.timeout(llm.timeoutMs ?? options.timeoutMs ?? 30_000),
  });
  if (!response.ok) throw new Error(`the LLM answered ${response.status}`);
  const body = (await response.json()) as { choices?: { message?: { content?: string } }[] };
  return body.choices?.[0]?.message?.content?.trim() || '…';
}

/** In a group, whose words a message is: the speaker's name in front. */
function spoken(text: string, name: string | undefined): string {
  return name === undefined ? text : `${name}: ${text}`;
}

/**
 * Creates a bot's replies that hold a conversation. With a model, each reply sends one system message (prompt_data's
 * `system_prompt`, `context_block` and `instruction_block`, as docs/prompt-data.md says), the last `historyLength`
 * exchanges of the session as user and assistant messages, and the new message; without one, the reply is written
 * offline in the character's voice ({@link offlineReply}). Every exchange is stored in the binding store under the
 * session (`history:<session id>`), so it survives restarts on SQLite and MongoDB; `/limbic forget` erases it (in a
 * group, the asker's exchanges).
 * @example
 * const chat = createChatReplies({ llm: llmFromEnv(), store: engine.bindings });
 * bot.on('message:text', async (ctx) => ctx.reply(await chat.reply(ctx.message.text, ctx.limbic)));
 */
export function createChatReplies(options: ChatRepliesOptions): ChatReplies {
  const { llm, store } = options;
  const length = options.historyLength ?? defaultHistoryLength;
  if (!isHistoryLength(length)) {
    throw toValidationError('chat replies', [
      { path: 'historyLength', message: `must be a whole number from 0 to 1000 (got ${length})` },
    ]);
  }
  const ttlMs = options.historyTtlMs ?? defaultHistoryTtlMs;
  const clock = options.clock ?? createSystemClock();
  const random = options.random ?? createCryptoRandom();
  const locks = new KeyedLock();

  async function messagesFor(text: string, turn: LimbicTurn): Promise<ChatMessage[]> {
    const { system_prompt, context_block, instruction_block } = turn.promptData.formatted;
    const history =
      length === 0 ? [] : (await readHistory(store, turn.sessionId, clock.now())).slice(-length);
    const name = turn.group ? (turn.participant?.name ?? turn.participant?.id) : undefined;
    return [
      { role: 'system', content: [system_prompt, context_block, instruction_block].join('\n\n') },
      ...history.flatMap((exchange): ChatMessage[] => [
        {
          role: 'user',
          content: spoken(exchange.user, turn.group ? (exchange.name ?? exchange.from) : undefined),
        },
        { role: 'assistant', content: exchange.assistant },
      ]),
      { role: 'user', content: spoken(text, name) },
    ];
  }

  async function answer(text: string, turn: LimbicTurn): Promise<string> {
    if (!llm) return offlineReply(turn, random);
    try {
      return await requestChat(llm, await messagesFor(text, turn), {
        ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
        ...(options.fetch ? { fetch: options.fetch } : {}),
      });
    } catch (error) {
      if (!options.onLlmError) throw error;
      options.onLlmError(error);
      return offlineReply(turn, random);
    }
  }

  return {
    messagesFor,
    async reply(text, turn) {
      if (!turn) return 'I am a little lost for words right now.';
      // One reply at a time per session, so two quick messages both land in the history.
      return locks.run(turn.sessionId, async () => {
        const assistant = await answer(text, turn);
        if (length === 0) return assistant;
        const now = clock.now();
        const exchange: ChatExchange = {
          user: text.slice(0, maxStoredChars),
          assistant: assistant.slice(0, maxStoredChars),
          at: now,
          ...(turn.group && turn.participant
            ? { from: turn.participant.id, ...(turn.participant.name ? { name: turn.participant.name } : {}) }
            : {}),
        };
        const history = await readHistory(store, turn.sessionId, now);
        await writeHistory(store, turn.sessionId, [...history, exchange].slice(-length), now, ttlMs);
        return assistant;
      });
    },
  };
}

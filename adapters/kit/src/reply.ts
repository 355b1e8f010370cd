import {
  createCryptoRandom,
  type LlmSettings,
  llmSettingsFromEnv,
  type Random,
  toValidationError,
} from '@limbic/core';
import { requestChat } from './chat-reply.js';
import type { LimbicTurn } from './limbic-turn.js';
import { offlineReply } from './offline-reply.js';

/**
 * The optional OpenAI-compatible model from LIMBIC_LLM_URL, LIMBIC_LLM_MODEL, LIMBIC_LLM_API_KEY and
 * LIMBIC_LLM_TIMEOUT_MS (the gateway's settings), or undefined when none is set: it appraises messages and writes
 * a bot's replies.
 * @throws LimbicError VALIDATION_ERROR naming every invalid setting.
 */
export function llmFromEnv(env: NodeJS.ProcessEnv = process.env): LlmSettings | undefined {
  const issues: { path: string; message: string }[] = [];
  const settings = llmSettingsFromEnv(env, issues);
  if (issues.length > 0) throw toValidationError('LLM settings', issues);
  return settings;
}

/** Asks an OpenAI-compatible chat model for one answer to `user`, with `system` as the system prompt. */
export async function completeChat(llm: LlmSettings, system: string, user: string): Promise<string> {
  return requestChat(llm, [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ]);
}

/**
 * A bot's reply to `text`: from the LLM when one is configured, with the turn's `prompt_data` (how the character
 * feels, who it is, how to voice it) as the system prompt; otherwise {@link offlineReply}, so a bot runs without any
 * LLM. It sends no history: {@link createChatReplies} keeps the conversation.
 * @example
 * const text = await replyFor(ctx.message.text, ctx.limbic, llmFromEnv());
 */
export async function replyFor(
  text: string,
  turn: LimbicTurn | undefined,
  llm: LlmSettings | undefined,
  random: Random = createCryptoRandom(),
): Promise<string> {
  if (!turn) return 'I am a little lost for words right now.';
  if (llm) {
    const { system_prompt, context_block, instruction_block } = turn.promptData.formatted;
    return completeChat(llm, [system_prompt, context_block, instruction_block].join('\n\n'), text);
  }
  return offlineReply(turn, random);
}

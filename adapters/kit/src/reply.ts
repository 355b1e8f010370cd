import { type LlmSettings, llmSettingsFromEnv, toValidationError } from '@limbic/core';
import type { LimbicTurn } from './limbic-turn.js';

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
  const response = await fetch(`${llm.baseURL.replace(/\/+$/, '')}/chat/completions`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(llm.apiKey ? { authorization: `Bearer ${llm.apiKey}` } : {}),
    },
    body: JSON.stringify({
      model: llm.model,
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: user },
      ],
    }),
    signal: AbortSignal.timeout(30_000),
  });
  if (!response.ok) throw new Error(`the LLM answered ${response.status}`);
  const body = (await response.json()) as { choices?: { message?: { content?: string } }[] };
  return body.choices?.[0]?.message?.content?.trim() || '…';
}

/**
 * A bot's reply to `text`: from the LLM when one is configured, with the turn's `prompt_data` (how the character
 * feels, who it is, how to voice it) as the system prompt; otherwise a short line that shows the feeling, so a bot
 * runs without any LLM.
 * @example
 * const text = await replyFor(ctx.message.text, ctx.limbic, llmFromEnv());
 */
export async function replyFor(
  text: string,
  turn: LimbicTurn | undefined,
  llm: LlmSettings | undefined,
): Promise<string> {
  if (!turn) return 'I am a little lost for words right now.';
  if (llm) {
    const { system_prompt, context_block, instruction_block } = turn.promptData.formatted;
    return completeChat(llm, [system_prompt, context_block, instruction_block].join('\n\n'), text);
  }
  const { discrete_emotion, intensity_level } = turn.result;
  return `(${intensity_level} ${discrete_emotion}) ${turn.isNewSession ? 'Nice to meet you!' : 'I hear you.'}`;
}

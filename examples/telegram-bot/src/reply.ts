import type { LimbicTurn } from '@limbic/bot-kit';

/** An OpenAI-compatible chat endpoint, when configured (LLM_BASE_URL, LLM_API_KEY, LLM_MODEL). */
export interface LlmConfig {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
}

/** Reads the optional LLM settings from the environment. */
export function llmFromEnv(env: NodeJS.ProcessEnv = process.env): LlmConfig | undefined {
  if (!env.LLM_BASE_URL) return undefined;
  return {
    baseUrl: env.LLM_BASE_URL.replace(/\/$/, ''),
    apiKey: env.LLM_API_KEY,
    model: env.LLM_MODEL ?? 'gpt-4o-mini',
  };
}

/** Asks the LLM for a reply with Limbic's context block as the system prompt. */
export async function complete(llm: LlmConfig, system: string, user: string): Promise<string> {
  const response = await fetch(`${llm.baseUrl}/chat/completions`, {
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
 * The bot's reply: from the LLM when one is configured (Limbic's `prompt_data` tells it how the character feels),
 * otherwise a short line that shows the feeling, so the example runs without any LLM.
 */
export async function replyTo(
  text: string,
  turn: LimbicTurn | undefined,
  llm: LlmConfig | undefined,
): Promise<string> {
  if (!turn) return 'I am a little lost for words right now.';
  if (llm) {
    const { system_prompt, context_block, instruction_block } = turn.promptData.formatted;
    return complete(llm, [system_prompt, context_block, instruction_block].join('\n\n'), text);
  }
  const { discrete_emotion, intensity_level } = turn.result;
  return `(${intensity_level} ${discrete_emotion}) ${turn.isNewSession ? 'Nice to meet you!' : 'I hear you.'}`;
}

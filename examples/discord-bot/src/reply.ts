import { type LimbicTurn, type LlmSettings, llmSettingsFromEnv } from '@limbic/bot-kit';

/**
 * Reads the optional OpenAI-compatible model from LIMBIC_LLM_URL, LIMBIC_LLM_MODEL, LIMBIC_LLM_API_KEY and
 * LIMBIC_LLM_TIMEOUT_MS (the gateway's settings): it appraises messages and writes the replies. Exits with the
 * problems when a setting is invalid.
 */
export function llmFromEnv(env: NodeJS.ProcessEnv = process.env): LlmSettings | undefined {
  const issues: { path: string; message: string }[] = [];
  const settings = llmSettingsFromEnv(env, issues);
  if (issues.length > 0) {
    console.error(issues.map((issue) => `${issue.path}: ${issue.message}`).join('\n'));
    process.exit(2);
  }
  return settings;
}

/** Asks the LLM for a reply with Limbic's context block as the system prompt. */
export async function complete(llm: LlmSettings, system: string, user: string): Promise<string> {
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
 * The bot's reply: from the LLM when one is configured (Limbic's `prompt_data` tells it how the character feels),
 * otherwise a short line that shows the feeling, so the example runs without any LLM.
 */
export async function replyTo(
  text: string,
  turn: LimbicTurn | undefined,
  llm: LlmSettings | undefined,
): Promise<string> {
  if (!turn) return 'I am a little lost for words right now.';
  if (llm) {
    const { system_prompt, context_block, instruction_block } = turn.promptData.formatted;
    return complete(llm, [system_prompt, context_block, instruction_block].join('\n\n'), text);
  }
  const { discrete_emotion, intensity_level } = turn.result;
  return `(${intensity_level} ${discrete_emotion}) ${turn.isNewSession ? 'Nice to meet you!' : 'I hear you.'}`;
}

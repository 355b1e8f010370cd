import type { Appraiser } from '../appraisal/appraiser.js';
import { createOpenAIAppraiser } from '../appraisal/openai-appraiser.js';
import { createPersonaWriter, type PersonaWriter } from '../persona/persona-writer.js';
import type { JsonChatOptions } from './llm-settings.js';

/** Hooks of {@link llmServiceOptions}. */
export interface LlmHooks {
  /** Called with a readable reason each time a text turn falls back to the offline reader (log it). */
  onFallback?: (reason: string, error?: unknown) => void;
}

/**
 * The session service options that put an LLM to work: the `llm` appraiser for text turns (falling back to the
 * offline reader, so a turn never fails because the model did) and the persona writer for `{description}` personas.
 * The gateway calls it with `LIMBIC_LLM_*`, the bots' `openEngine({ llm })` with their option.
 * @throws LimbicError VALIDATION_ERROR when a setting is invalid.
 * @example
 * const service = createSessionService({ ...llmServiceOptions({ baseURL, model: 'gpt-4o-mini', apiKey }) });
 */
export function llmServiceOptions(
  settings: JsonChatOptions,
  hooks: LlmHooks = {},
): { appraiser: Appraiser; personaWriter: PersonaWriter } {
  return {
    appraiser: createOpenAIAppraiser({
      ...settings,
      ...(hooks.onFallback ? { onFallback: hooks.onFallback } : {}),
    }),
    personaWriter: createPersonaWriter(settings),
  };
}

import { sessionLimitError, toValidationError } from '../errors.js';
import type { ResolvedPersona } from '../persona/persona.js';
import { validatePersonaShape } from '../persona/persona-schema.js';
import type { PersonaWriter } from '../persona/persona-writer.js';
import { resolvePersona } from '../persona/resolve-persona.js';

/** The rule a description-only persona breaks when no LLM is configured. */
const noWriterMessage =
  'a persona from a description alone is written by an LLM, and none is configured (gateway: set LIMBIC_LLM_URL ' +
  'and LIMBIC_LLM_MODEL; in-process: the personaWriter option, or llm in openEngine()); or send a preset or ' +
  'personality with it';

/** True for a definition that gives a description and neither a preset nor a personality. */
export function asksForWriter(definition: unknown): boolean {
  if (definition === null || typeof definition !== 'object' || Array.isArray(definition)) return false;
  const d = definition as Record<string, unknown>;
  return typeof d.description === 'string' && d.preset === undefined && d.personality === undefined;
}

/** What {@link resolvePersonaInput} needs besides the definition. */
export interface PersonaInputOptions {
  /** Writes a persona from a description; undefined: none is configured. */
  writer: PersonaWriter | undefined;
  /** Cancels the writer's model call. */
  signal: AbortSignal | undefined;
  /** The owner's session quota (undefined: unlimited). */
  maxSessions: number | undefined;
  /** Counts the owner's sessions (the quota check before a model call). */
  countSessions: () => Promise<number>;
}

/**
 * Resolves the persona definition of a new session. A definition with a `description` but neither `preset` nor
 * `personality` asks the writer (an LLM) for the persona; the fields the definition does give take precedence over
 * the written ones, and the description is kept as it was sent.
 * @throws LimbicError VALIDATION_ERROR (also when a description alone is sent and no writer is configured),
 * INVALID_PRESET, SESSION_LIMIT (before a model call), or the writer's APPRAISER_FAILED.
 */
export async function resolvePersonaInput(
  definition: unknown,
  options: PersonaInputOptions,
): Promise<ResolvedPersona> {
  if (!asksForWriter(definition)) return resolvePersona(definition);
  const shape = validatePersonaShape(definition);
  if (!shape.ok) throw toValidationError('persona', shape.issues);
  if (!options.writer) {
    throw toValidationError('persona', [{ path: 'description', message: noWriterMessage }]);
  }
  const max = options.maxSessions;
  // No model call for a session the quota would refuse (the insert still checks atomically).
  if (max !== undefined && (await options.countSessions()) >= max) {
    throw sessionLimitError(max);
  }
  const given = shape.value;
  const written = await options.writer.write(given.description ?? '', options.signal);
  return resolvePersona({
    ...written,
    ...given,
    identity: { ...written.identity, ...given.identity },
  });
}

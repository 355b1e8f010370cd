import { z } from 'zod';
import { snapNearMiss } from '../llm/json-chat.js';
import { experienceKinds } from '../reader/experience.js';
import { rangeMessage, validateWith } from '../util/validation.js';
import type { EventSource } from './appraiser.js';
import type { HeardEvent, SpeechAct } from './heard-event.js';
import type { Party } from './roles.js';

const parties = ['speaker', 'character', 'third_party'] as const satisfies readonly Party[];
const causes = [...parties, 'nobody'] as const;
const speechActs = ['praise', 'affection', 'criticism', 'none'] as const satisfies readonly SpeechAct[];

/** The numeric keys of an answer, with their ranges. */
const ranges = {
  valence: [-1, 1],
  importance: [0, 1],
  activation: [-1, 1],
  breach: [0, 1],
} as const;

function unit(key: keyof typeof ranges) {
  const [min, max] = ranges[key];
  const rule = rangeMessage(min, max);
  return z.number({ error: rule }).min(min, { error: rule }).max(max, { error: rule });
}

function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: `must be one of ${values.join(', ')}` });
}

/**
 * Zod schema of the LLM appraiser's answer: the message as the model understands it (docs/emotion-model.md §11.2).
 * Extra keys are ignored.
 */
export const llmAnswerSchema = z.object({
  experiencer: oneOf(parties),
  cause: oneOf(causes),
  emotion: oneOf(experienceKinds),
  valence: unit('valence'),
  importance: unit('importance'),
  activation: unit('activation'),
  act: oneOf(speechActs),
  apology: z.boolean({ error: 'must be true or false' }),
  breach: unit('breach'),
});

/** What the model says a message means: who it happened to, who caused it, what they feel, and what it does. */
export type LlmAnswer = z.infer<typeof llmAnswerSchema>;

/** The JSON Schema of {@link LlmAnswer} for `json_schema` mode (strict: every key required, no others). */
export const llmAnswerJsonSchema = {
  type: 'object',
  properties: {
    experiencer: { type: 'string', enum: parties },
    cause: { type: 'string', enum: causes },
    emotion: { type: 'string', enum: experienceKinds },
    valence: { type: 'number' },
    importance: { type: 'number' },
    activation: { type: 'number' },
    act: { type: 'string', enum: speechActs },
    apology: { type: 'boolean' },
    breach: { type: 'number' },
  },
  required: Object.keys(llmAnswerSchema.shape),
  additionalProperties: false,
};

const choices = ['experiencer', 'cause', 'emotion', 'act'] as const;

/**
 * Reads a model's JSON reply as an {@link LlmAnswer}, leniently where a model is sloppy and strictly otherwise: an
 * answer wrapped once in an outer object is unwrapped, numbers up to 0.05 outside their range are clamped, and the
 * enum strings are trimmed and lower-cased. Anything else must pass {@link llmAnswerSchema}; the reason then names
 * each field and its rule.
 */
export function parseLlmAnswer(value: Record<string, unknown>): { answer: LlmAnswer } | { reason: string } {
  // Some models wrap the answer once, e.g. {"reading": {...}}.
  const values = Object.values(value);
  const inner =
    values.length === 1 && values[0] !== null && typeof values[0] === 'object' ? values[0] : value;
  const snapped: Record<string, unknown> = { ...inner };
  for (const [key, [min, max]] of Object.entries(ranges)) {
    if (key in snapped) snapped[key] = snapNearMiss(snapped[key], min, max);
  }
  for (const key of choices) {
    const text = snapped[key];
    if (typeof text === 'string') snapped[key] = text.trim().toLowerCase();
  }
  const result = validateWith(llmAnswerSchema, snapped);
  if (result.ok) return { answer: result.value };
  return {
    reason: `reply is not a valid reading: ${result.issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`,
  };
}

/**
 * The message as the model understood it, in the form {@link appraiseHeard} takes from the offline reader too, so
 * both paths share one mapping to the character's feeling. The model's importance is the event's strength;
 * someone else `wronged` the experiencer when a third party caused a bad event that breaks a norm (breach ≥ 0.3);
 * the threat is the whole reading for fear and nervousness. The model gives no expectation or control cues. In
 * narration and the character's thoughts (`system`, `internal`) there is no one speaking to it, so a `speaker` the
 * model names is the character itself, and the message does nothing to it as speech.
 */
export function hearAnswer(answer: LlmAnswer, source: EventSource): HeardEvent {
  const user = source === 'user';
  const self = <P extends Party | 'nobody'>(party: P): P | 'character' =>
    !user && party === 'speaker' ? 'character' : party;
  const experiencer = self(answer.experiencer);
  const cause = self(answer.cause);
  return {
    source,
    kind: answer.emotion,
    valence: answer.valence,
    strength: answer.importance,
    activation: answer.activation,
    threat: answer.emotion === 'fear' || answer.emotion === 'nervousness' ? 1 : 0,
    experiencer,
    cause,
    act: user ? answer.act : 'none',
    apology: answer.apology,
    breach: answer.breach,
    wronged:
      cause === 'third_party' && experiencer !== 'third_party' && answer.valence < 0 && answer.breach >= 0.3,
    characterActed: cause === 'character',
    expectedness: null,
    controllability: null,
  };
}

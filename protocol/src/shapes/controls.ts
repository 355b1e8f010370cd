import { z } from 'zod';
import { dateTime, range, signed, unit } from './primitives.js';
import { proactiveActionSchema } from './proactive.js';
import { participantId, stateSnapshotSchema } from './state.js';

// The operator's controls (docs/time-control.md): a tick's answer, and an override's entry and answer.

/** A VAD an override set: only the axes it set. */
const setVad = z.strictObject({ V: signed.optional(), A: unit.optional(), D: signed.optional() });

/** One operator override as the log keeps it: who set what, when, and why. */
export const overrideViewSchema = z
  .strictObject({
    by: z.string().describe('Who: the API key id that set it, or `local` in process'),
    at: dateTime.describe('ISO 8601 engine-clock time it was set'),
    emotion: setVad.optional().describe('The felt emotion it set (the axes given)'),
    mood: setVad.optional().describe('The mood it set (the axes given)'),
    body_budget: z
      .strictObject({ energy: range(0.05, 1).optional(), stress: unit.optional() })
      .optional()
      .describe('The body budget it set'),
    relationship: z
      .strictObject({
        participant: participantId.optional(),
        rapport: unit.optional(),
        trust: unit.optional(),
        familiarity: unit.optional(),
      })
      .optional()
      .describe('The relationship values it set, with the participant’s (absent: the default person’s)'),
    note: z.string().max(280).nullable().describe('Why, as the operator wrote it, or null'),
  })
  .describe('An operator override (a story beat), as the session’s override log keeps it');

/** The answer of `POST /v1/persona/:id/override`. */
export const overrideResultSchema = z.strictObject({
  sessionId: z.string(),
  override: overrideViewSchema,
  state: stateSnapshotSchema.describe('The state right after the override'),
});

/** The answer of `POST /v1/persona/:id/tick`. */
export const tickResultSchema = z.strictObject({
  sessionId: z.string(),
  seconds: z.number().describe('The engine seconds the session lived through (to whole milliseconds)'),
  state: stateSnapshotSchema.describe('The state after the tick, at the current engine time'),
  actions: z
    .array(proactiveActionSchema)
    .max(1)
    .describe('The proactive actions the tick’s due check raised (at most one; none unless enabled)'),
});

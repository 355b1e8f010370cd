import { z } from 'zod';
import { maxParticipantIdLength } from '../group/participants.js';
import type { Vec3 } from '../persona/engine-params.js';
import { parseWith } from '../util/validation.js';

/** How many overrides a session's log keeps: the latest, older ones are dropped. */
export const maxOverrideLog = 20;
/** Longest accepted override note, in characters. */
export const maxOverrideNote = 280;
/** Lowest energy the body budget allows (the engine never lets it fall further). */
export const minEnergy = 0.05;

/** The values an operator override sets (docs/time-control.md): each part and each field in it optional. */
export interface OverrideValues {
  /** The felt emotion: V and D in [-1, 1], A in [0, 1]. */
  emotion?: { V?: number; A?: number; D?: number };
  /** The mood, in the same ranges. */
  mood?: { V?: number; A?: number; D?: number };
  /** Energy in [0.05, 1], stress in [0, 1]. */
  body_budget?: { energy?: number; stress?: number };
  /** The relationship with `participant` (a group session's) or with the default person: each in [0, 1]. */
  relationship?: { participant?: string; rapport?: number; trust?: number; familiarity?: number };
}

/** An override as clients send it: the values and an optional note saying why. */
export interface OverrideInput extends OverrideValues {
  note?: string;
}

/** One entry of a session's override log: who set what, when, and why. */
export interface OverrideEntry {
  /** Who: the API key id the gateway authenticated, or `local` in process. */
  by: string;
  /** Engine-clock time (ms) it was set. */
  at: number;
  values: OverrideValues;
  note: string | null;
}

/** An override log entry as views show it: who, when (ISO 8601 engine time), what was set, and why. */
export interface OverrideView extends OverrideValues {
  by: string;
  at: string;
  note: string | null;
}

/** A session's overrides: the bounded log, and what the next turn's explanation measures from. */
export interface OverrideState {
  /** The latest overrides, oldest first, at most {@link maxOverrideLog}. */
  log: OverrideEntry[];
  /**
   * The felt emotion (internal space) just before the first override since the last turn, or null when the last
   * turn came after every override: the next turn's explanation measures its change from here and names the
   * override's part (`override`).
   */
  feltBefore: Vec3 | null;
}

const number = (min: number, max: number) => {
  const error = `must be a number in [${min}, ${max}]`;
  return z.number({ error }).min(min, { error }).max(max, { error });
};

/** The keys of an object part of the input, and a schema that requires at least one of them. */
function part<S extends z.ZodRawShape>(shape: S, required: readonly string[]) {
  const names = required.join(', ');
  return z
    .strictObject(shape, { error: `must be an object with at least one of ${names}` })
    .refine((value) => required.some((key) => (value as Record<string, unknown>)[key] !== undefined), {
      error: `must set at least one of ${names}`,
    });
}

const vad = () =>
  part({ V: number(-1, 1).optional(), A: number(0, 1).optional(), D: number(-1, 1).optional() }, [
    'V',
    'A',
    'D',
  ]);

const overrideParts = ['emotion', 'mood', 'body_budget', 'relationship'] as const;

/** Zod schema of an override (`POST /v1/persona/:id/override`); unknown fields are rejected. */
export const overrideSchema = z
  .strictObject(
    {
      emotion: vad().optional().describe('The felt emotion to set: V and D in [-1, 1], A in [0, 1]'),
      mood: vad().optional().describe('The mood to set, in the same ranges'),
      body_budget: part({ energy: number(minEnergy, 1).optional(), stress: number(0, 1).optional() }, [
        'energy',
        'stress',
      ])
        .optional()
        .describe('The body budget to set: energy in [0.05, 1], stress in [0, 1]'),
      relationship: part(
        {
          participant: z
            .string({ error: `must be a participant id of 1 to ${maxParticipantIdLength} characters` })
            .min(1, { error: `must be a participant id of 1 to ${maxParticipantIdLength} characters` })
            .max(maxParticipantIdLength, {
              error: `must be a participant id of 1 to ${maxParticipantIdLength} characters`,
            })
            .optional()
            .describe('A participant of a group session; omitted: the default person'),
          rapport: number(0, 1).optional(),
          trust: number(0, 1).optional(),
          familiarity: number(0, 1).optional(),
        },
        ['rapport', 'trust', 'familiarity'],
      )
        .optional()
        .describe('The relationship to set, each value in [0, 1]'),
      note: z
        .string({ error: `must be a string of 1 to ${maxOverrideNote} characters` })
        .max(maxOverrideNote, { error: `must be a string of 1 to ${maxOverrideNote} characters` })
        .refine((s) => s.trim().length > 0, {
          error: `must be a string of 1 to ${maxOverrideNote} characters`,
        })
        .optional()
        .describe('Why (the story beat), kept in the override log'),
    },
    { error: 'must be an object' },
  )
  .superRefine((value, ctx) => {
    if (overrideParts.every((key) => value[key] === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['emotion'],
        message: `give at least one of ${overrideParts.join(', ')}`,
      });
    }
  })
  .describe(
    'An operator override (a story beat): sets the emotion, mood, body budget or a relationship value within its range; at least one is required',
  );

/** Validates an override. @throws LimbicError VALIDATION_ERROR naming every bad field, e.g. `emotion.V`. */
export function parseOverride(input: unknown): OverrideInput {
  return parseWith(overrideSchema, input, 'override') as OverrideInput;
}

/** An entry as views show it. */
export function toOverrideView(entry: OverrideEntry): OverrideView {
  return { by: entry.by, at: new Date(entry.at).toISOString(), ...entry.values, note: entry.note };
}

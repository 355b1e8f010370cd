import { z } from 'zod';
import { toIssues, type Validated } from '../util/validation.js';
import { type Domain, domains, type Facet, facets, facetsByDomain } from './hexaco.js';
import type { PersonaDefinition } from './persona.js';

// A number in [min, max], or (min, max] when openMin; zod rejects NaN and ±Infinity as non-numbers.
function range(min: number, max: number, openMin = false) {
  const rule = `must be a number in ${openMin ? '(' : '['}${min}, ${max}]`;
  const number = z.number({ error: rule });
  return (openMin ? number.gt(min, { error: rule }) : number.min(min, { error: rule })).max(max, {
    error: rule,
  });
}

function text(max: number) {
  const rule = `must be a string of at most ${max} characters`;
  return z.string({ error: rule }).max(max, { error: rule });
}

function list<T extends z.ZodType>(item: T, max: number, what: string) {
  const rule = `must be a list of at most ${max} ${what}`;
  return z.array(item, { error: rule }).max(max, { error: rule });
}

const unit = range(0, 1);

const hexacoOrder = Object.values(facetsByDomain).flat().join(', ');

/** The message for a facet key that is not one of the 24, listing them in HEXACO order (H, E, X, A, C, O). */
export const unknownFacetMessage = `is not one of the 24 HEXACO facets (${hexacoOrder})`;

/** Zod schema of a persona's identity: every field optional, unknown fields rejected. */
export const identitySchema = z.strictObject(
  {
    name: text(100).min(1, { error: 'must not be empty' }).optional(),
    core_values: list(text(100), 20, 'strings of at most 100 characters').optional(),
    speaking_style: text(500).optional(),
    role: text(500).optional(),
    language: text(35)
      .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, {
        error: 'must be a BCP 47 language tag such as en or pt-BR',
      })
      .optional(),
  },
  { error: 'must be an object' },
);

/** Zod schema of the facets object: any of the 24 HEXACO facets, each in [0, 1]. */
export const facetsSchema = z.strictObject(
  Object.fromEntries(facets.map((facet) => [facet, unit.optional()])) as Record<
    Facet,
    z.ZodOptional<typeof unit>
  >,
  { error: 'must be an object of HEXACO facets' },
);

/** Zod schema of a personality: any of the six domains and the facets, each in [0, 1]. */
export const personalitySchema = z.strictObject(
  {
    ...(Object.fromEntries(domains.map((domain) => [domain, unit.optional()])) as Record<
      Domain,
      z.ZodOptional<typeof unit>
    >),
    facets: facetsSchema.optional(),
  },
  { error: 'must be an object with the HEXACO domains O, C, E, A, N, H' },
);

/** Zod schema of a VAD baseline: all three of V in [-1, 1], A in [0, 1], D in [-1, 1]. */
export const baselineSchema = z.strictObject(
  { V: range(-1, 1), A: range(0, 1), D: range(-1, 1) },
  { error: 'must be an object with V, A and D' },
);

/** Zod schema of emotion_config: any subset of the emotion dynamics, each within its range. */
export const emotionConfigSchema = z.strictObject(
  {
    baseline: baselineSchema.optional(),
    reactivity: range(0, 2).optional(),
    positive_gain: range(0, 3).optional(),
    negative_gain: range(0, 3).optional(),
    arousal_gain: range(0, 3).optional(),
    emotion_half_life_seconds: range(0, 604_800, true).optional(),
    mood_half_life_seconds: range(0, 2_592_000, true).optional(),
    mood_pull: unit.optional(),
    expectation_learning_rate: unit.optional(),
    coping_threshold: unit.optional(),
    energy_recovery_per_hour: range(0, 10).optional(),
    stress_half_life_seconds: range(0, 2_592_000, true).optional(),
    turn_seconds: range(0, 3600).optional(),
  },
  { error: 'must be an object' },
);

/**
 * Zod schema of a persona definition's shape and ranges. It does not look presets up or require the domains a
 * custom persona needs: {@link validatePersonaShape} plus the resolver do that.
 */
export const personaDefinitionSchema = z.strictObject(
  {
    preset: text(64).min(1, { error: 'must not be empty' }).optional(),
    identity: identitySchema.optional(),
    personality: personalitySchema.optional(),
    emotion_config: emotionConfigSchema.optional(),
    goals: list(text(300), 20, 'strings of at most 300 characters').optional(),
    description: text(300)
      .describe(
        'One line saying who the character is. Sent without preset and personality, it is the brief from which the configured LLM writes the persona.',
      )
      .optional(),
  },
  { error: 'must be an object' },
);

// Zod keeps keys whose value is undefined; dropping them makes the parsed value a true PersonaDefinition.
function dropUndefined(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(dropUndefined);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).filter(([, inner]) => inner !== undefined);
  return Object.fromEntries(entries.map(([key, inner]) => [key, dropUndefined(inner)]));
}

const facetPath = /^personality\.facets\.(.+)$/;

/**
 * Checks the shape and ranges of a persona definition and returns every issue found, with paths such as
 * `personality.facets.bogus` and messages that state the rule.
 */
export function validatePersonaShape(input: unknown): Validated<PersonaDefinition> {
  const parsed = personaDefinitionSchema.safeParse(input);
  if (parsed.success) return { ok: true, value: dropUndefined(parsed.data) as PersonaDefinition };
  const issues = toIssues(parsed.error, input, '', personaDefinitionSchema).map((issue) =>
    facetPath.test(issue.path) && issue.message.startsWith('is not a known field')
      ? {
          path: issue.path,
          message: unknownFacetMessage + issue.message.slice('is not a known field'.length),
        }
      : issue,
  );
  return { ok: false, issues };
}

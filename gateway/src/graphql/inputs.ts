import {
  appraisalDimensions,
  domains,
  eventSources,
  facets,
  isLimbicError,
  proactiveTypes,
  toValidationError,
  type ValidationIssue,
} from '@limbic/core';
import { builder } from './builder.js';
import { QuietHoursInput } from './policy-inputs.js';
import { emotionConfigNumbers } from './session-types.js';

// Input types mirror the REST bodies field for field, so the core validates them with the same messages and issue
// paths as REST. Only what GraphQL's types express is checked before (a missing required field, a wrong scalar
// type); ranges, lengths, presets and the rest are left to the core.

const EventSourceEnum = builder.enumType('EventSource', {
  description: 'Who caused an event: user (counts as contact), system or internal (do not).',
  values: eventSources,
});

const AppraisalInput = builder.inputType('AppraisalInput', {
  description:
    'An appraisal: goal_relevance, expectedness, controllability in [0, 1]; goal_congruence, agency, norm_compatibility in [-1, 1].',
  fields: (t) =>
    Object.fromEntries(appraisalDimensions.map((d) => [d, t.float({ required: true })])) as Record<
      (typeof appraisalDimensions)[number],
      ReturnType<typeof t.float<true>>
    >,
});

const ParticipantInput = builder.inputType('ParticipantInput', {
  description:
    'Someone in a group conversation (REST `{id, name?}`): an id you choose (1-128 characters, a platform user id, say) and a display name (1-128 characters).',
  fields: (t) => ({
    id: t.id({ required: true }),
    name: t.string(),
  }),
});

const AddresseeInput = builder.inputType('AddresseeInput', {
  description:
    'Whom a turn is aimed at: exactly one of `character: true` (REST `"character"`), `everyone: true` (REST `"everyone"`) and `participant` (REST `{id, name?}`).',
  isOneOf: true,
  fields: (t) => ({
    character: t.boolean({ description: 'true: the character' }),
    everyone: t.boolean({ description: 'true: everyone present, the character among them' }),
    participant: t.field({ type: ParticipantInput, description: 'One participant' }),
  }),
});

// `from` and `to` of every turn input (REST's fields of the same names; both optional).
const partyFields = (
  t: PothosSchemaTypes.InputFieldBuilder<typeof builder.$inferSchemaTypes, 'InputObject'>,
) => ({
  from: t.field({
    type: ParticipantInput,
    description: 'Group turns: who said or did it; omitted, the one person of a private chat',
  }),
  to: t.field({
    type: AddresseeInput,
    description: 'Group turns: whom it was aimed at; omitted, inferred from the text and who is present',
  }),
});

// `summary` of every turn input (REST's field of the same name).
const memoryFields = (
  t: PothosSchemaTypes.InputFieldBuilder<typeof builder.$inferSchemaTypes, 'InputObject'>,
) => ({
  summary: t.string({
    description:
      'What the episode this turn may become says happened, instead of the turn text (1-280 characters; docs/memory.md)',
  }),
});

/** POST /v1/turn/appraisal's body. */
export const AppraisalTurnInput = builder.inputType('AppraisalTurnInput', {
  fields: (t) => ({
    sessionId: t.id({ required: true }),
    appraisal: t.field({ type: AppraisalInput, required: true }),
    context: t.string({ description: 'What happened, used to enrich prompt_data' }),
    elapsedSeconds: t.float({ description: 'Seconds since the last interaction; default: the clock’s gap' }),
    ...partyFields(t),
    ...memoryFields(t),
  }),
});

const TextEventInput = builder.inputType('TextEventInput', {
  fields: (t) => ({
    description: t.string({ required: true }),
    source: t.field({ type: EventSourceEnum, description: 'Default user' }),
  }),
});

/** POST /v1/turn's body: exactly one of `message` and `event`. */
export const TextTurnInput = builder.inputType('TextTurnInput', {
  description: 'A text turn: exactly one of `message` (a chat message) and `event`.',
  fields: (t) => ({
    sessionId: t.id({ required: true }),
    message: t.string(),
    event: t.field({ type: TextEventInput }),
    elapsedSeconds: t.float(),
    ...partyFields(t),
    ...memoryFields(t),
  }),
});

const VadInput = builder.inputType('VadInput', {
  description: 'V and D in [-1, 1], A in [0, 1].',
  fields: (t) => ({
    V: t.float({ required: true }),
    A: t.float({ required: true }),
    D: t.float({ required: true }),
  }),
});

const EmotionConfigInput = builder.inputType('EmotionConfigInput', {
  description: 'Overrides of the emotion dynamics; every field is derived from personality when omitted.',
  fields: (t) => ({
    baseline: t.field({ type: VadInput }),
    ...(Object.fromEntries(emotionConfigNumbers.map((key) => [key, t.float()])) as Record<
      (typeof emotionConfigNumbers)[number],
      ReturnType<typeof t.float>
    >),
  }),
});

const FacetsInput = builder.inputType('FacetsInput', {
  description: 'Any of the 24 HEXACO facets, each in [0, 1].',
  fields: (t) =>
    Object.fromEntries(facets.map((f) => [f, t.float()])) as Record<string, ReturnType<typeof t.float>>,
});

const PersonalityInput = builder.inputType('PersonalityInput', {
  description:
    'HEXACO personality: O, C, E, A, N, H in [0, 1] (all six needed without a preset), and facets.',
  fields: (t) => ({
    ...(Object.fromEntries(domains.map((d) => [d, t.float()])) as Record<
      (typeof domains)[number],
      ReturnType<typeof t.float>
    >),
    facets: t.field({ type: FacetsInput }),
  }),
});

const IdentityInput = builder.inputType('IdentityInput', {
  fields: (t) => ({
    name: t.string(),
    core_values: t.stringList(),
    speaking_style: t.string(),
    role: t.string(),
    language: t.string({ description: 'BCP 47 tag such as en, es, ja or pt-BR' }),
  }),
});

/** POST /v1/persona's body. */
export const PersonaDefinitionInput = builder.inputType('PersonaDefinitionInput', {
  description: 'A persona: a preset, custom fields, or both (custom fields win field by field).',
  fields: (t) => ({
    preset: t.string({ description: 'A preset id (query `presets`)' }),
    identity: t.field({ type: IdentityInput }),
    personality: t.field({ type: PersonalityInput }),
    emotion_config: t.field({ type: EmotionConfigInput }),
    goals: t.stringList(),
    description: t.string({
      description:
        'One line saying who the character is. Sent without preset and personality, the brief from which the configured LLM writes the persona.',
    }),
  }),
});

const TriggersInput = builder.inputType('ProactiveTriggersInput', {
  description: 'Per-trigger toggles; an omitted one is on.',
  fields: (t) =>
    Object.fromEntries(proactiveTypes.map((type) => [type, t.boolean()])) as Record<
      (typeof proactiveTypes)[number],
      ReturnType<typeof t.boolean>
    >,
});

const PreferencesInput = builder.inputType('ProactivePreferencesInput', {
  description:
    'Replaces the preferences: omitted triggers are on, an omitted cooldown_hours is 4, time_zone UTC, quiet_hours none, max_per_day 3.',
  fields: (t) => ({
    enabled: t.boolean({ required: true }),
    triggers: t.field({ type: TriggersInput }),
    cooldown_hours: t.float({ description: 'In [0, 720]' }),
    time_zone: t.string({ description: 'IANA time zone name; omitted: UTC' }),
    quiet_hours: t.field({ type: QuietHoursInput, description: 'Omitted or null: none' }),
    max_per_day: t.int({ description: 'In [1, 100]; omitted: 3' }),
  }),
});

/** PUT /v1/proactive/:sessionId/preferences, with the session in the input. */
export const SetPreferencesInput = builder.inputType('SetProactivePreferencesInput', {
  fields: (t) => ({
    sessionId: t.id({ required: true }),
    preferences: t.field({ type: PreferencesInput, required: true }),
  }),
});

/**
 * A plain copy of a GraphQL input value without null fields: GraphQL's explicit `null` for an optional input
 * field means "not given", which is how the core (and REST) read an absent field.
 */
export function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) if (inner !== null) out[key] = withoutNulls(inner);
  return out;
}

/**
 * Runs a turn from a GraphQL turn input, with REST's body and REST's issues in GraphQL's words. The body is the
 * input without null fields (see {@link withoutNulls}) and with `to` as REST writes it (`{character: true}` →
 * `"character"`, `{everyone: true}` → `"everyone"`, `{participant}` → the participant). Issue paths under a
 * participant `to` name `to.participant`; `character: false` and `everyone: false` name nobody and are rejected
 * with the body's other issues (`check`, the core's parser, lists those without running anything).
 * @throws LimbicError VALIDATION_ERROR, and whatever `run` throws.
 */
export async function runTurn<T>(
  input: unknown,
  check: (body: unknown) => unknown,
  run: (body: Record<string, unknown>) => Promise<T>,
): Promise<T> {
  const body = withoutNulls(input) as Record<string, unknown>;
  const to = body.to as { character?: boolean; everyone?: boolean; participant?: unknown } | undefined;
  const falseKey = to?.character === false ? 'character' : to?.everyone === false ? 'everyone' : undefined;
  if (falseKey) {
    const issues: ValidationIssue[] = [];
    const { to: _, ...rest } = body;
    try {
      check(rest);
    } catch (error) {
      if (!isLimbicError(error, 'VALIDATION_ERROR')) throw error;
      issues.push(...error.issues);
    }
    issues.push({
      path: `to.${falseKey}`,
      message: 'must be true (false names nobody: give character, everyone or participant)',
    });
    throw toValidationError('turn', issues);
  }
  if (to) body.to = to.character ? 'character' : to.everyone ? 'everyone' : to.participant;
  try {
    return await run(body);
  } catch (error) {
    if (!to?.participant || !isLimbicError(error, 'VALIDATION_ERROR')) throw error;
    const renamed = error.issues.map((issue) =>
      issue.path.startsWith('to.') ? { ...issue, path: `to.participant.${issue.path.slice(3)}` } : issue,
    );
    throw toValidationError('turn', renamed);
  }
}

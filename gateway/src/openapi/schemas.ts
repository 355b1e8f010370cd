import {
  appraisalDimensions,
  appraisalTurnSchema,
  defaultCooldownHours,
  emotionLabels,
  experienceKinds,
  facets,
  familiarityLevels,
  intensityLevels,
  maxParticipantIdLength,
  personaDefinitionSchema,
  preferencesSchema,
  presetIds,
  proactiveTypes,
  type Roles,
  rapportLevels,
  readerCategories,
  readerGroups,
  replyReasons,
  soulStages,
  stageTransitionReasons,
  supportedPromptLocales,
  textTurnSchema,
  trustLevels,
} from '@limbic/core';
import { type ErrorCode, errorCodes } from '@limbic/protocol';
import { roleText, roleValues } from '../role-text.js';

/** A JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1). */
export type JsonSchema = { [keyword: string]: unknown };

// Schema helpers: every object lists its keys exactly (additionalProperties false), so the documented shape and
// the real responses cannot drift apart without the OpenAPI test failing.
/** A string. */
export const str: JsonSchema = { type: 'string' };
/** An integer. */
export const int: JsonSchema = { type: 'integer' };
/** A reference to a component schema. */
export const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
const bool: JsonSchema = { type: 'boolean' };
const dateTime: JsonSchema = { type: 'string', format: 'date-time' };
const range = (minimum: number, maximum: number): JsonSchema => ({ type: 'number', minimum, maximum });
const unit = range(0, 1);
const signed = range(-1, 1);
const nullable = (schema: JsonSchema): JsonSchema => ({ oneOf: [schema, { type: 'null' }] });
/** An array of `items`. */
export const list = (items: JsonSchema): JsonSchema => ({ type: 'array', items });
const oneOfValues = (values: readonly (string | null)[]): JsonSchema => ({ enum: [...values] });
/** Any JSON object (an OpenAPI document's parts): `additionalProperties` says so, for generators. */
const anyObject: JsonSchema = { type: 'object', additionalProperties: true };

/** The six trait names of prompt_data.system.traits. */
const traitNames = [
  'openness',
  'conscientiousness',
  'extraversion',
  'agreeableness',
  'emotionality',
  'honesty_humility',
] as const;
/** An object with exactly these properties, each required unless named in `optional`. */
export function obj(properties: Record<string, JsonSchema>, optional: readonly string[] = []): JsonSchema {
  const required = Object.keys(properties).filter((key) => !optional.includes(key));
  return { type: 'object', properties, required, additionalProperties: false };
}
/** A request schema from a core zod schema (zod v4 generates draft 2020-12, the dialect of OpenAPI 3.1). */
function fromZod(schema: {
  toJSONSchema(params: { io: 'input'; unrepresentable: 'any' }): object;
}): JsonSchema {
  const { $schema: _, ...out } = schema.toJSONSchema({ io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return out;
}

/** A participant id: any string of 1-128 characters the client chooses (a platform user id, say). */
const participantId: JsonSchema = { type: 'string', minLength: 1, maxLength: maxParticipantIdLength };
/** A relationship in words, as prompt_data gives it for the person spoken with and for each participant. */
const relationshipLevels = {
  rapport_level: oneOfValues(rapportLevels),
  trust_level: oneOfValues(trustLevels),
  trust_percentage: { ...int, minimum: 0, maximum: 100 },
  familiarity_level: oneOfValues(familiarityLevels),
};

const stageReasons = stageTransitionReasons;
const stageIds = soulStages.map((s) => s.id);
const label = oneOfValues(emotionLabels);
const intensityLevel = oneOfValues(intensityLevels);
const hexaco = { O: unit, C: unit, E: unit, A: unit, N: unit, H: unit };
const emotionConfig = {
  baseline: ref('Vad'),
  reactivity: range(0, 2),
  positive_gain: range(0, 3),
  negative_gain: range(0, 3),
  arousal_gain: range(0, 3),
  emotion_half_life_seconds: range(0, 604_800),
  mood_half_life_seconds: range(0, 2_592_000),
  mood_pull: unit,
  expectation_learning_rate: unit,
  coping_threshold: unit,
  energy_recovery_per_hour: range(0, 10),
  stress_half_life_seconds: range(0, 2_592_000),
  turn_seconds: range(0, 3600),
};

/** A field of a text turn's `roles`: its values, described one by one. */
function roleField(field: keyof Roles): JsonSchema {
  const { field: what, values } = roleText[field];
  const meanings = Object.entries(values).map(([value, meaning]) => `${value}: ${meaning}`);
  return { ...oneOfValues(roleValues(field)), description: `${what}. ${meanings.join('; ')}` };
}

/** The document's component schemas: responses written here, request bodies generated from the core's zod schemas. */
export function componentSchemas(): Record<string, JsonSchema> {
  const appraisal = obj({
    goal_relevance: unit,
    goal_congruence: signed,
    expectedness: unit,
    controllability: unit,
    agency: signed,
    norm_compatibility: signed,
  });
  const shared = {
    discrete_emotion: label,
    secondary_emotion: oneOfValues([...emotionLabels, null]),
    emotion_intensity: unit,
    intensity_level: intensityLevel,
    mood: ref('Vad'),
    body_budget: obj({ energy: unit, stress: unit }),
    soul_stage: ref('SoulStage'),
    need_state: obj({ belonging: unit, competence: unit, autonomy: unit }),
    interpersonal: ref('Interpersonal'),
  };
  const sessionInfo = {
    sessionId: str,
    persona: ref('Persona'),
    config: obj(emotionConfig),
    createdAt: dateTime,
  };
  return {
    Error: errorSchema(errorCodes),
    Vad: obj({ V: signed, A: unit, D: signed }),
    Appraisal: appraisal,
    SoulStage: obj({
      stage: oneOfValues(stageIds),
      level: { ...int, minimum: 1, maximum: 15 },
      group: oneOfValues([...new Set(soulStages.map((s) => s.group))]),
      progress: unit,
    }),
    StageTransition: obj({
      from: oneOfValues(stageIds),
      to: oneOfValues(stageIds),
      reason: oneOfValues(stageReasons),
      turns_in_previous: { ...int, minimum: 0 },
    }),
    PromptData: obj({
      language: str,
      locale: oneOfValues(supportedPromptLocales),
      system: obj({
        identity: obj({
          name: str,
          role: nullable(str),
          core_values: list(str),
          speaking_style: nullable(str),
        }),
        traits: obj(
          Object.fromEntries(
            traitNames.map((name) => [name, obj({ value: unit, level: str, behavior: str })]),
          ),
        ),
        goals: list(str),
      }),
      context: obj({
        event: nullable(str),
        emotion: obj({
          primary: label,
          secondary: oneOfValues([...emotionLabels, null]),
          intensity: unit,
          intensity_level: intensityLevel,
          V: signed,
          A: unit,
          D: signed,
          valence_description: str,
          arousal_description: str,
          dominance_description: str,
        }),
        energy: obj({
          level: oneOfValues(['depleted', 'low', 'moderate', 'good', 'full']),
          budget_percentage: { ...int, minimum: 0, maximum: 100 },
          stress_level: oneOfValues(['none', 'low', 'moderate', 'high', 'severe']),
          description: str,
        }),
        stage: obj({
          id: oneOfValues(stageIds),
          level: { ...int, minimum: 1, maximum: 15 },
          name: str,
          description: str,
          behavioral_tendency: str,
        }),
        needs: obj({
          ...Object.fromEntries(
            ['belonging', 'competence', 'autonomy'].map((need) => [
              need,
              obj({ value: unit, level: oneOfValues(['deficit', 'low', 'satisfied']), description: str }),
            ]),
          ),
          deficit_summary: nullable(str),
        }),
        relationship: obj({
          ...relationshipLevels,
          attachment_style: oneOfValues(['secure', 'anxious', 'avoidant', 'disorganized']),
          description: str,
        }),
        speaker: {
          ...nullable(ref('PromptPerson')),
          description: 'Group turns: who is speaking; null for turns without `from`',
        },
        addressed_to: {
          oneOf: [oneOfValues(['character', 'everyone']), obj({ id: participantId, name: str })],
          description: 'Whom the turn was aimed at: the character, everyone present, or one participant',
        },
        others: {
          ...list(ref('PromptPerson')),
          maxItems: 3,
          description: 'Group turns: the few other participants who matter now',
        },
      }),
      instruction: obj({
        language_directive: str,
        stage_instruction: str,
        expression_guide: str,
        response_length_hint: str,
        need_direction: nullable(str),
        group_instruction: {
          ...nullable(str),
          description: 'Group turns: how to speak in the room; null otherwise',
        },
      }),
      formatted: obj({ system_prompt: str, context_block: str, instruction_block: str }),
    }),
    TurnResult: obj(
      {
        appraisal: ref('Appraisal'),
        prediction_error: unit,
        prediction_errors: obj(Object.fromEntries(appraisalDimensions.map((k) => [k, range(-2, 2)]))),
        emotion_delta: obj({ V: range(-2, 2), A: signed, D: range(-2, 2) }),
        new_emotion: ref('Vad'),
        ...shared,
        stage_transition: nullable(ref('StageTransition')),
        prompt_data: ref('PromptData'),
        speaker: {
          ...nullable(ref('Participant')),
          description:
            'Who spoke (`from`, with the name the session knows), or null for turns without `from`',
        },
        to: ref('Addressee'),
        reply: ref('ReplyAdvice'),
        appraiser: {
          ...str,
          description:
            'Text turns only: reader (the offline reader), llm (the configured model), or a custom appraiser',
        },
        fallback_reason: {
          ...nullable(str),
          description:
            'Text turns only: why the LLM was not used for this turn (null when it was, or none is set)',
        },
        perceived: {
          ...nullable(ref('Perceived')),
          description:
            'Text turns only: what the offline reader read in the message (null when the LLM answered)',
        },
        roles: {
          ...nullable(ref('Roles')),
          description:
            'Text turns only: who did what to whom, as the appraiser understood the message (null when it reads no roles)',
        },
      },
      ['appraiser', 'fallback_reason', 'perceived', 'roles'],
    ),
    Perceived: obj({
      emotion: oneOfValues(readerCategories),
      group: oneOfValues(readerGroups),
      confidence: unit,
      scores: obj(Object.fromEntries(readerCategories.map((c) => [c, unit]))),
      experience: ref('Experience'),
    }),
    Experience: {
      ...obj({
        kind: { ...oneOfValues(experienceKinds), description: 'What the experiencer feels' },
        valence: { ...signed, description: 'How pleasant the event is for them' },
        activation: { ...signed, description: 'How stirring the text is (0: an average sentence)' },
        narrative: {
          ...range(0, 0.7),
          description: 'How much the text reads as a report of an event rather than an expression of feeling',
        },
        strength: { ...unit, description: 'How much the evidence says the event matters' },
      }),
      description: 'The experience a message tells of, as the offline reader read it',
    },
    Roles: {
      ...obj({
        experiencer: roleField('experiencer'),
        cause: roleField('cause'),
        addressee: roleField('addressee'),
      }),
      description: 'Who did what to whom in a text turn’s message, from the point of view of the character',
    },
    StateSnapshot: obj({
      emotion: ref('Vad'),
      ...shared,
      speaker: {
        ...nullable(ref('Participant')),
        description: 'The participant who spoke last (interpersonal is the relationship with them), or null',
      },
      turns: { ...int, minimum: 0 },
      at: dateTime,
    }),
    Interpersonal: obj({ rapport: unit, trust: unit, familiarity: unit }),
    Participant: {
      ...obj({ id: participantId, name: nullable(str) }),
      description:
        'A participant of a group session: the id turns name in `from`, and the name last given (or null)',
    },
    Addressee: {
      oneOf: [oneOfValues(['character', 'everyone']), ref('Participant')],
      description: 'Whom a turn was aimed at: the character, everyone present, or one participant',
    },
    ReplyAdvice: {
      ...obj({ should: bool, reason: oneOfValues(replyReasons), urge: unit }),
      description:
        'Whether the character should speak now, why, and its urge to speak; always should: true without `from`',
    },
    PromptPerson: obj({ id: participantId, name: str, ...relationshipLevels, description: str }),
    ParticipantSummary: obj({
      id: participantId,
      name: nullable(str),
      interpersonal: ref('Interpersonal'),
      turns: { ...int, minimum: 0 },
      first_seen_at: dateTime,
      last_seen_at: dateTime,
    }),
    ParticipantPage: obj({ participants: list(ref('ParticipantSummary')), cursor: nullable(str) }),
    Forgotten: obj({ forgotten: { const: true }, id: participantId }),
    Persona: obj({
      preset: nullable(oneOfValues(presetIds)),
      description: str,
      identity: obj({ name: str, core_values: list(str), speaking_style: str, role: str, language: str }, [
        'speaking_style',
        'role',
      ]),
      personality: obj({ ...hexaco, facets: obj(Object.fromEntries(facets.map((f) => [f, unit]))) }),
      goals: list(str),
      emotion_config: obj(emotionConfig, Object.keys(emotionConfig)),
    }),
    SessionInfo: obj(sessionInfo),
    SessionDetails: obj({
      ...sessionInfo,
      updatedAt: dateTime,
      preferences: ref('Preferences'),
      state: ref('StateSnapshot'),
    }),
    SessionPage: obj({
      sessions: list(
        obj({
          sessionId: str,
          name: str,
          preset: nullable(str),
          description: str,
          createdAt: dateTime,
          updatedAt: dateTime,
          turns: { ...int, minimum: 0 },
        }),
      ),
      cursor: nullable(str),
    }),
    Deleted: obj({ deleted: { const: true }, id: str }),
    Preferences: obj({
      enabled: bool,
      triggers: obj({ attachment_seeking: bool, need_deficit: bool, emotional_overflow: bool }),
      cooldown_hours: range(0, 720),
    }),
    PreferencesResult: obj({ sessionId: str, preferences: ref('Preferences') }),
    ProactiveAction: obj(
      {
        id: str,
        type: oneOfValues(proactiveTypes),
        message: str,
        priority: oneOfValues(['low', 'medium', 'high']),
        metadata: {
          type: 'object',
          additionalProperties: { type: ['string', 'number', 'boolean', 'null'] },
        },
        timestamp: dateTime,
        // Group sessions: whom the action is addressed to (absent when the session knows nobody by id).
        participant: ref('Participant'),
      },
      ['participant'],
    ),
    ProactiveActions: list(ref('ProactiveAction')),
    Acknowledged: obj({ action_id: str, acknowledged: { const: true } }),
    Health: obj({
      status: { const: 'ok' },
      version: str,
      store: obj({ kind: str, reachable: { const: true } }),
      uptime_seconds: { ...int, minimum: 0 },
      time_scale: { type: 'number', exclusiveMinimum: 0 },
      engine_time: {
        ...dateTime,
        description:
          'The engine clock now: the wall clock at time scale 1; under a time scale, counted from the origin stored with the data, so every gateway on one store agrees',
      },
    }),
    Presets: obj({
      presets: list(
        obj({ id: oneOfValues(presetIds), name: str, description: str, personality: obj(hexaco) }),
      ),
    }),
    OpenApi: {
      type: 'object',
      properties: {
        openapi: { const: '3.1.0' },
        info: anyObject,
        servers: { type: 'array', items: anyObject },
        paths: anyObject,
        components: anyObject,
        'x-websocket': anyObject,
      },
      required: ['openapi', 'info', 'paths', 'components'],
    },
    AsyncApi: {
      type: 'object',
      properties: {
        asyncapi: { const: '3.0.0' },
        info: anyObject,
        servers: anyObject,
        channels: anyObject,
        operations: anyObject,
        components: anyObject,
      },
      required: ['asyncapi', 'info', 'channels', 'operations', 'components'],
    },
    PersonaDefinition: fromZod(personaDefinitionSchema),
    AppraisalTurn: fromZod(appraisalTurnSchema),
    TextTurn: textTurn(),
    PreferencesInput: {
      ...fromZod(preferencesSchema),
      description: `Replaces the preferences: omitted triggers are on, an omitted cooldown_hours is ${defaultCooldownHours}`,
    },
    AckRequest: {
      description:
        'The action to acknowledge, by `action_id` (its name on the WebSocket) or `id` (its name in the REST list): one of the two',
      oneOf: [
        obj({ action_id: { type: 'string', minLength: 1, maxLength: 128 } }),
        obj({ id: { type: 'string', minLength: 1, maxLength: 128 } }),
      ],
    },
  };
}

/** The text turn's two forms; zod's refinement "exactly one of message and event" has no JSON Schema form. */
function textTurn(): JsonSchema {
  const schema = fromZod(textTurnSchema);
  const { message, event, ...common } = schema.properties as Record<string, JsonSchema>;
  const required = (schema.required ?? []) as string[];
  const optional = Object.keys(common).filter((key) => !required.includes(key));
  return {
    oneOf: [
      obj({ ...common, message: message ?? str }, optional),
      obj({ ...common, event: event ?? anyObject }, optional),
    ],
  };
}

/** The error body with `code` restricted to `codes`. */
export function errorSchema(codes: readonly ErrorCode[]): JsonSchema {
  return obj({
    error: obj(
      {
        code: oneOfValues(codes),
        status: int,
        message: str,
        details: list(obj({ path: str, message: str })),
        request_id: str,
        retry_after: { ...int, minimum: 0 },
      },
      ['details', 'request_id', 'retry_after'],
    ),
  });
}

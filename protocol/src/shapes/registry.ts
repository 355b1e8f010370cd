import {
  appraisalTurnSchema,
  memorySettingsSchema,
  overrideSchema,
  participantPolicySchema as participantPolicyInputSchema,
  personaDefinitionSchema,
  preferencesSchema,
  sessionSnapshotSchema,
  textTurnSchema,
  tickSchema,
} from '@limbic/core';
import type { z } from 'zod';
import { deprecatedAliases } from '../fields.js';
import { overrideResultSchema, overrideViewSchema, tickResultSchema } from './controls.js';
import { contributionSchema, turnExplanationSchema } from './explanation.js';
import { type JsonSchema, jsonSchemasOf, ref } from './json-schema.js';
import {
  episodeFeelingSchema,
  memoriesForgottenSchema,
  memoryPageSchema,
  memorySettingsInputNote,
  memorySettingsResultSchema,
  memorySettingsViewSchema,
  memoryViewSchema,
} from './memory.js';
import { asyncApiSchema, errorBody, healthSchema, openApiSchema, presetsSchema } from './meta.js';
import {
  participantPolicyResultSchema,
  participantPolicySchema,
  proactiveReasonSchema,
  quietHoursSchema,
  reasonEpisodeSchema,
} from './policy.js';
import {
  acknowledgedSchema,
  ackRequestSchema,
  proactiveActionSchema,
  proactiveActionsSchema,
  wireProactiveActionSchema,
} from './proactive.js';
import { promptDataSchema, promptPersonSchema } from './prompt-data.js';
import {
  relationshipHealthSchema,
  relationshipSignalSchema,
  relationshipTrendSchema,
} from './relationship.js';
import {
  deletedSchema,
  forgottenSchema,
  participantPageSchema,
  participantSummarySchema,
  personaSchema,
  preferencesInputNote,
  preferencesResultSchema,
  proactivePreferencesSchema,
  sessionDetailsSchema,
  sessionInfoSchema,
  sessionPageSchema,
} from './sessions.js';
import { sessionImportSchema, snapshotJsonSchemaDocument } from './snapshot.js';
import {
  addresseeSchema,
  appraisalSchema,
  experienceSchema,
  interpersonalSchema,
  participantSchema,
  perceivedSchema,
  replyAdviceSchema,
  rolesSchema,
  soulStageSchema,
  stageTransitionSchema,
  stateSnapshotSchema,
  vadSchema,
} from './state.js';
import { turnResultSchema } from './turn-result.js';
import {
  webhookCreatedSchema,
  webhookCreateInputSchema,
  webhookDeliveryPageSchema,
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookPageSchema,
  webhookSecretSchema,
  webhookTestSchema,
  webhookUpdateInputSchema,
} from './webhooks.js';

/**
 * Every answer's shape by its component name in the OpenAPI and AsyncAPI documents. A schema used inside another
 * becomes a `$ref` to its component; the order is the documents' order.
 */
export const responseShapes = {
  Error: errorBody(),
  Vad: vadSchema,
  Appraisal: appraisalSchema,
  SoulStage: soulStageSchema,
  StageTransition: stageTransitionSchema,
  PromptData: promptDataSchema,
  TurnResult: turnResultSchema,
  Perceived: perceivedSchema,
  Experience: experienceSchema,
  Roles: rolesSchema,
  StateSnapshot: stateSnapshotSchema,
  Interpersonal: interpersonalSchema,
  Participant: participantSchema,
  Addressee: addresseeSchema,
  ReplyAdvice: replyAdviceSchema,
  TurnExplanation: turnExplanationSchema,
  Contribution: contributionSchema,
  PromptPerson: promptPersonSchema,
  ParticipantSummary: participantSummarySchema,
  ParticipantPage: participantPageSchema,
  RelationshipHealth: relationshipHealthSchema,
  RelationshipSignal: relationshipSignalSchema,
  RelationshipTrend: relationshipTrendSchema,
  Forgotten: forgottenSchema,
  EpisodeFeeling: episodeFeelingSchema,
  MemoryView: memoryViewSchema,
  MemoryPage: memoryPageSchema,
  MemoriesForgotten: memoriesForgottenSchema,
  MemorySettings: memorySettingsViewSchema,
  MemorySettingsResult: memorySettingsResultSchema,
  Persona: personaSchema,
  SessionInfo: sessionInfoSchema,
  SessionDetails: sessionDetailsSchema,
  SessionPage: sessionPageSchema,
  Deleted: deletedSchema,
  Preferences: proactivePreferencesSchema,
  PreferencesResult: preferencesResultSchema,
  ProactiveAction: proactiveActionSchema,
  ProactiveActions: proactiveActionsSchema,
  Acknowledged: acknowledgedSchema,
  OverrideView: overrideViewSchema,
  OverrideResult: overrideResultSchema,
  TickResult: tickResultSchema,
  QuietHours: quietHoursSchema,
  ParticipantPolicy: participantPolicySchema,
  ParticipantPolicyResult: participantPolicyResultSchema,
  ProactiveReason: proactiveReasonSchema,
  ReasonEpisode: reasonEpisodeSchema,
  Health: healthSchema,
  Presets: presetsSchema,
  OpenApi: openApiSchema,
  AsyncApi: asyncApiSchema,
  SessionSnapshot: sessionSnapshotSchema,
  JsonSchema: snapshotJsonSchemaDocument,
  WebhookEndpoint: webhookEndpointSchema,
  WebhookCreated: webhookCreatedSchema,
  WebhookPage: webhookPageSchema,
  WebhookSecret: webhookSecretSchema,
  WebhookDelivery: webhookDeliverySchema,
  WebhookDeliveryPage: webhookDeliveryPageSchema,
  WebhookTest: webhookTestSchema,
} as const;

/** The shapes only the WebSocket carries (its messages refer to the response shapes too). */
export const socketShapes = { WireProactiveAction: wireProactiveActionSchema } as const;

/** The name of a response shape. */
export type ResponseShapeName = keyof typeof responseShapes;

/**
 * Every request body's shape by its component name: the engine's own zod schemas (the in-process API takes the same
 * shapes as REST) and the acknowledgement.
 */
export const requestShapes = {
  PersonaDefinition: personaDefinitionSchema,
  AppraisalTurn: appraisalTurnSchema,
  TextTurn: textTurnSchema,
  PreferencesInput: preferencesSchema.describe(preferencesInputNote),
  AckRequest: ackRequestSchema,
  MemorySettingsInput: memorySettingsSchema.describe(memorySettingsInputNote),
  SessionImport: sessionImportSchema,
  TickInput: tickSchema,
  OverrideInput: overrideSchema,
  WebhookCreateInput: webhookCreateInputSchema,
  WebhookUpdateInput: webhookUpdateInputSchema,
  ParticipantPolicyInput: participantPolicyInputSchema.describe(
    'Replaces the participant’s policy: an omitted time_zone or quiet_hours is null (none of their own), an omitted muted false',
  ),
} as const;

/** The name of a request shape. */
export type RequestShapeName = keyof typeof requestShapes;

/**
 * The component schemas (JSON Schema 2020-12, OpenAPI 3.1's dialect) of every request and response shape,
 * generated; with `socket`, also the shapes only the WebSocket carries (for the AsyncAPI document).
 */
export function componentSchemas(options: { socket?: boolean } = {}): Record<string, JsonSchema> {
  const responses = jsonSchemasOf(
    options.socket ? { ...responseShapes, ...socketShapes } : responseShapes,
    'output',
  );
  const { TextTurn, AppraisalTurn, ...requests } = jsonSchemasOf(requestShapes, 'input');
  return {
    ...responses,
    ...requests,
    // The snapshot is the SessionSnapshot component, not a second copy of its 45 KB schema.
    SessionImport: { ...requests.SessionImport, properties: { snapshot: ref('SessionSnapshot') } },
    AppraisalTurn: withAliases(AppraisalTurn ?? {}),
    TextTurn: { oneOf: (textTurnForms(TextTurn ?? {}).oneOf as JsonSchema[]).map(withAliases) },
  };
}

/** An object schema with REST's deprecated aliases of its fields (`elapsed_seconds`), marked `deprecated`. */
function withAliases(schema: JsonSchema): JsonSchema {
  const properties = { ...(schema.properties as Record<string, JsonSchema>) };
  for (const [alias, name] of Object.entries(deprecatedAliases.rest)) {
    const field = properties[name];
    if (field)
      properties[alias] = {
        ...field,
        deprecated: true,
        description: `Deprecated alias of ${name}: give one of the two`,
      };
  }
  return { ...schema, properties };
}

/** The text turn's two forms: zod's refinement "exactly one of message and event" has no JSON Schema form. */
function textTurnForms(schema: JsonSchema): JsonSchema {
  const { message, event, ...common } = schema.properties as Record<string, JsonSchema>;
  const required = (schema.required ?? []) as string[];
  const form = (field: Record<string, JsonSchema>) => {
    const properties = { ...common, ...field };
    return {
      type: 'object',
      properties,
      required: Object.keys(properties).filter((key) => required.includes(key) || key in field),
      additionalProperties: false,
    };
  };
  return { oneOf: [form({ message: message ?? {} }), form({ event: event ?? {} })] };
}

/** The type of an answer of shape `name`. */
export type ResponseOf<N extends ResponseShapeName> = z.output<(typeof responseShapes)[N]>;

/** The type of a request body of shape `name`, as a client writes it. */
export type RequestOf<N extends RequestShapeName> = z.input<(typeof requestShapes)[N]>;

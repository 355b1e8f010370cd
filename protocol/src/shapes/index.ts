/**
 * `@limbic/protocol/shapes`: every shape on Limbic's wire, written once as a zod schema (the TypeScript types are
 * inferred from them), and the JSON Schemas generated from them for the OpenAPI and AsyncAPI documents. Kept apart
 * from the package's main entry because it loads zod and the core's tables; clients import its types only.
 * @module
 */

export { overrideResultSchema, overrideViewSchema, tickResultSchema } from './controls.js';
export { contributionSchema, turnExplanationSchema } from './explanation.js';
export { componentsPrefix, type JsonSchema, jsonSchemasOf, ref } from './json-schema.js';
export {
  episodeFeelingSchema,
  memoriesForgottenSchema,
  memoryPageSchema,
  memorySettingsResultSchema,
  memorySettingsViewSchema,
  memoryViewSchema,
} from './memory.js';
export { asyncApiSchema, errorBody, healthSchema, openApiSchema, presetsSchema } from './meta.js';
export {
  participantPolicyResultSchema,
  participantPolicySchema,
  proactiveReasonSchema,
  quietHoursSchema,
  reasonEpisodeSchema,
} from './policy.js';
export { dateTime, objectOf, oneOf, range, signed, unit } from './primitives.js';
export {
  acknowledgedSchema,
  ackRequestSchema,
  proactiveActionSchema,
  proactiveActionsSchema,
  wireProactiveActionSchema,
} from './proactive.js';
export { promptDataSchema, promptPersonSchema } from './prompt-data.js';
export {
  componentSchemas,
  type RequestOf,
  type RequestShapeName,
  type ResponseOf,
  type ResponseShapeName,
  requestShapes,
  responseShapes,
  socketShapes,
} from './registry.js';
export {
  relationshipHealthSchema,
  relationshipSignalSchema,
  relationshipTrendSchema,
} from './relationship.js';
export { type RoleFieldText, roleText, roleValues } from './role-text.js';
export {
  deletedSchema,
  forgottenSchema,
  participantPageSchema,
  participantSummarySchema,
  personaSchema,
  preferencesResultSchema,
  proactivePreferencesSchema,
  sessionDetailsSchema,
  sessionInfoSchema,
  sessionPageSchema,
  sessionSummarySchema,
} from './sessions.js';
export {
  sessionImportSchema,
  sessionSnapshotJsonSchema,
  snapshotJsonSchemaDocument,
  snapshotSchemaFile,
} from './snapshot.js';
export {
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
export { turnResultSchema } from './turn-result.js';
export type * from './types.js';
export type {
  WebhookCreated,
  WebhookCreateInput,
  WebhookDelivery,
  WebhookDeliveryPage,
  WebhookEndpointView,
  WebhookPage,
  WebhookSecretRotated,
  WebhookTestQueued,
  WebhookUpdateInput,
} from './webhook-types.js';
export {
  maxWebhookDescriptionLength,
  maxWebhookUrlLength,
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

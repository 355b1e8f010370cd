/**
 * @limbic/protocol: Limbic's wire contract, pure and without I/O, in one place. The routes table (every path once);
 * the one error table (code → HTTP status, WebSocket close code, message, and the messages that take arguments)
 * that the gateway answers with, and the one error class that clients (the typed client, the bot kit, the dashboard)
 * receive; the WebSocket's messages and their envelope check; the field names of each wire and their deprecated
 * aliases; the REST and WebSocket views of proactive actions; and the wire's types. Every body's schema (zod, with
 * the OpenAPI/AsyncAPI components generated from it) is in the `@limbic/protocol/shapes` entry, kept apart because
 * it loads zod: this entry imports only types, `@limbic/core/errors` and `@limbic/core/emitter` from the core, so a
 * browser bundle stays small. Request bodies are validated by the engine's own zod schemas (`textTurnSchema`, …),
 * which the shapes entry registers as the request components.
 * @module
 */

// The engine's types that appear on the wire, re-exported so that clients depend on the protocol only. Each answer's
// type has the same fields as its schema in `@limbic/protocol/shapes` (a typecheck test compares them all the way
// down); these are the documented interfaces, the schemas' inferred types are `ResponseOf<'Name'>` there.
export type {
  AckResult,
  Addressee,
  Appraisal,
  AppraisalTurnInput,
  Contribution,
  ContributionKind,
  EpisodeFeeling,
  EventSource,
  ExperienceKind,
  MemoriesForgotten,
  MemoryPage,
  MemorySettings,
  MemorySettingsInput,
  MemoryView,
  OverrideInput,
  OverrideView,
  ParticipantPage,
  ParticipantPolicy,
  ParticipantPolicyInput,
  ParticipantRef,
  ParticipantSummary,
  ParticipantView,
  Party,
  Perceived,
  PerceivedExperience,
  PersonaDefinition,
  PresetId,
  ProactivePreferences,
  ProactivePreferencesInput,
  ProactiveReason,
  QuietHours,
  RelationshipHealth,
  RelationshipSignal,
  RelationshipTrend,
  RelationshipValues,
  ReplyAdvice,
  ReplyReason,
  Roles,
  SessionDetails,
  SessionInfo,
  SessionOrder,
  SessionPage,
  SessionSnapshot,
  SessionSummary,
  SignalId,
  StateSnapshot,
  TextEvent,
  TurnExplanation,
  TurnMemory,
  TurnMemoryFields,
  TurnParties,
  TurnResult,
  ValidationIssue,
} from '@limbic/core';
export { TypedEmitter } from '@limbic/core/emitter';
export {
  type ActionReason,
  fromRestAction,
  fromWireAction,
  type RestProactiveAction,
  toRestAction,
  toWireAction,
  type WireProactiveAction,
} from './actions.js';
export * from './errors-entry.js';
export {
  type AliasedFields,
  aliasDeprecation,
  deprecatedAliases,
  type RenamedField,
  resolveAliases,
  socketFieldNames,
  toServiceFields,
  toSocketFields,
  toSocketIssues,
  type Wire,
} from './fields.js';
export {
  openApiPath,
  type PathParams,
  pathTo,
  type Route,
  type RouteMethod,
  type RouteName,
  routes,
} from './routes.js';
export {
  type ClientMessage,
  type ClientMessageType,
  clientMessageFields,
  clientMessageTypes,
  describeIssues,
  type ErrorMessage,
  maxRequestIdLength,
  type ParsedMessage,
  parseClientMessage,
  requestIdOf,
  type ServerMessage,
  type ServerMessageType,
  sessionSubprotocol,
  typeOf,
} from './socket.js';
export {
  isWebhookEventType,
  type WebhookEventType,
  webhookEvents,
  webhookEventTypes,
} from './webhook-events.js';

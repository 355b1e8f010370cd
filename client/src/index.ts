/**
 * @limbic/client: a typed client of a Limbic gateway, over the /v1 REST interface and the session WebSocket
 * (reconnects with backoff, requests correlated by `request_id`, proactive actions deduplicated by `action_id`).
 * @module
 */

// The wire's types that appear in this API (the protocol re-exports them), so that users need one package.
export type {
  AckResult,
  ActionReason,
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
  ProactivePreferences,
  ProactivePreferencesInput,
  ProactiveReason,
  QuietHours,
  RelationshipHealth,
  RelationshipSignal,
  ReplyAdvice,
  ReplyReason,
  Roles,
  SessionDetails,
  SessionInfo,
  SessionPage,
  SessionSummary,
  StateSnapshot,
  TextEvent,
  TurnExplanation,
  TurnMemory,
  TurnMemoryFields,
  TurnParties,
  TurnResult,
  ValidationIssue,
} from '@limbic/protocol';
export {
  type ErrorCode,
  errorTable,
  isLimbicApiError,
  isServerErrorCode,
  LimbicApiError,
  type LimbicApiErrorCode,
  type LimbicApiErrorOptions,
  type LimbicClientErrorCode,
  type LimbicServerErrorCode,
  statusOf,
} from '@limbic/protocol';
// The webhook routes' bodies, inferred from the protocol's schemas (docs/webhooks.md).
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
} from '@limbic/protocol/shapes';
export {
  backoffDelay,
  defaultReconnect,
  type ReconnectOptions,
  type ReconnectPolicy,
  toReconnectPolicy,
} from './backoff.js';
export {
  clientVersion,
  createLimbicClient,
  type LimbicClient,
  type LimbicClientOptions,
  type ListParticipantsOptions,
  type ListSessionsOptions,
  type TurnCallOptions,
} from './client.js';
export type { ControlMethods } from './control-methods.js';
export type { CallOptions, FetchInit, FetchLike, FetchResponse } from './http.js';
export type { ListMemoriesOptions, MemoryMethods } from './memory-methods.js';
export type { PersonMethods, RelationshipCallOptions } from './person-methods.js';
export { finalCloseCodes } from './reconnects.js';
export { LimbicSocket, type SocketConnection } from './socket.js';
export type {
  ActionDelivery,
  LimbicSocketEvents,
  SocketCloseEvent,
  SocketEventStream,
  SocketOpenEvent,
  SocketOptions,
  SocketReconnectingEvent,
  SocketStatus,
} from './socket-types.js';
export type {
  DeleteResult,
  ForgetResult,
  HealthStatus,
  MemorySettingsResult,
  OpenApiDocument,
  OverrideAnswer,
  ParticipantPolicyResult,
  PreferencesResult,
  PresetList,
  PresetSummary,
  RestProactiveAction,
  SocketAppraisalTurn,
  SocketProactiveAction,
  TickAnswer,
  TurnEvent,
  TurnOptions,
} from './types.js';
export { toSocketUrl, type WebSocketConstructor, type WebSocketLike } from './web-socket.js';
export type { WebhookMethods, WebhookPageOptions } from './webhook-methods.js';

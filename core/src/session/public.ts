// The session service's public surface, re-exported by the package index.
export { decodeCursor, defaultPageSize, encodeCursor, maxPageSize, parseLimit } from './cursor.js';
export { KeyedLock } from './keyed-lock.js';
export type { OverrideResult } from './override-step.js';
export type { BodyBudget, Interpersonal, SoulStageView, StateSnapshot } from './results.js';
export { SessionControls } from './session-controls.js';
export type { AckResult } from './session-edits.js';
export {
  defaultMaxBatch,
  defaultMaxRetries,
  type SessionServiceOptions,
} from './session-options.js';
export {
  decodeSessionCursor,
  defaultSessionOrder,
  encodeSessionCursor,
  parseSessionOrder,
  type SessionPageOptions,
  sessionOrders,
} from './session-order.js';
export { type RelationshipOptions, SessionRelationships } from './session-relationships.js';
export { createSessionService, SessionService } from './session-service.js';
export type {
  ParticipantPage,
  ParticipantSummary,
  ParticipantView,
  SessionDetails,
  SessionEvents,
  SessionInfo,
  SessionPage,
  SessionSummary,
  StateCause,
  TurnMemory,
  TurnResult,
} from './session-types.js';
export { recentRecords } from './session-writer.js';
export {
  type OverrideInput,
  type OverrideState,
  type OverrideView,
  overrideSchema,
} from './state-override.js';
export { maxTickSeconds, type TickResult, tickSchema } from './tick-step.js';
export { type Contribution, maxContributions, type TurnExplanation } from './turn-explanation.js';
export {
  type AppraisalTurnInput,
  addresseeSchema,
  appraisalTurnSchema,
  parseAppraisalTurn,
  parseTextTurn,
  participantRefSchema,
  type TextTurnInput,
  type TurnMemoryFields,
  type TurnParties,
  textTurnSchema,
} from './turn-input.js';

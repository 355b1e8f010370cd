import type { Appraisal, TextEvent, TurnMemoryFields, TurnParties } from '@limbic/protocol';

/** A pending proactive action as REST lists it (`GET /v1/proactive/:sessionId`). */
/** A proactive action as the WebSocket delivers it (`proactive` and `missed_proactive`). */
export type { RestProactiveAction, WireProactiveAction as SocketProactiveAction } from '@limbic/protocol';
// The answers' types, inferred from the protocol's schemas (`@limbic/protocol/shapes`): written once, there.
export type {
  DeleteResult,
  ForgetResult,
  HealthStatus,
  MemorySettingsResult,
  OverrideAnswer,
  ParticipantPolicyResult,
  PreferencesResult,
  PresetList,
  PresetSummary,
  TickAnswer,
} from '@limbic/protocol/shapes';

/** The part of the OpenAPI document (`GET /v1/openapi.json`) the client types; the rest passes through. */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; [key: string]: unknown };
  paths: Record<string, unknown>;
  [key: string]: unknown;
}

/** What a text turn is about: a chat message (a string), or an event with its source. */
export type TurnEvent = string | TextEvent;

/**
 * Options of a text turn. In a group conversation, `from` names who said or did it (`{id, name?}`) and `to` whom it
 * was aimed at (`"character"`, `"everyone"` or `{id, name?}`); without `from` the turn comes from the one person of
 * a private chat. `summary` is what the turn's episode keeps instead of its text, if the turn becomes one
 * (docs/memory.md).
 */
export interface TurnOptions extends TurnParties, TurnMemoryFields {
  /** Seconds since the last interaction, in [0, 315360000]; default: the gap on the engine clock. */
  elapsedSeconds?: number;
}

/**
 * An appraisal turn on a session socket (the session is the socket's); `from`, `to` and `summary` as in
 * {@link TurnOptions}.
 */
export interface SocketAppraisalTurn extends TurnParties, TurnMemoryFields {
  /** All six dimensions, each within its range. */
  appraisal: Appraisal;
  /** What happened, used to enrich prompt_data (at most 4,000 characters). */
  context?: string;
  /** Seconds since the last interaction. */
  elapsedSeconds?: number;
}

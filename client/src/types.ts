import type { Appraisal, PresetId, ProactivePreferences, TextEvent, TurnParties } from '@limbic/core';

/** The body of `GET /v1/health`. */
export interface HealthStatus {
  status: 'ok';
  /** The gateway's version. */
  version: string;
  store: { kind: string; reachable: true };
  uptime_seconds: number;
  /** How many times faster than wall time the engine clock runs. */
  time_scale: number;
  /** The engine clock now (ISO 8601); every gateway on one store reports the same. */
  engine_time: string;
}

/** One entry of `GET /v1/presets`: a preset a persona definition may name. */
export interface PresetSummary {
  id: PresetId;
  name: string;
  description: string;
  personality: { O: number; C: number; E: number; A: number; N: number; H: number };
}

/** The body of `GET /v1/presets`. */
export interface PresetList {
  presets: PresetSummary[];
}

/** The body of `DELETE /v1/persona/:id`. */
export interface DeleteResult {
  deleted: true;
  id: string;
}

/** The answer of setting proactive preferences (REST `PUT …/preferences`, WebSocket `proactive_prefs`). */
export interface PreferencesResult {
  sessionId: string;
  preferences: ProactivePreferences;
}

/** A pending proactive action as REST lists it (`GET /v1/proactive/:sessionId`). */
/** A proactive action as the WebSocket delivers it (`proactive` and `missed_proactive`). */
export type { RestProactiveAction, WireProactiveAction as SocketProactiveAction } from '@limbic/protocol';

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
 * a private chat.
 */
export interface TurnOptions extends TurnParties {
  /** Seconds since the last interaction, in [0, 315360000]; default: the gap on the engine clock. */
  elapsedSeconds?: number;
}

/** The body of `DELETE /v1/persona/:id/participants/:participantId`. */
export interface ForgetResult {
  forgotten: true;
  /** The participant forgotten. */
  id: string;
}

/** An appraisal turn on a session socket (the session is the socket's); `from` and `to` as in {@link TurnOptions}. */
export interface SocketAppraisalTurn extends TurnParties {
  /** All six dimensions, each within its range. */
  appraisal: Appraisal;
  /** What happened, used to enrich prompt_data (at most 4,000 characters). */
  context?: string;
  /** Seconds since the last interaction. */
  elapsedSeconds?: number;
}

import type { ResponseOf } from './registry.js';

// The types of the wire's answers, inferred from their schemas (a field added to a schema is in its type).

/** The body of `GET /v1/health`. */
export type HealthStatus = ResponseOf<'Health'>;
/** The body of `GET /v1/presets`. */
export type PresetList = ResponseOf<'Presets'>;
/** One entry of `GET /v1/presets`: a preset a persona definition may name. */
export type PresetSummary = PresetList['presets'][number];
/** The body of `DELETE /v1/persona/:id`. */
export type DeleteResult = ResponseOf<'Deleted'>;
/** The body of `DELETE /v1/persona/:id/participants/:participantId` and `DELETE /v1/persona/:id/memories/:memoryId`. */
export type ForgetResult = ResponseOf<'Forgotten'>;
/** The body of `GET` and `PUT /v1/persona/:id/memory/settings`. */
export type MemorySettingsResult = ResponseOf<'MemorySettingsResult'>;
/** The answer of setting proactive preferences (REST `PUT …/preferences`, WebSocket `proactive_prefs`). */
export type PreferencesResult = ResponseOf<'PreferencesResult'>;
/** The body of `PUT /v1/proactive/:sessionId/participants/:participantId`. */
export type ParticipantPolicyResult = ResponseOf<'ParticipantPolicyResult'>;
/** Why a proactive action arose, as the wire carries it (the episode's time as ISO 8601). */
export type WireProactiveReason = ResponseOf<'ProactiveReason'>;
/** An error body on REST. */
export type ErrorBody = ResponseOf<'Error'>;
/** The body of `POST /v1/persona/:id/tick`: the state after the tick and the actions it raised (REST's form). */
export type TickAnswer = ResponseOf<'TickResult'>;
/** The body of `POST /v1/persona/:id/override`. */
export type OverrideAnswer = ResponseOf<'OverrideResult'>;

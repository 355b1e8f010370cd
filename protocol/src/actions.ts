import type { ParticipantView, ProactiveAction, ProactiveReason } from '@limbic/core';

/** Why an action arose, as the wire carries it: the core's reason with the episode's time as ISO 8601. */
export interface ActionReason extends Omit<ProactiveReason, 'episode'> {
  /** The remembered episode it refers to: its id, what happened, and when (ISO 8601 engine-clock time). */
  episode?: { id: string; summary: string; at: string };
}

/** A proactive action as REST lists it (`GET /v1/proactive/:sessionId`): the interface's fields plus `timestamp`. */
export interface RestProactiveAction {
  id: string;
  type: ProactiveAction['type'];
  message: string;
  priority: ProactiveAction['priority'];
  /** What triggered it (trigger, urge, threshold, …). */
  metadata: ProactiveAction['metadata'];
  /** ISO 8601 engine-clock time the action arose. */
  timestamp: string;
  /** Group sessions: the participant the action is addressed to; absent when the session knows nobody by id. */
  participant?: ParticipantView;
  /** Why it arose, in words and data; absent only on actions raised before reasons existed. */
  reason?: ActionReason;
}

/** A proactive action as WebSocket messages carry it (`proactive`, `missed_proactive`; the interface's snake_case). */
export interface WireProactiveAction {
  action_id: string;
  action_type: ProactiveAction['type'];
  message: string;
  priority: ProactiveAction['priority'];
  metadata: ProactiveAction['metadata'];
  /** ISO 8601 engine-clock time the action arose. */
  timestamp: string;
  /** Group sessions: the participant the action is addressed to; absent when the session knows nobody by id. */
  participant?: ParticipantView;
  /** Why it arose, in words and data; absent only on actions raised before reasons existed. */
  reason?: ActionReason;
}

/** `{participant}` when the action names one, else nothing (so the field is absent, never null). */
function participantOf(action: { participant?: ParticipantView | undefined }): {
  participant?: ParticipantView;
} {
  return action.participant
    ? { participant: { id: action.participant.id, name: action.participant.name } }
    : {};
}

/** `{reason}` in its wire form when the action has one, else nothing. */
function reasonOf(action: ProactiveAction): { reason?: ActionReason } {
  const r = action.reason;
  if (!r) return {};
  const { episode, ...rest } = r;
  return {
    reason: episode ? { ...rest, episode: { ...episode, at: new Date(episode.at).toISOString() } } : rest,
  };
}

/** `{reason}` in the core's form (the episode's time in ms) when the wire's action has one. */
function reasonFrom(action: { reason?: ActionReason | undefined }): { reason?: ProactiveReason } {
  const r = action.reason;
  if (!r) return {};
  const { episode, ...rest } = r;
  return { reason: episode ? { ...rest, episode: { ...episode, at: Date.parse(episode.at) } } : rest };
}

/** Formats an action for REST. */
export function toRestAction(action: ProactiveAction): RestProactiveAction {
  return {
    id: action.id,
    type: action.type,
    message: action.message,
    priority: action.priority,
    metadata: action.metadata,
    timestamp: new Date(action.createdAt).toISOString(),
    ...participantOf(action),
    ...reasonOf(action),
  };
}

/** Formats an action for the WebSocket. */
export function toWireAction(action: ProactiveAction): WireProactiveAction {
  return {
    action_id: action.id,
    action_type: action.type,
    message: action.message,
    priority: action.priority,
    metadata: action.metadata,
    timestamp: new Date(action.createdAt).toISOString(),
    ...participantOf(action),
    ...reasonOf(action),
  };
}

/** Reads an action in its REST form back into the core's shape (clients of a gateway). */
export function fromRestAction(action: RestProactiveAction): ProactiveAction {
  const { timestamp, participant: _, reason: __, ...rest } = action;
  return { ...rest, createdAt: Date.parse(timestamp), ...participantOf(action), ...reasonFrom(action) };
}

/** Reads an action in its WebSocket form back into the core's shape (clients of a gateway). */
export function fromWireAction(action: WireProactiveAction): ProactiveAction {
  return {
    id: action.action_id,
    type: action.action_type,
    message: action.message,
    priority: action.priority,
    metadata: action.metadata,
    createdAt: Date.parse(action.timestamp),
    ...participantOf(action),
    ...reasonFrom(action),
  };
}

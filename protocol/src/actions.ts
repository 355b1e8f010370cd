import type { ProactiveAction } from '@limbic/core';

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
  };
}

/** Reads an action in its REST form back into the core's shape (clients of a gateway). */
export function fromRestAction(action: RestProactiveAction): ProactiveAction {
  const { timestamp, ...rest } = action;
  return { ...rest, createdAt: Date.parse(timestamp) };
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
  };
}

import type { EventSource, TurnMemoryFields, TurnParties } from '@limbic/protocol';
import type { TurnEvent } from './types.js';

/** The `message` or `event` field of a text turn, the same on REST (`POST /v1/turn`) and on the WebSocket. */
export function toTurnFields(
  input: TurnEvent,
): { message: string } | { event: { description: string; source?: EventSource } } {
  if (typeof input === 'string') return { message: input };
  const event: { description: string; source?: EventSource } = { description: input.description };
  if (input.source !== undefined) event.source = input.source;
  return { event };
}

/**
 * The optional fields of a turn, the same on REST and on the WebSocket: `from` and `to` of a group turn, and the
 * `summary` its episode keeps; absent ones are left out (the one-person conversation of a private chat).
 */
export function toOptionalTurnFields(
  options: TurnParties & TurnMemoryFields,
): TurnParties & TurnMemoryFields {
  const out: TurnParties & TurnMemoryFields = {};
  if (options.from !== undefined) out.from = options.from;
  if (options.to !== undefined) out.to = options.to;
  if (options.summary !== undefined) out.summary = options.summary;
  return out;
}

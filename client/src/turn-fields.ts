import type { EventSource } from '@limbic/core';
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

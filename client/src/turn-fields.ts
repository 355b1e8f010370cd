import type { EventSource, TurnParties } from '@limbic/protocol';
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
 * The `from` and `to` of a group turn, the same on REST and on the WebSocket; absent ones are left out (the
 * one-person conversation of a private chat).
 */
export function toPartyFields(parties: TurnParties): TurnParties {
  const out: TurnParties = {};
  if (parties.from !== undefined) out.from = parties.from;
  if (parties.to !== undefined) out.to = parties.to;
  return out;
}

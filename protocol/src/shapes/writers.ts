import type { TurnResult } from '@limbic/core';
import type { ServerMessage } from '../socket.js';
import { promptDataSchema } from './prompt-data.js';
import { compileSerializer, type Serializer } from './serializer.js';
import { turnResultSchema } from './turn-result.js';

let turnResult: Serializer<TurnResult> | undefined;

/**
 * A turn result's JSON: the bytes `JSON.stringify` writes, about three times faster (compiled from
 * {@link turnResultSchema} on first use; prompt_data's persona block, one object per persona, is written once).
 * REST turn answers and the socket's `turn_result` are written with it.
 */
export function writeTurnResult(result: TurnResult): string {
  // The engine's type is the schema's with readonly arrays (shapes.test.ts checks the two agree): written the same.
  turnResult ??= compileSerializer(turnResultSchema, {
    stable: [promptDataSchema.shape.system],
  }) as Serializer<unknown>;
  return turnResult(result);
}

/**
 * A WebSocket server message's JSON, the bytes `JSON.stringify` writes: a `turn_result` through
 * {@link writeTurnResult}, every other message (small, or rare) by `JSON.stringify`.
 */
export function writeServerMessage(message: ServerMessage): string {
  if (message.type !== 'turn_result') return JSON.stringify(message);
  const id = message.request_id === undefined ? '' : `,"request_id":${JSON.stringify(message.request_id)}`;
  return `{"type":"turn_result","data":${writeTurnResult(message.data)}${id}}`;
}

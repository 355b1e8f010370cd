import type { closeCodes, ErrorMessage } from '@limbic/protocol';
import type { Classified } from '../errors.js';

// The messages, their envelope check and the close codes are the wire contract's (@limbic/protocol); this file
// holds only what reads frames off a `ws` socket and writes error messages.

/** A close code the server uses. */
export type CloseCode = (typeof closeCodes)[keyof typeof closeCodes];

/** What {@link decode} returns for a frame that is not JSON. */
export const notJson = Symbol('not JSON');

/** Decodes a text frame's JSON, or returns {@link notJson}. */
export function decode(data: Buffer): unknown {
  try {
    return JSON.parse(data.toString('utf8'));
  } catch {
    return notJson;
  }
}

/** Builds an `error` message from a classified error. */
export function errorOf(c: Classified, requestId: string | undefined): ErrorMessage {
  const out: ErrorMessage = { type: 'error', code: c.code, message: c.message };
  if (requestId !== undefined) out.request_id = requestId;
  if (c.details) out.details = c.details;
  if (c.retryAfter !== undefined) out.retry_after = c.retryAfter;
  return out;
}

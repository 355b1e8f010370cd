import { proactiveTypes } from '@limbic/core';
import { z } from 'zod';
import { proactiveReasonSchema } from './policy.js';
import { dateTime, oneOf } from './primitives.js';
import { participantSchema } from './state.js';

/** The fields a proactive action has under the same name on REST and the WebSocket. */
const actionFields = {
  message: z.string(),
  priority: oneOf(['low', 'medium', 'high']),
  metadata: z
    .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
    .describe('What triggered it (trigger, urge, threshold, …)'),
  timestamp: dateTime.describe('ISO 8601 engine-clock time the action arose'),
  // Group sessions: the participant the action is addressed to; absent when the session knows nobody by id. (No
  // description beside the $ref: AsyncAPI's linters warn on $ref siblings.)
  participant: participantSchema.optional(),
  // Absent only on actions raised before reasons existed.
  reason: proactiveReasonSchema.optional(),
};
const actionType = oneOf(proactiveTypes);

/** A proactive action as REST lists it (`GET /v1/proactive/:sessionId`): the interface's `id` and `type`. */
export const proactiveActionSchema = z.strictObject({ id: z.string(), type: actionType, ...actionFields });

/** A proactive action as the WebSocket carries it (`proactive`, `missed_proactive`): `action_id`, `action_type`. */
export const wireProactiveActionSchema = z.strictObject({
  action_id: z.string(),
  action_type: actionType,
  ...actionFields,
});

/** The pending actions, oldest first. */
export const proactiveActionsSchema = z.array(proactiveActionSchema);

/** The answer of acknowledging an action (idempotent). */
export const acknowledgedSchema = z.strictObject({ action_id: z.string(), acknowledged: z.literal(true) });

/** An action id as a client sends it back. */
const actionId = z.string().min(1).max(128);

/** The body of `POST /v1/proactive/:sessionId/ack`: the action by `action_id` or by `id`, one of the two. */
export const ackRequestSchema = z
  .union([z.strictObject({ action_id: actionId }), z.strictObject({ id: actionId })])
  .describe(
    'The action to acknowledge, by `action_id` (its name on the WebSocket) or `id` (its name in the REST list): one of the two',
  );

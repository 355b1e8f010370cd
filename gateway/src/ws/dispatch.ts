import { isLimbicError, type SessionService } from '@limbic/core';
import {
  type ClientMessage,
  describeIssues,
  type ServerMessage,
  toServiceFields,
  toSocketIssues,
} from '@limbic/protocol';
import { serverError } from '../errors.js';

function withRequestId<T extends ServerMessage>(reply: T, requestId: string | undefined): T {
  if (requestId !== undefined) (reply as { request_id?: string }).request_id = requestId;
  return reply;
}

/** The service input of a turn message: the WebSocket's snake_case fields renamed to the service's. */
function turnInput(sessionId: string, body: Record<string, unknown>): Record<string, unknown> {
  return { sessionId, ...toServiceFields(body) };
}

async function call(
  service: SessionService,
  owner: string,
  sessionId: string,
  message: ClientMessage,
): Promise<ServerMessage> {
  const { body } = message;
  switch (message.type) {
    case 'turn':
      return { type: 'turn_result', data: await service.textTurn(owner, turnInput(sessionId, body)) };
    case 'turn_appraisal':
      return { type: 'turn_result', data: await service.appraisalTurn(owner, turnInput(sessionId, body)) };
    case 'get_state':
      return { type: 'state', data: await service.getState(owner, sessionId) };
    case 'set_proactive_prefs':
      return {
        type: 'proactive_prefs',
        data: await service.setPreferences(owner, sessionId, body.preferences),
      };
    case 'ack_proactive':
      return { type: 'proactive_ack', data: await service.acknowledge(owner, sessionId, body.action_id) };
  }
}

/**
 * Runs one client message on the session service and builds its reply (with the message's `request_id`).
 * Validation failures are re-raised with the field paths clients send (`elapsed_seconds`, `appraisal.agency`).
 * @throws LimbicError, as the service raises it.
 */
export async function dispatch(
  service: SessionService,
  owner: string,
  sessionId: string,
  message: ClientMessage,
): Promise<ServerMessage> {
  try {
    return withRequestId(await call(service, owner, sessionId, message), message.requestId);
  } catch (error) {
    if (!isLimbicError(error, 'VALIDATION_ERROR') || error.issues.length === 0) throw error;
    const issues = toSocketIssues(error.issues);
    const subject = message.type === 'turn' || message.type === 'turn_appraisal' ? 'turn' : 'message';
    const changed = issues.some((issue, i) => issue !== error.issues[i]);
    throw serverError('VALIDATION_ERROR', changed ? describeIssues(subject, issues) : error.message, {
      issues,
    });
  }
}

import type { WebhookAttempt, WebhookEndpoint, WebhookMessage, WebhookMessageStatus } from '@limbic/core';

/** A row of `webhook_endpoints`: the queried columns, and the endpoint as JSON. */
export interface EndpointRow {
  id: string;
  owner: string;
  version: number;
  enabled: number;
  doc: string;
}

/** A row of `webhook_messages`. */
export interface MessageRow {
  endpoint_id: string;
  id: string;
  owner: string;
  type: string;
  payload: string;
  created_at: number;
  status: string;
  attempts: number;
  next_attempt_at: number | null;
  lease_owner: string | null;
  lease_until: number | null;
}

/** A row of `webhook_attempts`. */
export interface AttemptRow {
  id: string;
  message_id: string;
  endpoint_id: string;
  owner: string;
  type: string;
  attempt: number;
  at: number;
  duration_ms: number;
  status: number | null;
  error: string | null;
  ok: number;
}

/** The columns of `webhook_messages`, in {@link MessageRow} order. */
export const messageColumns =
  'endpoint_id, id, owner, type, payload, created_at, status, attempts, next_attempt_at, lease_owner, lease_until';

/** The columns of `webhook_attempts`, in {@link AttemptRow} order. */
export const attemptColumns =
  'id, message_id, endpoint_id, owner, type, attempt, at, duration_ms, status, error, ok';

/** The row of an endpoint at `version`. */
export function toEndpointRow(endpoint: WebhookEndpoint, version: number): EndpointRow {
  return {
    id: endpoint.id,
    owner: endpoint.owner,
    version,
    enabled: endpoint.enabled ? 1 : 0,
    doc: JSON.stringify({ ...endpoint, version }),
  };
}

/** The endpoint of a row; the columns win over the document. */
export function toEndpoint(row: EndpointRow): WebhookEndpoint {
  return { ...(JSON.parse(row.doc) as WebhookEndpoint), id: row.id, owner: row.owner, version: row.version };
}

/** The row of a message. */
export function toMessageRow(m: WebhookMessage): MessageRow {
  return {
    endpoint_id: m.endpointId,
    id: m.id,
    owner: m.owner,
    type: m.type,
    payload: m.payload,
    created_at: m.createdAt,
    status: m.status,
    attempts: m.attempts,
    next_attempt_at: m.nextAttemptAt,
    lease_owner: m.leaseOwner,
    lease_until: m.leaseUntil,
  };
}

/** The message of a row. */
export function toMessage(row: MessageRow): WebhookMessage {
  return {
    id: row.id,
    endpointId: row.endpoint_id,
    owner: row.owner,
    type: row.type,
    payload: row.payload,
    createdAt: row.created_at,
    status: row.status as WebhookMessageStatus,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    leaseOwner: row.lease_owner,
    leaseUntil: row.lease_until,
  };
}

/** The row of an attempt. */
export function toAttemptRow(a: WebhookAttempt): AttemptRow {
  return {
    id: a.id,
    message_id: a.messageId,
    endpoint_id: a.endpointId,
    owner: a.owner,
    type: a.type,
    attempt: a.attempt,
    at: a.at,
    duration_ms: a.durationMs,
    status: a.status,
    error: a.error,
    ok: a.ok ? 1 : 0,
  };
}

/** The attempt of a row. */
export function toAttempt(row: AttemptRow): WebhookAttempt {
  return {
    id: row.id,
    messageId: row.message_id,
    endpointId: row.endpoint_id,
    owner: row.owner,
    type: row.type,
    attempt: row.attempt,
    at: row.at,
    durationMs: row.duration_ms,
    status: row.status,
    error: row.error,
    ok: row.ok === 1,
  };
}

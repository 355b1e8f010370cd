/**
 * Webhooks (docs/webhooks.md): the endpoints an owner registered, and the durable outbox of messages waiting to be
 * delivered to them, kept next to the sessions (memory, the same SQLite file, the same MongoDB database). Several
 * gateways may share one store: the outbox is claimed with leases so that each message is sent by one process at a
 * time, and a message whose sender died (SIGKILL) is sent again by any process once its lease runs out.
 *
 * All times are engine-clock milliseconds. Records are immutable values.
 */

/** A signing secret of an endpoint (`whsec_` + base64 of random bytes, the Standard Webhooks form). */
export interface WebhookSecret {
  secret: string;
  createdAt: number;
  /** When it stops signing (set when a newer secret replaced it: the rotation overlap), or null: current. */
  expiresAt: number | null;
}

/** An endpoint an owner registered: where to send which events. */
export interface WebhookEndpoint {
  /** `whk_` + time-sortable id; creation order is id order. */
  id: string;
  /** The owner, as for sessions (an API key's account and environment, or `local`). */
  owner: string;
  url: string;
  /** The event types it receives (docs/webhooks.md lists them). */
  events: string[];
  description: string;
  enabled: boolean;
  /** Why it is disabled (`manual`, or `failing` after the documented run of failures), or null when enabled. */
  disabledReason: string | null;
  /** Secrets that sign deliveries, newest first: the current one, then rotated ones still within their overlap. */
  secrets: WebhookSecret[];
  /** Consecutive messages that ended in failure (reset by a success or by re-enabling). */
  consecutiveFailures: number;
  createdAt: number;
  updatedAt: number;
  /** Optimistic-concurrency version: 1 on create, +1 per replace. */
  version: number;
}

/** Where a message is in its life. */
export type WebhookMessageStatus = 'pending' | 'delivered' | 'failed';

/**
 * One event to deliver to one endpoint. `id` is the Standard Webhooks `webhook-id`: the same for every attempt, and
 * derived from the event (not random), so enqueueing the same event twice for an endpoint stores it once.
 */
export interface WebhookMessage {
  /** `msg_…`; unique together with `endpointId`. */
  id: string;
  endpointId: string;
  owner: string;
  /** The event type, e.g. `proactive.action`. */
  type: string;
  /** The exact request body (JSON text), signed and sent as is on every attempt. */
  payload: string;
  createdAt: number;
  status: WebhookMessageStatus;
  /** Attempts made so far. */
  attempts: number;
  /** When the next attempt is due, or null once delivered or failed for good. */
  nextAttemptAt: number | null;
  /** The process holding the message while it sends it, and until when; null when nobody does. */
  leaseOwner: string | null;
  leaseUntil: number | null;
}

/** One attempt to deliver a message, as the delivery log shows it. */
export interface WebhookAttempt {
  /** `att_` + time-sortable id; log order is id order. */
  id: string;
  messageId: string;
  endpointId: string;
  owner: string;
  type: string;
  /** 1 for the first attempt. */
  attempt: number;
  at: number;
  durationMs: number;
  /** The HTTP status the receiver answered, or null when there was no answer (refused, timeout, blocked address). */
  status: number | null;
  /** Why it failed, in words, or null on success. Never the response body. */
  error: string | null;
  ok: boolean;
}

/** The outcome of an attempt, written with {@link WebhookStore.settle}. */
export interface WebhookSettlement {
  endpointId: string;
  messageId: string;
  /** The lease owner that claimed the message: the write is refused when the lease passed to another process. */
  leaseOwner: string;
  status: WebhookMessageStatus;
  attempts: number;
  nextAttemptAt: number | null;
  attempt: WebhookAttempt;
}

/** A page request: strictly after `after` (an id) when given, at most `limit`. */
export interface WebhookPageOptions {
  after?: string;
  limit: number;
}

/**
 * The storage port of webhooks. Every implementation passes `describeWebhookStoreContract` from
 * `@limbic/core/testing`. Methods reject with LimbicError CONFLICT for a duplicate endpoint id and
 * STORE_UNAVAILABLE when the backend cannot be reached.
 */
export interface WebhookStore {
  /** A short name for logs, e.g. `memory`. */
  readonly kind: string;
  /** Inserts an endpoint, stored with version 1 (whatever `endpoint.version` says); CONFLICT when the id exists. */
  createEndpoint(endpoint: WebhookEndpoint): Promise<void>;
  /** The endpoint with this id if `owner` owns it, else null. */
  getEndpoint(owner: string, id: string): Promise<WebhookEndpoint | null>;
  /** Endpoints of `owner` in id order. */
  listEndpoints(owner: string, options: WebhookPageOptions): Promise<WebhookEndpoint[]>;
  /** Number of endpoints of `owner`. */
  countEndpoints(owner: string): Promise<number>;
  /** The enabled endpoints of `owner` whose `events` include `type` (exactly), in id order. */
  endpointsFor(owner: string, type: string): Promise<WebhookEndpoint[]>;
  /**
   * Replaces the endpoint with `endpoint.id` if `endpoint.owner` owns it and its stored version equals
   * `expectedVersion`, storing it with version `expectedVersion + 1`; false when it moved on, is gone or is another
   * owner's. Messages and attempts are kept.
   */
  replaceEndpoint(endpoint: WebhookEndpoint, expectedVersion: number): Promise<boolean>;
  /**
   * Deletes an endpoint of `owner` with its messages and attempts; false when there was none (or it is another
   * owner's). Messages enqueued for it afterwards are kept: whoever claims one finds no endpoint and settles it.
   */
  deleteEndpoint(owner: string, id: string): Promise<boolean>;
  /**
   * Stores messages, all or none (memory, SQLite: one transaction; MongoDB: one unordered insert, so a failed call
   * may have stored part of the batch, and retrying the same batch stores the rest). A message whose
   * (endpointId, id) is already stored, or repeats one earlier in the batch, is left as it is, so enqueueing is
   * idempotent and a retry after an error is always safe.
   */
  enqueue(messages: WebhookMessage[]): Promise<void>;
  /**
   * Atomically leases up to `limit` pending messages due at `now` (nextAttemptAt ≤ now) whose lease is free or ran
   * out (leaseUntil ≤ now), to `leaseOwner` until `now + leaseMs`, and resolves them as leased. Order: earliest
   * claimable first (the time of {@link WebhookStore.nextDue}: due time, or the end of a lapsed lease), then
   * createdAt, endpointId and id. Of several processes claiming at once, each message goes to one.
   */
  claim(now: number, limit: number, leaseOwner: string, leaseMs: number): Promise<WebhookMessage[]>;
  /** The earliest time a pending message becomes claimable (its nextAttemptAt, or its lease's end if later), or null. */
  nextDue(): Promise<number | null>;
  /**
   * Records an attempt and the message's new status, and frees its lease, if `leaseOwner` still holds the lease (a
   * lapsed lease nobody took over still counts); resolves false (writing nothing) otherwise. One transaction on
   * memory and SQLite; on MongoDB the status is written first, then the attempt (a crash in between loses that log
   * entry). An attempt whose id is already stored is not written again.
   */
  settle(settlement: WebhookSettlement): Promise<boolean>;
  /** A message of `owner`, or null. */
  getMessage(owner: string, endpointId: string, messageId: string): Promise<WebhookMessage | null>;
  /** Attempts of an endpoint of `owner`, newest first (id descending), strictly before `after` when given. */
  listAttempts(owner: string, endpointId: string, options: WebhookPageOptions): Promise<WebhookAttempt[]>;
  /**
   * Deletes delivered and failed messages created before `before`, and attempts made before it; resolves how many
   * messages and attempts went. Pending messages stay, whatever their age.
   */
  prune(before: number): Promise<number>;
  /** Releases resources. Stores sharing a connection with a session store may make this a no-op. */
  close(): Promise<void>;
}

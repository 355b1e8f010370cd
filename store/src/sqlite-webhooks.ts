import { LimbicError, type WebhookSettlement, type WebhookStore } from '@limbic/core';
import type { Database } from 'better-sqlite3';
import type { GroupCommit } from './group-commit.js';
import { attempt, sqliteCode, unavailable } from './sqlite-errors.js';
import {
  type AttemptRow,
  attemptColumns,
  type EndpointRow,
  type MessageRow,
  messageColumns,
  toAttempt,
  toAttemptRow,
  toEndpoint,
  toEndpointRow,
  toMessage,
  toMessageRow,
} from './sqlite-webhook-rows.js';

const endpointColumns = 'id, owner, version, enabled, doc';

/**
 * The SQLite {@link WebhookStore}: the `webhook_endpoints`, `webhook_messages` and `webhook_attempts` tables of the
 * session store's file, on its connection (docs/storage.md, "Webhooks"). A claim selects the due messages and leases
 * them in one `BEGIN IMMEDIATE` transaction, so processes sharing the file never lease one message twice; settles
 * join the session writes' group commit. `close` is a no-op: the session store owns the connection.
 */
export function createSqliteWebhookStore(db: Database, writes: GroupCommit): WebhookStore {
  const insertEndpoint = db.prepare<[EndpointRow]>(
    `INSERT INTO webhook_endpoints (${endpointColumns}) VALUES (@id, @owner, @version, @enabled, @doc)`,
  );
  const getEndpoint = db.prepare<[string, string], EndpointRow>(
    `SELECT ${endpointColumns} FROM webhook_endpoints WHERE id = ? AND owner = ?`,
  );
  const listFirst = db.prepare<[string, number], EndpointRow>(
    `SELECT ${endpointColumns} FROM webhook_endpoints WHERE owner = ? ORDER BY id LIMIT ?`,
  );
  const listAfter = db.prepare<[string, string, number], EndpointRow>(
    `SELECT ${endpointColumns} FROM webhook_endpoints WHERE owner = ? AND id > ? ORDER BY id LIMIT ?`,
  );
  const countEndpoints = db
    .prepare<[string], number>('SELECT count(*) FROM webhook_endpoints WHERE owner = ?')
    .pluck();
  const enabledOf = db.prepare<[string], EndpointRow>(
    `SELECT ${endpointColumns} FROM webhook_endpoints WHERE owner = ? AND enabled = 1 ORDER BY id`,
  );
  const replaceEndpoint = db.prepare<[EndpointRow & { expected: number }]>(
    'UPDATE webhook_endpoints SET version = @version, enabled = @enabled, doc = @doc ' +
      'WHERE id = @id AND owner = @owner AND version = @expected',
  );
  const deleteEndpoint = db.prepare<[string, string]>(
    'DELETE FROM webhook_endpoints WHERE id = ? AND owner = ?',
  );
  const deleteMessagesOf = db.prepare<[string]>('DELETE FROM webhook_messages WHERE endpoint_id = ?');
  const deleteAttemptsOf = db.prepare<[string]>('DELETE FROM webhook_attempts WHERE endpoint_id = ?');
  const insertMessage = db.prepare<[MessageRow]>(
    `INSERT INTO webhook_messages (${messageColumns}) VALUES (@endpoint_id, @id, @owner, @type, @payload, ` +
      '@created_at, @status, @attempts, @next_attempt_at, @lease_owner, @lease_until) ' +
      'ON CONFLICT (endpoint_id, id) DO NOTHING',
  );
  const due = db.prepare<[number, number], MessageRow>(
    `SELECT ${messageColumns} FROM webhook_messages WHERE claimable_at IS NOT NULL AND claimable_at <= ? ` +
      'ORDER BY claimable_at, created_at, endpoint_id, id LIMIT ?',
  );
  const lease = db.prepare<[string, number, string, string]>(
    'UPDATE webhook_messages SET lease_owner = ?, lease_until = ? WHERE endpoint_id = ? AND id = ?',
  );
  const nextDue = db
    .prepare<[], number | null>(
      'SELECT min(claimable_at) FROM webhook_messages WHERE claimable_at IS NOT NULL',
    )
    .pluck();
  const settleMessage = db.prepare<[string, number, number | null, string, string, string]>(
    'UPDATE webhook_messages SET status = ?, attempts = ?, next_attempt_at = ?, lease_owner = NULL, ' +
      'lease_until = NULL WHERE endpoint_id = ? AND id = ? AND lease_owner = ?',
  );
  const insertAttempt = db.prepare<[AttemptRow]>(
    `INSERT INTO webhook_attempts (${attemptColumns}) VALUES (@id, @message_id, @endpoint_id, @owner, @type, ` +
      '@attempt, @at, @duration_ms, @status, @error, @ok) ON CONFLICT (id) DO NOTHING',
  );
  const getMessage = db.prepare<[string, string, string], MessageRow>(
    `SELECT ${messageColumns} FROM webhook_messages WHERE endpoint_id = ? AND id = ? AND owner = ?`,
  );
  const attemptsFirst = db.prepare<[string, string, number], AttemptRow>(
    `SELECT ${attemptColumns} FROM webhook_attempts WHERE endpoint_id = ? AND owner = ? ORDER BY id DESC LIMIT ?`,
  );
  const attemptsAfter = db.prepare<[string, string, string, number], AttemptRow>(
    `SELECT ${attemptColumns} FROM webhook_attempts WHERE endpoint_id = ? AND owner = ? AND id < ? ` +
      'ORDER BY id DESC LIMIT ?',
  );
  const pruneMessages = db.prepare<[number]>(
    "DELETE FROM webhook_messages WHERE status <> 'pending' AND created_at < ?",
  );
  const pruneAttempts = db.prepare<[number]>('DELETE FROM webhook_attempts WHERE at < ?');

  const removeEndpoint = db.transaction((owner: string, id: string) => {
    if (deleteEndpoint.run(id, owner).changes !== 1) return false;
    deleteMessagesOf.run(id);
    deleteAttemptsOf.run(id);
    return true;
  });
  const enqueue = db.transaction((rows: MessageRow[]) => {
    for (const row of rows) insertMessage.run(row);
  });
  // Select and lease under one write lock: another connection cannot lease the same rows in between.
  const claim = db.transaction((now: number, limit: number, owner: string, until: number) => {
    const rows = due.all(now, limit);
    for (const row of rows) lease.run(owner, until, row.endpoint_id, row.id);
    return rows.map((row) => ({ ...toMessage(row), leaseOwner: owner, leaseUntil: until }));
  });
  const settle = db.transaction((s: WebhookSettlement) => {
    const changes = settleMessage.run(
      s.status,
      s.attempts,
      s.nextAttemptAt,
      s.endpointId,
      s.messageId,
      s.leaseOwner,
    ).changes;
    if (changes === 1) insertAttempt.run(toAttemptRow(s.attempt));
    return changes;
  });
  const prune = db.transaction(
    (before: number) => pruneMessages.run(before).changes + pruneAttempts.run(before).changes,
  );

  return {
    kind: 'sqlite',
    createEndpoint: (endpoint) =>
      attempt('create a webhook endpoint', () => {
        try {
          insertEndpoint.run(toEndpointRow(endpoint, 1));
        } catch (error) {
          if (sqliteCode(error) !== 'SQLITE_CONSTRAINT_PRIMARYKEY') throw error;
          throw new LimbicError('CONFLICT', `Webhook endpoint ${endpoint.id} already exists`, {
            cause: error,
          });
        }
      }),
    getEndpoint: (owner, id) =>
      attempt('read a webhook endpoint', () => {
        const row = getEndpoint.get(id, owner);
        return row ? toEndpoint(row) : null;
      }),
    listEndpoints: (owner, { after, limit }) =>
      attempt('list webhook endpoints', () =>
        (after === undefined ? listFirst.all(owner, limit) : listAfter.all(owner, after, limit)).map(
          toEndpoint,
        ),
      ),
    countEndpoints: (owner) => attempt('count webhook endpoints', () => countEndpoints.get(owner)!),
    endpointsFor: (owner, type) =>
      attempt('find webhook endpoints', () =>
        enabledOf
          .all(owner)
          .map(toEndpoint)
          .filter((e) => e.events.includes(type)),
      ),
    replaceEndpoint: (endpoint, expectedVersion) =>
      attempt(
        'replace a webhook endpoint',
        () =>
          replaceEndpoint.run({ ...toEndpointRow(endpoint, expectedVersion + 1), expected: expectedVersion })
            .changes === 1,
      ),
    deleteEndpoint: (owner, id) =>
      attempt('delete a webhook endpoint', () => removeEndpoint.immediate(owner, id)),
    enqueue: (messages) =>
      attempt('enqueue webhook messages', () => enqueue.immediate(messages.map(toMessageRow))),
    claim: (now, limit, leaseOwner, leaseMs) =>
      attempt('claim webhook messages', () =>
        limit > 0 ? claim.immediate(now, limit, leaseOwner, now + leaseMs) : [],
      ),
    nextDue: () => attempt('find the next webhook due time', () => nextDue.get() ?? null),
    async settle(settlement) {
      if (!db.open) throw unavailable('settle a webhook message', new Error('the database is closed'));
      return (await writes.run(() => settle(settlement))) === 1;
    },
    getMessage: (owner, endpointId, messageId) =>
      attempt('read a webhook message', () => {
        const row = getMessage.get(endpointId, messageId, owner);
        return row ? toMessage(row) : null;
      }),
    listAttempts: (owner, endpointId, { after, limit }) =>
      attempt('list webhook attempts', () =>
        (after === undefined
          ? attemptsFirst.all(endpointId, owner, limit)
          : attemptsAfter.all(endpointId, owner, after, limit)
        ).map(toAttempt),
      ),
    prune: (before) => attempt('prune webhook messages', () => prune.immediate(before)),
    close: () => Promise.resolve(),
  };
}

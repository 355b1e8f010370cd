import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isLimbicError, type WebhookStore } from '@limbic/core';
import {
  describeWebhookStoreContract,
  makeTestEndpoint,
  makeTestMessage,
  webhookTestTime as t0,
} from '@limbic/core/testing';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { sqliteMigrations } from './sqlite-schema.js';
import { createSqliteStore } from './sqlite-store.js';

const root = mkdtempSync(join(tmpdir(), 'limbic-sqlite-webhooks-'));
let n = 0;
function tempFile(): string {
  n += 1;
  return join(root, `db${n}`, 'limbic.db');
}
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The webhooks of a new store on `file`; closing them closes the store. */
function webhooksOn(file: string): WebhookStore {
  const store = createSqliteStore({ file });
  return { ...store.webhooks(), close: () => store.close() };
}

describeWebhookStoreContract('sqlite (file)', () => webhooksOn(tempFile()));
describeWebhookStoreContract('sqlite (:memory:)', () => webhooksOn(':memory:'));

describe('SQLite webhook store', () => {
  it('stores a batch all or none: a message the table refuses leaves the whole batch out', async () => {
    const store = createSqliteStore({ file: tempFile() });
    try {
      const webhooks = store.webhooks();
      const endpoint = makeTestEndpoint();
      await webhooks.createEndpoint(endpoint);
      const good = [makeTestMessage(endpoint), makeTestMessage(endpoint)];
      const bad = { ...makeTestMessage(endpoint), payload: null as unknown as string };
      const error = await webhooks.enqueue([...good, bad]).then(
        () => null,
        (e: unknown) => e,
      );
      expect(isLimbicError(error) ? error.code : error).toBe('STORE_UNAVAILABLE');
      for (const m of good) expect(await webhooks.getMessage(endpoint.owner, endpoint.id, m.id)).toBeNull();
      expect(await webhooks.nextDue()).toBeNull();
      await webhooks.enqueue(good);
      expect(await webhooks.claim(t0, 10, 'worker-1', 1000)).toHaveLength(2);
    } finally {
      await store.close();
    }
  });

  it('a message leased through one connection is not claimed through another before the lease ends', async () => {
    const file = tempFile();
    const [a, b] = [createSqliteStore({ file }), createSqliteStore({ file })];
    try {
      const endpoint = makeTestEndpoint();
      await a.webhooks().createEndpoint(endpoint);
      await a.webhooks().enqueue([makeTestMessage(endpoint), makeTestMessage(endpoint)]);
      const [first, second] = await Promise.all([
        a.webhooks().claim(t0, 1, 'a', 1000),
        b.webhooks().claim(t0, 1, 'b', 1000),
      ]);
      expect(first).toHaveLength(1);
      expect(second).toHaveLength(1);
      expect(first[0]!.id).not.toBe(second[0]!.id);
      expect(await b.webhooks().claim(t0 + 999, 5, 'b', 1000)).toEqual([]);
      expect(await b.webhooks().nextDue()).toBe(t0 + 1000);
      expect((await b.webhooks().claim(t0 + 1000, 5, 'b', 1000)).map((m) => m.id)).toContain(first[0]!.id);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('claims and the next due time read the claimable index, without sorting', () => {
    const db = new Database(':memory:');
    try {
      db.exec('CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
      for (const step of sqliteMigrations) step(db);
      const plan = (sql: string) =>
        db
          .prepare<[], { detail: string }>(`EXPLAIN QUERY PLAN ${sql}`)
          .all()
          .map((row) => row.detail)
          .join('; ');
      const claim = plan(
        'SELECT * FROM webhook_messages WHERE claimable_at IS NOT NULL AND claimable_at <= 5 ' +
          'ORDER BY claimable_at, created_at, endpoint_id, id LIMIT 10',
      );
      expect(claim).toContain('USING INDEX webhook_messages_claimable');
      expect(claim).not.toContain('TEMP B-TREE');
      expect(plan('SELECT min(claimable_at) FROM webhook_messages WHERE claimable_at IS NOT NULL')).toContain(
        'webhook_messages_claimable',
      );
      expect(plan("DELETE FROM webhook_messages WHERE status <> 'pending' AND created_at < 5")).toContain(
        'webhook_messages_settled',
      );
      expect(
        plan('SELECT * FROM webhook_attempts WHERE endpoint_id = 1 AND owner = 2 ORDER BY id DESC LIMIT 3'),
      ).toContain('webhook_attempts_endpoint_id');
    } finally {
      db.close();
    }
  });
});

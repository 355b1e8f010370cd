import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createManualClock, createSessionService } from '@limbic/core';
import { createSqliteStore } from '@limbic/store/sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createMemoryKeyStore } from '../src/auth/key-store.js';
import { createKey } from '../src/auth/provision.js';
import { createGateway } from '../src/gateway.js';

const dir = mkdtempSync(join(tmpdir(), 'limbic-unavailable-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a gateway on the SQLite store', () => {
  it('reports the store in /v1/health, and answers 503 with Retry-After once the store fails', async () => {
    const store = createSqliteStore({ file: join(dir, 'limbic.db') });
    const clock = createManualClock();
    const keys = createMemoryKeyStore();
    const { key } = await createKey(keys, 'pepper', { env: 'test', plan: 'pro' });
    const gateway = await createGateway({
      config: { port: 0 },
      service: createSessionService({ store, clock }),
      keys,
      pepper: 'pepper',
      clock,
      logger: false,
    });
    const url = await gateway.listen();
    try {
      const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
      const health = await fetch(`${url}/v1/health`);
      expect(await health.json()).toMatchObject({ status: 'ok', store: { kind: 'sqlite', reachable: true } });
      const created = await fetch(`${url}/v1/persona`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ preset: 'cheerful_companion' }),
      });
      const { sessionId } = (await created.json()) as { sessionId: string };

      await store.close();
      const down = await fetch(`${url}/v1/health`);
      expect(down.status).toBe(503);
      expect(down.headers.get('retry-after')).not.toBeNull();
      const turn = await fetch(`${url}/v1/turn`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ sessionId, message: 'Hello again' }),
      });
      expect(turn.status).toBe(503);
      expect(turn.headers.get('retry-after')).not.toBeNull();
      expect(((await turn.json()) as { error: { code: string } }).error.code).toBe('STORE_UNAVAILABLE');

      // A WebSocket refused for the same reason says when to come back, like REST's Retry-After.
      const socket = new WebSocket(`${url.replace('http', 'ws')}/v1/ws/${sessionId}?token=${key}`);
      const messages: unknown[] = [];
      socket.on('message', (data) => messages.push(JSON.parse(String(data))));
      const code = await new Promise<number>((resolve) =>
        socket.on('close', (closeCode) => resolve(closeCode)),
      );
      expect(code).toBe(1011);
      expect(messages).toEqual([
        expect.objectContaining({
          type: 'error',
          code: 'STORE_UNAVAILABLE',
          retry_after: expect.any(Number),
        }),
      ]);
    } finally {
      await gateway.close();
    }
  });
});

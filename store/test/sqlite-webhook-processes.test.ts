import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeTestEndpoint, makeTestMessage, webhookTestTime as t0 } from '@limbic/core/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqliteStore } from '../src/sqlite-store.js';
import { startFixture } from './fixture-process.js';

const dir = mkdtempSync(join(tmpdir(), 'limbic-sqlite-webhooks-procs-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

interface Outcome {
  claimed: string[];
  refused?: string[];
}

interface Claimer {
  child: ChildProcess;
  /** Sends `go` and resolves the JSON line the fixture prints. */
  go(): Promise<Outcome>;
}

/** Starts the claiming fixture; resolves once it printed `ready`. */
async function claimer(
  file: string,
  owner: string,
  now: number,
  leaseMs: number,
  limit: number,
  mode: 'drain' | 'hold',
): Promise<Claimer> {
  const args = [file, owner, String(now), String(leaseMs), String(limit), mode];
  const fixture = startFixture('store/test/fixtures/claim-webhooks.ts', args, children, 30_000);
  await fixture.until(/^ready$/m);
  return { child: fixture.child, go: () => fixture.go<Outcome>() };
}

/** A file with `perEndpoint` messages due at t0 for each of `endpoints` endpoints; resolves their ids. */
async function seed(file: string, endpoints: number, perEndpoint: number): Promise<string[]> {
  const store = createSqliteStore({ file });
  const webhooks = store.webhooks();
  const ids: string[] = [];
  for (let e = 0; e < endpoints; e += 1) {
    const endpoint = makeTestEndpoint();
    await webhooks.createEndpoint(endpoint);
    const messages = Array.from({ length: perEndpoint }, () => makeTestMessage(endpoint));
    await webhooks.enqueue(messages);
    ids.push(...messages.map((m) => m.id));
  }
  await store.close();
  return ids;
}

describe('SQLite webhook outbox shared by several processes', { timeout: 90_000 }, () => {
  it('four processes draining one file at once each get different messages, and every message once', async () => {
    const file = join(dir, 'drain.db');
    const ids = await seed(file, 4, 40);
    const ready = await Promise.all(
      ['p1', 'p2', 'p3', 'p4'].map((o) => claimer(file, o, t0, 30_000, 3, 'drain')),
    );
    const outcomes = await Promise.all(ready.map((c) => c.go()));
    const claimed = outcomes.flatMap((o) => o.claimed);
    expect(outcomes.flatMap((o) => o.refused)).toEqual([]);
    expect(claimed).toHaveLength(ids.length);
    expect(new Set(claimed)).toEqual(new Set(ids));
    const store = createSqliteStore({ file });
    expect(await store.webhooks().nextDue()).toBeNull();
    await store.close();
  });

  it('messages leased by a SIGKILLed process are claimed by another once the lease runs out', async () => {
    const file = join(dir, 'sigkill.db');
    const ids = await seed(file, 1, 8);
    const lease = 30_000;
    const doomed = await claimer(file, 'doomed', t0, lease, 5, 'hold');
    const { claimed: held } = await doomed.go();
    expect(held).toEqual(ids.slice(0, 5));
    doomed.child.kill('SIGKILL');
    await new Promise((done) => doomed.child.once('exit', done));

    const early = await claimer(file, 'early', t0 + lease - 1, lease, 5, 'drain');
    expect((await early.go()).claimed).toEqual(ids.slice(5));
    const survivor = await claimer(file, 'survivor', t0 + lease, lease, 5, 'drain');
    expect(await survivor.go()).toEqual({ claimed: held, refused: [] });
    const store = createSqliteStore({ file });
    const webhooks = store.webhooks();
    const attempts = await webhooks.listAttempts(
      'owner-a',
      (await webhooks.listEndpoints('owner-a', { limit: 1 }))[0]!.id,
      {
        limit: 20,
      },
    );
    expect(attempts.map((a) => a.id).sort()).toEqual(
      [...held.map((id) => `att_survivor_${id}`), ...ids.slice(5).map((id) => `att_early_${id}`)].sort(),
    );
    await store.close();
  });
});

/**
 * The acceptance scenario of several gateway processes on one store, shared by the SQLite run
 * (sqlite-instances.test.ts: two processes on one file) and the MongoDB run (mongo-instances.test.ts: two processes
 * on one database, skipped without MONGODB_URI). Real start commands, real HTTP, WebSocket and graphql-ws clients;
 * the engine clock runs 100,000 times faster than wall time, so a three-day absence passes in seconds.
 */
import { randomBytes } from 'node:crypto';
import type { SessionStore } from '@limbic/core';
import { openStore } from '@limbic/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/load-config.js';
import { cleanUpGateways, type Started, startGateway, tempDataDir } from './gateway-process.js';
import { subscribe, wsClient } from './graphql-client.js';
import { appraisal, expectError, restClient } from './rest-client.js';
import { appraisals, openClient, type Received, type TestClient } from './ws-client.js';

/** A store the scenario runs on. */
export interface InstancesBackend {
  name: string;
  /** Why it cannot run here (each test is then skipped with this reason), or null. */
  missing: string | null;
  /** The store's environment for both processes (called once per run: a fresh database where that matters). */
  env(): NodeJS.ProcessEnv;
}

/** One running gateway process, as the test clients address it. */
interface Instance {
  name: string;
  url: string;
  wsUrl: string;
  process: Started;
}

const enterprise = `svc_test_instances${randomBytes(12).toString('hex')}`;
const free = `svc_test_instancesfree${randomBytes(12).toString('hex')}`;
/** Engine ms per wall ms. */
const timeScale = 100_000;
/** Generous bounds for a loaded 2-core machine: waits end as soon as what they wait for arrives. */
const pushMs = 10_000;

/** Takes messages until one of `type` (and matching `test`) arrives, keeping the ones it skipped in `seen`. */
async function until(
  client: TestClient,
  type: string,
  test: (message: Received) => boolean = () => true,
  seen: Received[] = [],
  ms = pushMs,
): Promise<Received> {
  const deadline = Date.now() + ms;
  for (;;) {
    const message = await client.next(Math.max(1, deadline - Date.now()));
    seen.push(message);
    if (message.type === type && test(message)) return message;
  }
}

/** Every message that arrives within `ms` (to show that nothing more comes). */
async function drain(client: TestClient, ms: number): Promise<Received[]> {
  const out: Received[] = [];
  const deadline = Date.now() + ms;
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) return out;
    try {
      out.push(await client.next(left));
    } catch {
      return out;
    }
  }
}

const turnsOf = (message: Received) => (message.data as { turns: number }).turns;

/**
 * Declares the scenario for one backend: two gateway processes on one store (started once for the file, one after
 * the other so the first provisions the keys both accept), then pushes, parallel turns, the proactive claim,
 * deletions and shared rate limits across them.
 */
export function describeInstances(backend: InstancesBackend): void {
  describe(`two gateway processes on one ${backend.name} store`, { timeout: 120_000 }, () => {
    let a: Instance;
    let b: Instance;
    let store: SessionStore | undefined;

    beforeAll(async () => {
      if (backend.missing !== null) return;
      const dir = tempDataDir();
      const env = {
        ...backend.env(),
        LIMBIC_DATA: dir,
        LIMBIC_API_KEYS: `${enterprise}:enterprise,${free}:free`,
        LIMBIC_TIME_SCALE: String(timeScale),
        LOG_LEVEL: 'warn',
      };
      const started: Instance[] = [];
      for (const name of ['A', 'B']) {
        const process = await startGateway(env);
        started.push({ name, url: process.url, wsUrl: process.url.replace(/^http/, 'ws'), process });
      }
      [a, b] = started as [Instance, Instance];
      // The same store as the processes see it, to read what they wrote.
      store = await openStore(loadConfig(env));
    }, 60_000);

    afterAll(async () => {
      await store?.close();
      cleanUpGateways();
    });

    const run = (name: string, fn: () => Promise<void>) =>
      it(name, async (ctx) => {
        ctx.skip(backend.missing !== null, backend.missing ?? '');
        await fn();
      });

    async function createOn(instance: Instance, preset = 'rival'): Promise<string> {
      const created = await restClient(instance, enterprise).post('/v1/persona', { preset });
      expect(created.status, created.text).toBe(201);
      return created.body.sessionId as string;
    }

    async function stateSocket(instance: Instance, sessionId: string): Promise<TestClient> {
      const client = await openClient(
        `${instance.wsUrl}/v1/ws/${sessionId}?token=${enterprise}&events=state`,
      );
      await client.expect('connected');
      return client;
    }

    run('shows a session created on A, and a turn made on A, on B at once', async () => {
      const sessionId = await createOn(a);
      const onB = restClient(b, enterprise);
      expect((await onB.get(`/v1/persona/${sessionId}`)).status).toBe(200);
      const turn = await restClient(a, enterprise).post('/v1/turn/appraisal', { sessionId, appraisal });
      expect(turn.status).toBe(200);
      const details = await onB.get(`/v1/persona/${sessionId}`);
      expect(details.body.state.turns).toBe(1);
      // The same turn, relaxed toward the baseline for the engine time since (both processes' clocks run 100,000
      // times faster than the wall from one origin, so milliseconds here are minutes there).
      const felt = details.body.state.emotion as { V: number };
      const left = turn.body.new_emotion as { V: number };
      expect(Math.sign(felt.V)).toBe(Math.sign(left.V));
      expect(Math.abs(felt.V)).toBeLessThanOrEqual(Math.abs(left.V) + 1e-4);
    });

    run('pushes a turn on A to a WebSocket and a GraphQL subscriber on B, and B’s turns to A', async () => {
      const sessionId = await createOn(a);
      const socket = await stateSocket(b, sessionId);
      const graphql = wsClient(b, enterprise);
      const stream = subscribe(graphql, 'subscription ($s: ID!) { sessionState(sessionId: $s) { turns } }', {
        s: sessionId,
      });
      try {
        expect((await stream.next(pushMs)).data?.sessionState).toEqual({ turns: 0 });
        const latencies: number[] = [];
        for (let i = 1; i <= 10; i++) {
          const sent = performance.now();
          const via = i % 2 ? a : b;
          expect(
            (await restClient(via, enterprise).post('/v1/turn/appraisal', { sessionId, appraisal })).status,
          ).toBe(200);
          const pushed = await until(socket, 'state', (m) => turnsOf(m) === i);
          if (via === a) latencies.push(performance.now() - sent);
          expect(turnsOf(pushed)).toBe(i);
          // Every version reaches the GraphQL subscriber too (pushes may skip versions; it ends on the latest).
          let seen = 0;
          while (seen < i) {
            const result = await stream.next(pushMs);
            seen = (result.data?.sessionState as { turns: number } | undefined)?.turns ?? seen;
          }
          expect(seen).toBe(i);
        }
        latencies.sort((x, y) => x - y);
        console.log(
          `${backend.name}: push to a socket on B from sending a turn to A (sent just after B's previous push): median ${latencies[2]!.toFixed(0)} ms, ` +
            `max ${latencies.at(-1)!.toFixed(0)} ms (${latencies.map((x) => x.toFixed(0)).join(' ')})`,
        );
      } finally {
        stream.dispose();
        await graphql.dispose();
        await socket.close();
      }
    });

    run('answers 100 parallel turns spread over A and B with 200, and ends at version + 100', async () => {
      const sessionId = await createOn(b);
      const before = (await store!.get(sessionId))!;
      const turns = Array.from({ length: 100 }, (_, i) =>
        restClient(i % 2 ? a : b, enterprise).post('/v1/turn/appraisal', { sessionId, appraisal }),
      );
      const statuses = (await Promise.all(turns)).map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(100);
      const after = (await store!.get(sessionId))!;
      expect(after.version).toBe(before.version + 100);
      expect(after.state.turns).toBe(100);
      for (const instance of [a, b]) {
        const details = await restClient(instance, enterprise).get(`/v1/persona/${sessionId}`);
        expect(details.body.state.turns).toBe(100);
      }
    });

    run(
      'agree on the engine time under a time scale, counted from the origin stored with the data',
      async () => {
        // engine = origin + (wall − origin)·scale, so each answer bounds its process's origin to the wall interval of
        // its request; processes that count from the same origin give overlapping bounds (started apart, they would
        // differ by the start gap, seconds here).
        const originOf = async (instance: Instance) => {
          const before = Date.now();
          const health = (await (await fetch(`${instance.url}/v1/health`)).json()) as {
            engine_time: string;
            time_scale: number;
          };
          const after = Date.now();
          expect(health.time_scale).toBe(timeScale);
          const engine = Date.parse(health.engine_time);
          return {
            low: (timeScale * before - engine) / (timeScale - 1) - 1,
            high: (timeScale * after - engine) / (timeScale - 1) + 1,
          };
        };
        for (let i = 0; i < 5; i++) {
          const [oa, ob] = [await originOf(a), await originOf(b)];
          expect(Math.max(oa.low, ob.low)).toBeLessThanOrEqual(Math.min(oa.high, ob.high));
        }
      },
    );

    run(
      'raises a due proactive action once across both schedulers, and pushes it once on each socket',
      async () => {
        const sessionId = await createOn(a, 'cheerful_companion');
        // A bond to miss: 40 kind turns, spread over both instances, with proactive behaviour still off.
        for (let i = 0; i < 40; i++) {
          const turn = await restClient(i % 2 ? a : b, enterprise).post('/v1/turn/appraisal', {
            sessionId,
            appraisal: appraisals.kindness,
          });
          expect(turn.status).toBe(200);
        }
        const onA = await openClient(`${a.wsUrl}/v1/ws/${sessionId}?token=${enterprise}`);
        const onB = await openClient(`${b.wsUrl}/v1/ws/${sessionId}?token=${enterprise}`);
        const seenA: Received[] = [];
        const seenB: Received[] = [];
        try {
          await until(onA, 'connected', undefined, seenA);
          await until(onB, 'connected', undefined, seenB);
          // Only the absence trigger, so the one action the absence raises is the only one there can be.
          const preferences = { enabled: true, triggers: { need_deficit: false, emotional_overflow: false } };
          const saved = await restClient(b, enterprise).put(
            `/v1/proactive/${sessionId}/preferences`,
            preferences,
          );
          expect(saved.status).toBe(200);
          // Hours of engine time pass in milliseconds: both schedulers wake for the due time (A through B's write).
          const pushA = await until(onA, 'proactive', undefined, seenA, 60_000);
          const pushB = await until(onB, 'proactive', undefined, seenB, 60_000);
          expect(pushB.data).toEqual(pushA.data);
          expect(pushA.data).toMatchObject({ action_type: 'attachment_seeking' });
          // Give a duplicate every chance to show: more than a day of engine time and many change-feed polls.
          seenA.push(...(await drain(onA, 1500)));
          seenB.push(...(await drain(onB, 500)));
          for (const seen of [seenA, seenB]) {
            const ids = seen
              .filter((m) => m.type === 'proactive')
              .map((m) => (m.data as { action_id: string }).action_id);
            expect(ids).toEqual([(pushA.data as { action_id: string }).action_id]);
          }
          for (const instance of [a, b]) {
            const pending = await restClient(instance, enterprise).get(`/v1/proactive/${sessionId}`);
            expect(pending.body).toHaveLength(1);
            expect(pending.body[0]).toMatchObject({
              id: (pushA.data as { action_id: string }).action_id,
              type: 'attachment_seeking',
            });
          }
        } finally {
          await onA.close();
          await onB.close();
        }
      },
    );

    run(
      'never sends one action twice on a socket that opens while the other gateway raises it (50 tries)',
      async () => {
        const tries = 50;
        const ids: string[] = [];
        for (let i = 0; i < tries; i++) ids.push(await createOn(i % 2 ? a : b, 'cheerful_companion'));
        // A bond to miss on each, proactive behaviour still off: 40 kind turns, 10 sessions at a time.
        for (let start = 0; start < tries; start += 10) {
          await Promise.all(
            ids.slice(start, start + 10).map(async (sessionId, k) => {
              for (let i = 0; i < 40; i++) {
                const turn = await restClient((start + k + i) % 2 ? a : b, enterprise).post(
                  '/v1/turn/appraisal',
                  {
                    sessionId,
                    appraisal: appraisals.kindness,
                  },
                );
                expect(turn.status).toBe(200);
              }
            }),
          );
        }
        const preferences = { enabled: true, triggers: { need_deficit: false, emotional_overflow: false } };
        // Each try: B enables the absence trigger (due within milliseconds of wall time, raised by either scheduler,
        // usually B's) while a socket opens on A at the same moment.
        const sockets = await Promise.all(
          ids.map(async (sessionId) => {
            const [client] = await Promise.all([
              openClient(`${a.wsUrl}/v1/ws/${sessionId}?token=${enterprise}`),
              restClient(b, enterprise).put(`/v1/proactive/${sessionId}/preferences`, preferences),
            ]);
            return client;
          }),
        );
        try {
          const seen = await Promise.all(
            sockets.map(async (client) => {
              const messages: Received[] = [];
              await until(client, 'connected', undefined, messages);
              // The action, in missed_proactive or pushed; then anything else that comes within a second.
              const got = (m: Received) => m.type === 'proactive' || m.type === 'missed_proactive';
              if (!messages.some(got)) {
                const next = await client.next(60_000);
                messages.push(next);
              }
              messages.push(...(await drain(client, 1000)));
              return messages;
            }),
          );
          let delivered = 0;
          for (const messages of seen) {
            const actionIds = messages.flatMap((m) =>
              m.type === 'proactive'
                ? [(m.data as { action_id: string }).action_id]
                : m.type === 'missed_proactive'
                  ? (m.data as { action_id: string }[]).map((x) => x.action_id)
                  : [],
            );
            expect(new Set(actionIds).size).toBe(actionIds.length);
            delivered += actionIds.length;
          }
          expect(delivered).toBe(tries);
        } finally {
          await Promise.all(sockets.map((client) => client.close()));
        }
      },
    );

    run('closes the sockets on B of a session deleted on A (4404)', async () => {
      const sessionId = await createOn(a);
      const onB = await stateSocket(b, sessionId);
      expect((await restClient(a, enterprise).delete(`/v1/persona/${sessionId}`)).status).toBe(200);
      expect((await onB.waitClose(pushMs)).code).toBe(4404);
      expectError(await restClient(b, enterprise).get(`/v1/persona/${sessionId}`), 404, 'NOT_FOUND');
    });

    run(
      'holds a key’s rate limit across both: the 61st request of a free key is refused on either',
      async () => {
        for (let i = 0; i < 60; i++) {
          const res = await restClient(i % 2 ? a : b, free).get('/v1/presets');
          expect(res.status, `request ${i + 1}`).toBe(200);
        }
        expectError(await restClient(a, free).get('/v1/presets'), 429, 'RATE_LIMIT');
        expectError(await restClient(b, free).get('/v1/presets'), 429, 'RATE_LIMIT');
      },
    );
  });
}

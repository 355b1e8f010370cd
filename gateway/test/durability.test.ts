import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanUpGateways, type Started, startGateway, stopGateway, tempDataDir } from './gateway-process.js';

// The acceptance test of durable storage (issue #5): the real start command, killed with SIGKILL in the middle of a
// stream of turns, started again on the same data. It runs against SQLite here, and against MongoDB whenever
// MONGODB_URI names a reachable server.

const key = 'svc_live_durability0123456789abcdef';
const calm = {
  goal_relevance: 0.6,
  goal_congruence: 0.4,
  expectedness: 0.6,
  controllability: 0.6,
  agency: 0.2,
  norm_compatibility: 0.3,
};
const overwhelming = {
  goal_relevance: 1,
  goal_congruence: -1,
  expectedness: 0,
  controllability: 0,
  agency: -1,
  norm_compatibility: -1,
};

interface Backend {
  name: string;
  env: () => NodeJS.ProcessEnv;
  /** Why the backend cannot run here, or null. */
  missing: string | null;
}

const backends: Backend[] = [
  { name: 'sqlite', env: () => ({ LIMBIC_STORE: 'sqlite' }), missing: null },
  {
    name: 'mongodb',
    // A fresh database per test, so runs never see each other's sessions.
    env: () => ({
      LIMBIC_STORE: 'mongodb',
      MONGODB_URI: process.env.MONGODB_URI ?? '',
      LIMBIC_DB: `limbic_durability_${randomBytes(4).toString('hex')}`,
    }),
    missing: process.env.MONGODB_URI
      ? null
      : 'MONGODB_URI is not set: no MongoDB server to test against here',
  },
];

afterEach(cleanUpGateways);

// biome-ignore lint/suspicious/noExplicitAny: test code reads arbitrary JSON.
type Client = (method: string, path: string, body?: unknown) => Promise<{ status: number; body: any }>;

function client(url: string): Client {
  return async (method, path, body) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, body: await res.json() };
  };
}

/**
 * Sends appraisal turns from `parallel` workers and kills the gateway with SIGKILL as soon as `killAfter` turns were
 * answered 200, while the other workers' turns are still in flight. Workers stop at their first failed request.
 */
async function streamAndKill(
  gateway: Started & { url: string },
  sessionId: string,
  { parallel, killAfter }: { parallel: number; killAfter: number },
): Promise<{ sent: number; acked: number; inFlightAtKill: number }> {
  let sent = 0;
  let acked = 0;
  let inFlight = 0;
  let inFlightAtKill = -1;
  const body = JSON.stringify({ sessionId, appraisal: calm, context: 'durability stream' });
  async function worker(): Promise<void> {
    while (inFlightAtKill < 0) {
      sent += 1;
      inFlight += 1;
      let answered = false;
      try {
        const res = await fetch(`${gateway.url}/v1/turn/appraisal`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body,
        });
        inFlight -= 1;
        answered = true;
        // The status line arrived: the gateway answered 200 only after the store's write returned.
        if (res.status !== 200) throw new Error(`turn answered ${res.status}: ${await res.text()}`);
        acked += 1;
        if (acked === killAfter) {
          inFlightAtKill = inFlight;
          gateway.child.kill('SIGKILL');
        }
        await res.arrayBuffer().catch(() => undefined);
      } catch (error) {
        if (inFlightAtKill < 0) throw error;
        return;
      } finally {
        if (!answered) inFlight -= 1;
      }
    }
  }
  await Promise.all(Array.from({ length: parallel }, worker));
  return { sent, acked, inFlightAtKill };
}

for (const backend of backends) {
  describe(`durability (${backend.name})`, { timeout: 60_000 }, () => {
    it('keeps every turn answered 200 through a SIGKILL mid-stream, and the next turn continues from them', async (ctx) => {
      ctx.skip(backend.missing !== null, backend.missing ?? '');
      const dir = tempDataDir();
      const env = {
        ...backend.env(),
        LIMBIC_DATA: dir,
        LIMBIC_API_KEYS: `${key}:enterprise`,
        LOG_LEVEL: 'warn',
      };
      const first = await startGateway(env);
      const created = await client(first.url)('POST', '/v1/persona', { preset: 'cheerful_companion' });
      expect(created.status).toBe(201);
      const sessionId: string = created.body.sessionId;

      const { sent, acked, inFlightAtKill } = await streamAndKill(first, sessionId, {
        parallel: 8,
        killAfter: 40,
      });
      expect(await first.exited(10_000)).toBeNull();
      expect(first.child.signalCode).toBe('SIGKILL');
      expect(acked).toBeGreaterThanOrEqual(40);
      expect(inFlightAtKill).toBeGreaterThan(0);

      const second = await startGateway(env);
      const api = client(second.url);
      const state = await api('GET', `/v1/state/${sessionId}`);
      expect(state.status).toBe(200);
      const turns: number = state.body.turns;
      expect(turns).toBeGreaterThanOrEqual(acked);
      expect(turns).toBeLessThanOrEqual(sent);

      expect((await api('POST', '/v1/turn/appraisal', { sessionId, appraisal: calm })).status).toBe(200);
      expect((await api('GET', `/v1/state/${sessionId}`)).body.turns).toBe(turns + 1);
      await stopGateway(second);
    });

    it('keeps sessions, preferences and pending proactive actions through a clean restart', async (ctx) => {
      ctx.skip(backend.missing !== null, backend.missing ?? '');
      const dir = tempDataDir();
      const env = {
        ...backend.env(),
        LIMBIC_DATA: dir,
        LIMBIC_API_KEYS: `${key}:enterprise`,
        LOG_LEVEL: 'warn',
      };
      const first = await startGateway(env);
      let api = client(first.url);
      const a: string = (await api('POST', '/v1/persona', { preset: 'empathetic_listener' })).body.sessionId;
      const b: string = (await api('POST', '/v1/persona', { preset: 'cheerful_companion' })).body.sessionId;
      const preferences = { enabled: true, cooldown_hours: 12, triggers: { need_deficit: false } };
      const saved = (await api('PUT', `/v1/proactive/${a}/preferences`, preferences)).body.preferences;
      expect(
        (await api('POST', '/v1/turn/appraisal', { sessionId: a, appraisal: overwhelming })).status,
      ).toBe(200);
      for (let i = 0; i < 3; i++) await api('POST', '/v1/turn/appraisal', { sessionId: b, appraisal: calm });
      const pending = (await api('GET', `/v1/proactive/${a}`)).body;
      expect(pending).toHaveLength(1);
      expect(pending[0].type).toBe('emotional_overflow');
      await stopGateway(first);

      const second = await startGateway(env);
      api = client(second.url);
      const list = (await api('GET', '/v1/persona')).body;
      expect(list.sessions.map((s: { sessionId: string }) => s.sessionId)).toEqual([a, b]);
      expect((await api('GET', `/v1/persona/${a}`)).body.preferences).toEqual(saved);
      expect((await api('GET', `/v1/state/${b}`)).body.turns).toBe(3);
      expect((await api('GET', `/v1/proactive/${a}`)).body).toEqual(pending);
      const ack = await api('POST', `/v1/proactive/${a}/ack`, { action_id: pending[0].id });
      expect(ack.status).toBe(200);
      await stopGateway(second);

      // An acknowledged action is never delivered again, after a restart too.
      const third = await startGateway(env);
      expect((await client(third.url)('GET', `/v1/proactive/${a}`)).body).toEqual([]);
      await stopGateway(third);
    });
  });
}

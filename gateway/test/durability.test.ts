import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
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

/** Sends one turn and resolves once it was acknowledged; rejects when it was refused or the connection failed. */
type Sender = () => Promise<void>;

/** A REST client of one session: each call is one `POST /v1/turn/appraisal`. */
function restSender(url: string, sessionId: string): Sender {
  const body = JSON.stringify({ sessionId, appraisal: calm, context: 'durability stream' });
  return async () => {
    const res = await fetch(`${url}/v1/turn/appraisal`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body,
    });
    // The status line arrived: the gateway answered 200 only after the store's write returned.
    if (res.status !== 200) throw new Error(`turn answered ${res.status}: ${await res.text()}`);
    await res.arrayBuffer().catch(() => undefined);
  };
}

/** A WebSocket client of one session (`/v1/ws/:id`), connected: each call is one `turn_appraisal` and its reply. */
async function wsSender(url: string, sessionId: string): Promise<Sender> {
  const ws = new WebSocket(`${url.replace('http', 'ws')}/v1/ws/${sessionId}?token=${key}`);
  let settle: ((error?: Error) => void) | undefined;
  const fail = (error: Error) => {
    settle?.(error);
    settle = undefined;
  };
  ws.on('error', (error) => fail(error));
  ws.on('close', () => fail(new Error('socket closed')));
  await new Promise<void>((resolve, reject) => {
    ws.once('message', () => resolve());
    ws.once('error', reject);
  });
  ws.on('message', (data) => {
    const type = (JSON.parse(String(data)) as { type: string }).type;
    if (type === 'turn_result') {
      settle?.();
      settle = undefined;
    } else if (type === 'error') fail(new Error(`turn answered ${String(data)}`));
  });
  const frame = JSON.stringify({ type: 'turn_appraisal', appraisal: calm, context: 'durability stream' });
  return () =>
    new Promise<void>((resolve, reject) => {
      settle = (error) => (error ? reject(error) : resolve());
      ws.send(frame);
    });
}

/**
 * Sends appraisal turns from every sender in parallel, each with one turn in flight, and kills the gateway with
 * SIGKILL as soon as `killAfter` turns were acknowledged, while the other senders' turns are still in flight.
 * Senders stop at their first failed turn. `acked` counts per sender.
 */
async function streamAndKill(
  gateway: Started,
  senders: Sender[],
  killAfter: number,
): Promise<{ sent: number; acked: number; ackedBy: number[]; inFlightAtKill: number }> {
  let sent = 0;
  let acked = 0;
  let inFlight = 0;
  let inFlightAtKill = -1;
  const ackedBy = senders.map(() => 0);
  async function worker(send: Sender, index: number): Promise<void> {
    while (inFlightAtKill < 0) {
      sent += 1;
      inFlight += 1;
      try {
        await send();
      } catch (error) {
        inFlight -= 1;
        if (inFlightAtKill < 0) throw error;
        return;
      }
      inFlight -= 1;
      acked += 1;
      ackedBy[index]! += 1;
      if (acked === killAfter) {
        inFlightAtKill = inFlight;
        gateway.child.kill('SIGKILL');
      }
    }
  }
  await Promise.all(senders.map(worker));
  return { sent, acked, ackedBy, inFlightAtKill };
}

/**
 * Starts the gateway again on the same data and checks that the session holds at least every acknowledged turn (and
 * no more than were sent) and that the next turn continues from them; returns the restarted gateway.
 */
async function turnsAfterRestart(
  env: NodeJS.ProcessEnv,
  sessionId: string,
  { sent, acked }: { sent: number; acked: number },
): Promise<Started & { url: string }> {
  const second = await startGateway(env);
  const api = client(second.url);
  const state = await api('GET', `/v1/state/${sessionId}`);
  expect(state.status).toBe(200);
  const turns: number = state.body.turns;
  expect(turns).toBeGreaterThanOrEqual(acked);
  expect(turns).toBeLessThanOrEqual(sent);
  expect((await api('POST', '/v1/turn/appraisal', { sessionId, appraisal: calm })).status).toBe(200);
  expect((await api('GET', `/v1/state/${sessionId}`)).body.turns).toBe(turns + 1);
  return second;
}

/** The environment of a gateway on `backend` with a new data folder, the test's key and only warnings logged. */
function durableEnv(backend: Backend): NodeJS.ProcessEnv {
  return {
    ...backend.env(),
    LIMBIC_DATA: tempDataDir(),
    LIMBIC_API_KEYS: `${key}:enterprise`,
    LOG_LEVEL: 'warn',
  };
}

for (const backend of backends) {
  describe(`durability (${backend.name})`, { timeout: 60_000 }, () => {
    it('keeps every turn answered 200 through a SIGKILL mid-stream, and the next turn continues from them', async (ctx) => {
      ctx.skip(backend.missing !== null, backend.missing ?? '');
      const env = durableEnv(backend);
      const first = await startGateway(env);
      const created = await client(first.url)('POST', '/v1/persona', { preset: 'cheerful_companion' });
      expect(created.status).toBe(201);
      const sessionId: string = created.body.sessionId;

      const senders = Array.from({ length: 8 }, () => restSender(first.url, sessionId));
      const stream = await streamAndKill(first, senders, 40);
      expect(await first.exited(10_000)).toBeNull();
      expect(first.child.signalCode).toBe('SIGKILL');
      expect(stream.acked).toBeGreaterThanOrEqual(40);
      expect(stream.inFlightAtKill).toBeGreaterThan(0);
      await stopGateway(await turnsAfterRestart(env, sessionId, stream));
    });

    it('keeps every turn acknowledged on one hot session (32 REST and 4 WebSocket clients) through a SIGKILL', async (ctx) => {
      ctx.skip(backend.missing !== null, backend.missing ?? '');
      const env = durableEnv(backend);
      const first = await startGateway(env);
      const created = await client(first.url)('POST', '/v1/persona', { preset: 'cheerful_companion' });
      const sessionId: string = created.body.sessionId;
      // Concurrent turns on one session are written in batches (one compare-and-set, one fsync for each batch).
      const sockets = await Promise.all(Array.from({ length: 4 }, () => wsSender(first.url, sessionId)));
      const senders = [...Array.from({ length: 32 }, () => restSender(first.url, sessionId)), ...sockets];
      const stream = await streamAndKill(first, senders, 400);
      expect(await first.exited(10_000)).toBeNull();
      expect(first.child.signalCode).toBe('SIGKILL');
      expect(stream.acked).toBeGreaterThanOrEqual(400);
      expect(stream.inFlightAtKill).toBeGreaterThan(0);
      expect(stream.ackedBy.slice(32).every((n) => n > 0)).toBe(true);
      await stopGateway(await turnsAfterRestart(env, sessionId, stream));
    });

    it('keeps sessions, preferences and pending proactive actions through a clean restart', async (ctx) => {
      ctx.skip(backend.missing !== null, backend.missing ?? '');
      const env = durableEnv(backend);
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
      // Newest first (docs/protocol.md, "Session lists").
      expect(list.sessions.map((s: { sessionId: string }) => s.sessionId)).toEqual([b, a]);
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

/**
 * CORS as a browser enforces it: Debian's Chromium (playwright-core, no browser download) opens a page on each of two
 * origins, 127.0.0.1 on two ports, only one of which is in LIMBIC_CORS_ORIGINS, and from each calls the gateway the
 * four ways a page can: REST with a key and a JSON body (a preflight), GraphQL over HTTP, the session WebSocket and
 * graphql-ws. The listed origin gets all four; the other gets none, and its turn never reaches the session.
 */
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from './harness.js';
import { createSession } from './ws-client.js';

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const skipReason = existsSync(executablePath)
  ? undefined
  : `no Chromium at ${executablePath} (apt-get install -y chromium, or set CHROMIUM_PATH); .ci/run installs it`;
if (skipReason) console.log(`browser CORS test skipped: ${skipReason}`);

/** A page server on 127.0.0.1: one origin, serving an empty page at every path. */
async function startPageServer(): Promise<{ server: Server; origin: string }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><title>Limbic CORS probe</title>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** What the page saw of one call: its answer, or the error it failed with. */
type Outcome =
  | { ok: true; status: number; body: unknown; requestId: string | null }
  | { ok: false; error: string };

/** What the page saw of one WebSocket: its events in order, and the close code. */
interface SocketOutcome {
  events: string[];
  code: number;
  protocol: string;
}

/** What the page saw of the four calls. */
interface Probe {
  rest: Outcome;
  graphql: Outcome;
  session: SocketOutcome;
  graphqlWs: SocketOutcome;
}

/**
 * Runs in the page (it may use nothing from this module): the four calls, each awaited on its own events, with a
 * timeout only as a safety net.
 */
async function probe(args: { http: string; ws: string; key: string; sessionId: string }): Promise<Probe> {
  const { http, ws, key, sessionId } = args;
  const json = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const call = async (path: string, body: unknown): Promise<Outcome> => {
    try {
      const res = await fetch(`${http}${path}`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify(body),
      });
      return {
        ok: true,
        status: res.status,
        body: await res.json(),
        requestId: res.headers.get('request-id'),
      };
    } catch (error) {
      return { ok: false, error: `${(error as Error).name}: ${(error as Error).message}` };
    }
  };
  const socket = (url: string, protocol: string, init?: object) =>
    new Promise<SocketOutcome>((resolve, reject) => {
      const events: string[] = [];
      const timer = setTimeout(() => reject(new Error(`no close from ${url}: ${events.join(', ')}`)), 5_000);
      const s = new WebSocket(url, protocol);
      s.onopen = () => {
        events.push('open');
        if (init) s.send(JSON.stringify(init));
      };
      s.onerror = () => events.push('error');
      s.onmessage = (event) => {
        const { type } = JSON.parse(String(event.data)) as { type: string };
        events.push(type);
        if (type === 'connected' || type === 'connection_ack') s.close(1000);
      };
      s.onclose = (event) => {
        clearTimeout(timer);
        resolve({ events, code: event.code, protocol: s.protocol });
      };
    });
  return {
    rest: await call('/v1/turn', { sessionId, message: 'Hello from a browser page' }),
    graphql: await call('/graphql', {
      query: 'query ($s: ID!) { state(sessionId: $s) { turns } }',
      variables: { s: sessionId },
    }),
    session: await socket(`${ws}/v1/ws/${sessionId}?token=${key}`, 'limbic.v1'),
    graphqlWs: await socket(`${ws}/graphql`, 'graphql-transport-ws', {
      type: 'connection_init',
      payload: { authorization: `Bearer ${key}` },
    }),
  };
}

let t: TestGateway;
let browser: Browser;
let listed: { server: Server; origin: string };
let unlisted: { server: Server; origin: string };
let sessionId: string;

beforeAll(async () => {
  if (skipReason) return;
  listed = await startPageServer();
  unlisted = await startPageServer();
  t = await startTestGateway({ corsOrigins: [listed.origin] });
  sessionId = await createSession(t, t.keys.pro);
  browser = await chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
  for (const page of [listed, unlisted]) page?.server.close();
});

/** Opens a page on `origin` and runs the probe there. */
async function probeFrom(origin: string): Promise<Probe> {
  const page = await browser.newPage();
  try {
    await page.goto(origin);
    return await page.evaluate(probe, { http: t.url, ws: t.wsUrl, key: t.keys.pro, sessionId });
  } finally {
    await page.close();
  }
}

async function turns(): Promise<number> {
  const res = await fetch(`${t.url}/v1/state/${sessionId}`, {
    headers: { authorization: `Bearer ${t.keys.pro}` },
  });
  return ((await res.json()) as { turns: number }).turns;
}

describe('CORS in a browser (Chromium)', () => {
  it.skipIf(skipReason !== undefined)(
    'refuses all four ways in from an origin not in LIMBIC_CORS_ORIGINS: nothing reaches the session',
    async () => {
      const seen = await probeFrom(unlisted.origin);
      // The preflight gets no CORS headers, so the browser never sends the request: fetch fails with a TypeError.
      expect(seen.rest).toEqual({ ok: false, error: expect.stringMatching(/^TypeError: /) });
      expect(seen.graphql).toEqual({ ok: false, error: expect.stringMatching(/^TypeError: /) });
      // The handshake is refused (403 ORIGIN_NOT_ALLOWED): the socket errs and closes without opening.
      expect(seen.session).toEqual({ events: ['error'], code: 1006, protocol: '' });
      expect(seen.graphqlWs).toEqual({ events: ['error'], code: 1006, protocol: '' });
      expect(await turns()).toBe(0);
    },
    30_000,
  );

  it.skipIf(skipReason !== undefined)(
    'lets the listed origin use REST, GraphQL, the session WebSocket and graphql-ws, and read the exposed headers',
    async () => {
      const before = await turns();
      const seen = await probeFrom(listed.origin);
      expect(seen.rest).toMatchObject({
        ok: true,
        status: 200,
        body: { discrete_emotion: expect.any(String), appraiser: expect.any(String) },
      });
      expect((seen.rest as { requestId: string | null }).requestId).toMatch(/^req_/);
      expect(seen.graphql).toMatchObject({
        ok: true,
        status: 200,
        body: { data: { state: { turns: before + 1 } } },
      });
      expect(seen.session).toEqual({ events: ['open', 'connected'], code: 1000, protocol: 'limbic.v1' });
      expect(seen.graphqlWs).toEqual({
        events: ['open', 'connection_ack'],
        code: 1000,
        protocol: 'graphql-transport-ws',
      });
      expect(await turns()).toBe(before + 1);
    },
    30_000,
  );
});

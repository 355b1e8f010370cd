import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadConfig } from '../src/load-config.js';
import { startTestGateway, type TestGateway } from './harness.js';

const app = 'https://app.example.com';
const evil = 'https://evil.example';

/** Opens a WebSocket with an Origin header; resolves with 101 (`open`) or the refusal's status and body. */
function upgrade(url: string, origin?: string): Promise<{ status: number; body?: string }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, url.endsWith('/graphql') ? 'graphql-transport-ws' : [], {
      ...(origin ? { origin } : {}),
    });
    ws.on('open', () => {
      ws.close();
      resolve({ status: 101 });
    });
    ws.on('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    ws.on('error', () => {});
  });
}

async function sessionOf(t: TestGateway): Promise<string> {
  const res = await fetch(`${t.url}/v1/persona`, {
    method: 'POST',
    headers: { authorization: `Bearer ${t.keys.pro}`, 'content-type': 'application/json' },
    body: JSON.stringify({ preset: 'rival' }),
  });
  return ((await res.json()) as { sessionId: string }).sessionId;
}

describe('without LIMBIC_CORS_ORIGINS', () => {
  let t: TestGateway;
  beforeAll(async () => {
    t = await startTestGateway();
  });
  afterAll(() => t.close());

  it('answers no CORS headers, and OPTIONS stays a 405', async () => {
    const res = await fetch(`${t.url}/v1/presets`, {
      headers: { origin: app, authorization: `Bearer ${t.keys.pro}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(`${t.url}/v1/persona`, {
      method: 'OPTIONS',
      headers: { origin: app, 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(405);
  });

  it('refuses WebSockets from another origin, accepts its own and those without Origin', async () => {
    const sessionId = await sessionOf(t);
    for (const url of [`${t.wsUrl}/v1/ws/${sessionId}?token=${t.keys.pro}`, `${t.wsUrl}/graphql`]) {
      const refused = await upgrade(url, evil);
      expect(refused.status).toBe(403);
      expect(JSON.parse(refused.body!)).toMatchObject({ error: { code: 'ORIGIN_NOT_ALLOWED', status: 403 } });
      expect((await upgrade(url, t.url)).status).toBe(101);
      expect((await upgrade(url)).status).toBe(101);
    }
  });
});

describe('with LIMBIC_CORS_ORIGINS', () => {
  let t: TestGateway;
  beforeAll(async () => {
    t = await startTestGateway({ corsOrigins: [app] });
  });
  afterAll(() => t.close());

  it('answers the preflight of a listed origin before authentication', async () => {
    const res = await fetch(`${t.url}/v1/persona`, {
      method: 'OPTIONS',
      headers: {
        origin: app,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(app);
    expect(res.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
    expect(res.headers.get('access-control-allow-methods')).toMatch(/POST/);
  });

  it('lets a listed origin read REST and GraphQL answers and their headers, and no other', async () => {
    const res = await fetch(`${t.url}/v1/presets`, {
      headers: { origin: app, authorization: `Bearer ${t.keys.pro}` },
    });
    expect(res.headers.get('access-control-allow-origin')).toBe(app);
    expect(res.headers.get('access-control-expose-headers')).toMatch(/Request-Id/);
    const gql = await fetch(`${t.url}/graphql`, {
      method: 'POST',
      headers: { origin: app, 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ health { status } }' }),
    });
    expect(gql.headers.get('access-control-allow-origin')).toBe(app);
    const other = await fetch(`${t.url}/v1/presets`, {
      headers: { origin: evil, authorization: `Bearer ${t.keys.pro}` },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('opens WebSockets for a listed origin only', async () => {
    const sessionId = await sessionOf(t);
    for (const url of [`${t.wsUrl}/v1/ws/${sessionId}?token=${t.keys.pro}`, `${t.wsUrl}/graphql`]) {
      expect((await upgrade(url, app)).status).toBe(101);
      expect((await upgrade(url, evil)).status).toBe(403);
    }
  });

  it('reads and checks the variable', () => {
    expect(loadConfig({ LIMBIC_CORS_ORIGINS: `${app}, http://127.0.0.1:5173` }).corsOrigins).toEqual([
      app,
      'http://127.0.0.1:5173',
    ]);
    expect(() => loadConfig({ LIMBIC_CORS_ORIGINS: 'app.example.com,https://x.example/path' })).toThrow(
      /LIMBIC_CORS_ORIGINS\[0\]: must be an origin.*LIMBIC_CORS_ORIGINS\[1\]: must be an origin/,
    );
  });
});

describe('/v1/ws subprotocols', () => {
  let t: TestGateway;
  beforeAll(async () => {
    t = await startTestGateway();
  });
  afterAll(() => t.close());

  /** The subprotocol the server chose, or the handshake's failure. */
  function negotiate(url: string, offered: string[]): Promise<string> {
    return new Promise((resolve) => {
      const ws = new WebSocket(url, offered);
      ws.on('open', () => {
        resolve(`chose ${JSON.stringify(ws.protocol)}`);
        ws.close();
      });
      ws.on('error', (error) => resolve(`failed: ${error.message}`));
    });
  }

  it('chooses limbic.v1 when offered, none otherwise, and never echoes an unknown one', async () => {
    const url = `${t.wsUrl}/v1/ws/${await sessionOf(t)}?token=${t.keys.pro}`;
    expect(await negotiate(url, ['chat', 'limbic.v1'])).toBe('chose "limbic.v1"');
    expect(await negotiate(url, [])).toBe('chose ""');
    // ws, like browsers, fails a handshake whose server chose none of the offered subprotocols.
    expect(await negotiate(url, ['chat', 'mqtt'])).toMatch(/^failed: Server sent no subprotocol/);
  });
});

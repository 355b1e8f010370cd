/**
 * Requests outside clients send that used to get an answer outside the documented shape (issue 13): raw HTTP over a
 * socket, so that malformed requests reach the server as sent.
 */
import { get as httpGet } from 'node:http';
import { connect } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from './harness.js';
import { type RawAnswer, rawRequest } from './raw-http.js';

let t: TestGateway;
let port: number;

beforeAll(async () => {
  t = await startTestGateway();
  port = Number(new URL(t.url).port);
});
afterAll(() => t.close());

/** Sends `request` as is and reads the whole answer (the request asks the server to close). */
function raw(request: string): Promise<RawAnswer> {
  return rawRequest(port, request);
}

const close = 'Host: 127.0.0.1\r\nConnection: close\r\n';

/** The documented REST error body, with the Request-Id header equal to its request_id. */
function expectErrorShape(answer: RawAnswer, status: number, code: string): void {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  const body = JSON.parse(answer.body);
  expect(body.error).toMatchObject({ code, status });
  expect(typeof body.error.message).toBe('string');
  expect(answer.headers['request-id']).toMatch(/^req_/);
  expect(body.error.request_id).toBe(answer.headers['request-id']);
}

describe('answers in the documented shape', () => {
  it('a request Node’s parser rejects: 400 VALIDATION_ERROR with a request id', async () => {
    expectErrorShape(
      await raw(`GET /v1/health HTTP/1.1\r\nBad Header\r\n${close}\r\n`),
      400,
      'VALIDATION_ERROR',
    );
  });

  it('headers over the limit: 431 HEADERS_TOO_LARGE', async () => {
    const big = `X-Big: ${'a'.repeat(20_000)}\r\n`;
    expectErrorShape(await raw(`GET /v1/health HTTP/1.1\r\n${big}${close}\r\n`), 431, 'HEADERS_TOO_LARGE');
  });

  it.each(['TRACE', 'PROPFIND', 'MKCOL'])('%s on a known path: 405 with Allow, not 404', async (method) => {
    const answer = await raw(`${method} /v1/persona HTTP/1.1\r\n${close}\r\n`);
    expectErrorShape(answer, 405, 'METHOD_NOT_ALLOWED');
    expect(answer.headers.allow).toBe('GET, HEAD, POST');
    const session = await raw(`${method} /v1/persona/ses_123 HTTP/1.1\r\n${close}\r\n`);
    expectErrorShape(session, 405, 'METHOD_NOT_ALLOWED');
    expect(session.headers.allow).toBe('GET, HEAD, DELETE');
    expectErrorShape(await raw(`${method} /nowhere HTTP/1.1\r\n${close}\r\n`), 404, 'NOT_FOUND');
  });

  it('a 10 MB body: 413 PAYLOAD_TOO_LARGE from its Content-Length, before a byte of it is sent', async () => {
    // Only the headers go out; the answer and the close come without the server waiting for the body.
    const answer = await raw(
      `POST /v1/turn HTTP/1.1\r\n${close}Authorization: Bearer ${t.keys.pro}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${10 * 1024 * 1024}\r\n\r\n`,
    );
    expectErrorShape(answer, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('a body-less DELETE with Content-Type: application/json is a DELETE, not an invalid body', async () => {
    const created = await fetch(`${t.url}/v1/persona`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.keys.pro}`, 'content-type': 'application/json' },
      body: JSON.stringify({ preset: 'rival' }),
    });
    const { sessionId } = (await created.json()) as { sessionId: string };
    const answer = await raw(
      `DELETE /v1/persona/${sessionId} HTTP/1.1\r\nAuthorization: Bearer ${t.keys.pro}\r\n` +
        `Content-Type: application/json\r\n${close}\r\n`,
    );
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ deleted: true });
    // A POST still needs its body.
    const query = '{"query":"{health{status}}"}';
    const post = await raw(
      `POST HTTP://other-host:8080/graphql HTTP/1.1\r\n${close}Content-Type: application/json\r\n` +
        `Content-Length: ${query.length}\r\n\r\n${query}`,
    );
    expect(JSON.parse(post.body)).toEqual({ data: { health: { status: 'ok' } } });
  });

  it('a request without Host, with two, or with one that is not an authority: 400 naming Host, never 500', async () => {
    const noHost = await raw('GET /v1/health HTTP/1.1\r\nConnection: close\r\n\r\n');
    expectErrorShape(noHost, 400, 'VALIDATION_ERROR');
    expect(JSON.parse(noHost.body).error.message).toBe('Host: must be present in an HTTP/1.1 request');
    const two = await raw('GET /v1/health HTTP/1.1\r\nHost: a\r\nHost: b\r\nConnection: close\r\n\r\n');
    expectErrorShape(two, 400, 'VALIDATION_ERROR');
    expect(JSON.parse(two.body).error.message).toBe('Host: must be sent once');
    for (const host of ['[', '[::1', '%', 'x:99999', 'x:abc', 'x/y', 'x?y', 'x#y', 'a@b', 'a b', '']) {
      for (const target of ['/graphql?query=%7B__typename%7D', '/v1/health', 'http://x/graphql']) {
        const answer = await raw(`GET ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
        expectErrorShape(answer, 400, 'VALIDATION_ERROR');
        expect(JSON.parse(answer.body).error.message, `${host} ${target}`).toMatch(/^(Host|request): /);
      }
    }
    // HTTP/1.0 has no Host requirement; IPv6 literals and ports are fine.
    expect((await raw('GET /v1/health HTTP/1.0\r\n\r\n')).status).toBe(200);
    expect(
      (await raw(`GET /v1/health HTTP/1.1\r\nHost: [::1]:8787\r\nConnection: close\r\n\r\n`)).status,
    ).toBe(200);
  });

  it('an expectation other than 100-continue is ignored, not answered 417 with an empty body', async () => {
    const answer = await raw(`GET /v1/health HTTP/1.1\r\n${close}Expect: something-else\r\n\r\n`);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ status: 'ok' });
  });
});

describe('WebSocket handshakes refused in the documented shape', () => {
  const key = 'dGhlIHNhbXBsZSBub25jZQ==';
  const upgrade = (
    path: string,
    { method = 'GET', headers = {} }: { method?: string; headers?: Record<string, string | undefined> } = {},
  ) => {
    const all: Record<string, string | undefined> = {
      Host: '127.0.0.1',
      Connection: 'Upgrade',
      Upgrade: 'websocket',
      'Sec-WebSocket-Version': '13',
      'Sec-WebSocket-Key': key,
      ...headers,
    };
    const lines = Object.entries(all)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('');
    return raw(
      `${method} ${path} HTTP/1.1\r\n${lines}${method === 'GET' ? '' : 'Content-Length: 0\r\n'}\r\n`,
    );
  };

  it.each(['/v1/ws/ses_none', '/graphql'])(
    '%s: bad handshakes get JSON errors with a request id',
    async (path) => {
      const cases: [Parameters<typeof upgrade>[1], number, string, string][] = [
        [{ headers: { Upgrade: 'h2c' } }, 400, 'VALIDATION_ERROR', 'Upgrade: must be websocket'],
        [{ method: 'POST' }, 405, 'METHOD_NOT_ALLOWED', 'method: a WebSocket handshake must be a GET'],
        [
          { headers: { 'Sec-WebSocket-Key': undefined } },
          400,
          'VALIDATION_ERROR',
          'Sec-WebSocket-Key: must be 16 bytes in base64',
        ],
        [
          { headers: { 'Sec-WebSocket-Key': 'short' } },
          400,
          'VALIDATION_ERROR',
          'Sec-WebSocket-Key: must be 16 bytes in base64',
        ],
        [
          { headers: { 'Sec-WebSocket-Version': '12' } },
          400,
          'VALIDATION_ERROR',
          'Sec-WebSocket-Version: must be 13',
        ],
        [
          { headers: { 'Sec-WebSocket-Protocol': 'a,,b' } },
          400,
          'VALIDATION_ERROR',
          'Sec-WebSocket-Protocol: must be a comma-separated list of distinct tokens',
        ],
        [
          { headers: { Host: '[' } },
          400,
          'VALIDATION_ERROR',
          'Host: must be a host name or address, with an optional port',
        ],
        [
          { headers: { Host: undefined } },
          400,
          'VALIDATION_ERROR',
          'Host: must be present in an HTTP/1.1 request',
        ],
      ];
      for (const [options, status, code, message] of cases) {
        const answer = await upgrade(path, options);
        expectErrorShape(answer, status, code);
        expect(JSON.parse(answer.body).error.message).toBe(message);
        if (status === 405) expect(answer.headers.allow).toBe('GET');
      }
    },
  );

  it('an upgrade to a path without a WebSocket endpoint: 404 with a request id', async () => {
    const answer = await upgrade('/v1/health');
    expectErrorShape(answer, 404, 'NOT_FOUND');
  });

  it('an absolute-form upgrade opens the endpoint of its path', async () => {
    for (const [path, protocol] of [
      ['http://other-host/v1/ws/ses_none', undefined],
      ['http://other-host/graphql', 'graphql-transport-ws'],
    ] as const) {
      const answer = await new Promise<string>((resolve) => {
        const socket = connect(port, '127.0.0.1', () =>
          socket.write(
            `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
              `Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: ${key}\r\n` +
              (protocol ? `Sec-WebSocket-Protocol: ${protocol}\r\n` : '') +
              '\r\n',
          ),
        );
        socket.once('data', (chunk) => {
          resolve(chunk.toString('latin1').split('\r\n')[0] ?? '');
          socket.destroy();
        });
      });
      expect(answer, path).toBe('HTTP/1.1 101 Switching Protocols');
    }
  });
});

describe('slowloris', () => {
  it('closes connections that trickle their headers, with 408 REQUEST_TIMEOUT, within the headers timeout', async () => {
    const slow = await startTestGateway({ headersTimeoutMs: 300, requestTimeoutMs: 600 });
    try {
      const slowPort = Number(new URL(slow.url).port);
      const started = Date.now();
      const answers = await Promise.all(
        Array.from(
          { length: 20 },
          () =>
            new Promise<{ ms: number; data: string }>((resolve) => {
              const socket = connect(slowPort, '127.0.0.1', () =>
                socket.write('GET /v1/health HTTP/1.1\r\n'),
              );
              // One header byte every 50 ms: never a complete request.
              const drip = setInterval(() => socket.writable && socket.write('X'), 50);
              let data = '';
              socket.setEncoding('utf8');
              socket.on('data', (chunk: string) => {
                data += chunk;
              });
              socket.on('error', () => {});
              socket.on('close', () => {
                clearInterval(drip);
                resolve({ ms: Date.now() - started, data });
              });
            }),
        ),
      );
      for (const { ms, data } of answers) {
        // The timeout is checked every 75 ms here; the bound leaves room for a loaded machine.
        expect(ms).toBeLessThan(3_000);
        expect(data).toMatch(/^HTTP\/1\.1 408 /);
        expect(data).toContain('"code":"REQUEST_TIMEOUT"');
      }
      // A normal request on the same server is unaffected.
      expect((await fetch(`${slow.url}/v1/health`)).status).toBe(200);
    } finally {
      await slow.close();
    }
  });
});

describe('HTTP conventions', () => {
  it('201 from POST /v1/persona carries the new session’s Location', async () => {
    const res = await fetch(`${t.url}/v1/persona`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.keys.pro}`, 'content-type': 'application/json' },
      body: JSON.stringify({ preset: 'rival' }),
    });
    expect(res.status).toBe(201);
    const { sessionId } = (await res.json()) as { sessionId: string };
    const location = res.headers.get('location');
    expect(location).toBe(`/v1/persona/${sessionId}`);
    const got = await fetch(new URL(location!, t.url), {
      headers: { authorization: `Bearer ${t.keys.pro}` },
    });
    expect(got.status).toBe(200);
    expect(got.headers.get('cache-control')).toBe('no-store');
  });

  it.each(['/v1/openapi.json', '/v1/asyncapi.json', '/v1/presets'])(
    '%s has an ETag and answers 304 to If-None-Match',
    async (path) => {
      const headers = { authorization: `Bearer ${t.keys.pro}` };
      const first = await fetch(`${t.url}${path}`, { headers });
      expect(first.status).toBe(200);
      const etag = first.headers.get('etag');
      expect(etag).toMatch(/^"[\w-]{27}"$/);
      expect(first.headers.get('cache-control')).toBe('no-cache');
      const again = await fetch(`${t.url}${path}`, {
        headers: { ...headers, 'if-none-match': `W/${etag}, "x"` },
      });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      const changed = await fetch(`${t.url}${path}`, { headers: { ...headers, 'if-none-match': '"other"' } });
      expect(changed.status).toBe(200);
      expect(await changed.json()).toEqual(await first.json());
    },
  );

  it('errors under /v1 are not cached either', async () => {
    const res = await fetch(`${t.url}/v1/persona/ses_missing`, {
      headers: { authorization: `Bearer ${t.keys.pro}` },
    });
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('outside clients', () => {
  it('a plain GET on the WebSocket path: 426 UPGRADE_REQUIRED with Upgrade: websocket, not 404', async () => {
    const res = await fetch(`${t.url}/v1/ws/ses_123?token=${t.keys.pro}`);
    expect(res.status).toBe(426);
    expect(res.headers.get('upgrade')).toBe('websocket');
    const body = (await res.json()) as { error: { code: string; request_id: string } };
    expect(body.error.code).toBe('UPGRADE_REQUIRED');
    expect(body.error.request_id).toBe(res.headers.get('request-id'));
    const post = await fetch(`${t.url}/v1/ws/ses_123`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  it('a persisted-query hash alone: PERSISTED_QUERY_NOT_SUPPORTED, so Apollo resends the query', async () => {
    const extensions = {
      persistedQuery: {
        version: 1,
        sha256Hash: 'ecf4edb46db40b5132295c0291d62fb65d6759a9eedfa4d5d612dd5ec54a6b38',
      },
    };
    const expected = {
      errors: [
        {
          message: 'PersistedQueryNotSupported',
          extensions: { code: 'PERSISTED_QUERY_NOT_SUPPORTED', status: 400 },
        },
      ],
    };
    const post = await fetch(`${t.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ extensions }),
    });
    expect(await post.json()).toEqual(expected);
    const get = await fetch(`${t.url}/graphql?extensions=${encodeURIComponent(JSON.stringify(extensions))}`);
    expect(await get.json()).toEqual(expected);
    // With the query text too, the hash is ignored and the query runs.
    const full = await fetch(`${t.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ health { status } }', extensions }),
    });
    expect(await full.json()).toEqual({ data: { health: { status: 'ok' } } });
  });
});

describe('one field-name mapping, hints on every transport', () => {
  async function post(
    path: string,
    body: unknown,
  ): Promise<{ status: number; error: Record<string, unknown> }> {
    const res = await fetch(`${t.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.keys.pro}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, error: ((await res.json()) as { error: Record<string, unknown> }).error };
  }

  it('REST names the field a WebSocket spelling or a typo meant', async () => {
    const { sessionId } = (await (
      await fetch(`${t.url}/v1/persona`, {
        method: 'POST',
        headers: { authorization: `Bearer ${t.keys.pro}`, 'content-type': 'application/json' },
        body: JSON.stringify({ preset: 'rival' }),
      })
    ).json()) as { sessionId: string };
    // The WebSocket's spelling is a deprecated alias on REST: accepted, with RFC 9745's Deprecation header…
    const aliased = await fetch(`${t.url}/v1/turn`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.keys.pro}`, 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId, message: 'hi', elapsed_seconds: 5 }),
    });
    expect(aliased.status).toBe(200);
    expect(aliased.headers.get('deprecation')).toMatch(/^@\d+$/);
    // …but never beside the field it stands for, and a near miss is still named.
    const both = await post('/v1/turn', { sessionId, message: 'hi', elapsed_seconds: 5, elapsedSeconds: 5 });
    expect(both.status).toBe(400);
    expect(both.error.details).toEqual([
      {
        path: 'elapsed_seconds',
        message: 'give one of elapsedSeconds and its deprecated alias elapsed_seconds, not both',
      },
    ]);
    const typo = await post('/v1/turn', { sessionId, message: 'hi', elapsedSecond: 5 });
    expect(typo.error.details).toEqual([
      { path: 'elapsedSecond', message: 'is not a known field (did you mean elapsedSeconds?)' },
    ]);
    const nested = await post('/v1/turn', { sessionId, event: { descripton: 'a storm', source: 'user' } });
    expect(nested.error.details).toContainEqual({
      path: 'event.descripton',
      message: 'is not a known field (did you mean description?)',
    });
    const persona = await post('/v1/persona', {
      personality: { O: 0.5, C: 0.5, E: 0.5, A: 0.5, N: 0.5, H: 0.5, facets: { sincerety: 0.9 } },
    });
    expect(persona.status).toBe(400);
    expect(JSON.stringify(persona.error.details)).toContain('(did you mean sincerity?)');
    // Nothing near: no hint.
    const far = await post('/v1/turn', { sessionId, message: 'hi', colour: 'red' });
    expect(far.error.details).toEqual([{ path: 'colour', message: 'is not a known field' }]);
  });
});

describe('compression', () => {
  /** GET with the given Accept-Encoding over node:http, which (unlike fetch) does not decode the body. */
  function get(
    path: string,
    acceptEncoding?: string,
  ): Promise<{ headers: Record<string, unknown>; body: Buffer }> {
    return new Promise((resolve, reject) => {
      const request = httpGet(
        `${t.url}${path}`,
        { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
        },
      );
      request.on('error', reject);
    });
  }

  it.each([
    ['/v1/openapi.json', 'openapi', '3.1.0'],
    ['/v1/asyncapi.json', 'asyncapi', '3.0.0'],
  ])('sends %s with brotli or gzip when accepted, and as is otherwise', async (path, field, version) => {
    const plain = await get(path);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get(path, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(br.body.length).toBeLessThan(plain.body.length / 5);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    const gzip = await get(path, 'gzip;q=1, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    expect(JSON.parse(plain.body.toString())[field]).toBe(version);
  });
});

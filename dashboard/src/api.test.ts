import { describe, expect, it } from 'vitest';
import { describeError, GatewayError, request, retryDelayMs, toGraphQLWsUrl, toLiveError } from './api.js';

function fakeFetch(
  status: number,
  body: unknown,
  seen: { init?: RequestInit; url?: string } = {},
): typeof fetch {
  return async (url, init) => {
    seen.url = String(url);
    if (init) seen.init = init;
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    return new Response(text, { status, headers: { 'Content-Type': 'application/json' } });
  };
}

describe('request', () => {
  it('posts the operation with the bearer token and returns data', async () => {
    const seen: { init?: RequestInit; url?: string } = {};
    const data = await request<{ operator: { signedIn: boolean } }>(
      'query { operator { signedIn } }',
      {},
      { token: 'limbic_admin_x', fetch: fakeFetch(200, { data: { operator: { signedIn: true } } }, seen) },
    );
    expect(data.operator.signedIn).toBe(true);
    expect(seen.url).toBe('/graphql');
    expect(seen.init?.method).toBe('POST');
    expect(new Headers(seen.init?.headers).get('authorization')).toBe('Bearer limbic_admin_x');
    expect(JSON.parse(String(seen.init?.body))).toEqual({
      query: 'query { operator { signedIn } }',
      variables: {},
    });
  });

  it('throws the first error with its extensions code', async () => {
    const body = {
      errors: [
        { message: 'Too many requests', extensions: { code: 'RATE_LIMIT', status: 429, retry_after: 7 } },
      ],
      data: null,
    };
    const error = await request(
      '{ sessions { nodes { name } } }',
      {},
      { token: 'k', fetch: fakeFetch(429, body) },
    )
      .then(() => null)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GatewayError);
    expect(error).toMatchObject({ code: 'RATE_LIMIT', retryAfter: 7 });
    expect(describeError(error)).toBe('Too many requests. Try again in 7 s.');
  });

  it('reports an answer that is not JSON, and no answer at all', async () => {
    await expect(request('{ a }', {}, { token: 'k', fetch: fakeFetch(502, '<html>') })).rejects.toMatchObject(
      {
        code: 'UNEXPECTED_RESPONSE',
      },
    );
    const down: typeof fetch = async () => {
      throw new TypeError('fetch failed');
    };
    await expect(request('{ a }', {}, { token: 'k', fetch: down })).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
    });
  });
});

describe('live connection helpers', () => {
  it('derives the graphql-ws address from the page', () => {
    expect(toGraphQLWsUrl({ protocol: 'https:', host: 'limbic.example:8443' })).toBe(
      'wss://limbic.example:8443/graphql',
    );
    expect(toGraphQLWsUrl({ protocol: 'http:', host: '127.0.0.1:8787' })).toBe('ws://127.0.0.1:8787/graphql');
  });

  it('backs off exponentially up to 30 s, plus at most 1 s of jitter', () => {
    expect(retryDelayMs(0, 0)).toBe(1000);
    expect(retryDelayMs(3, 0)).toBe(8000);
    expect(retryDelayMs(10, 0)).toBe(30_000);
    expect(retryDelayMs(10, 0.999)).toBe(30_999);
  });

  it('names a 4401 close a refused key, and other closes a lost connection', () => {
    expect(toLiveError({ code: 4401, reason: 'Unauthorized' }).code).toBe('UNAUTHORIZED');
    expect(toLiveError({ code: 1001, reason: 'Going away' }).code).toBe('CONNECTION_CLOSED');
    expect(toLiveError([{ message: 'No session', extensions: { code: 'NOT_FOUND' } }]).code).toBe(
      'NOT_FOUND',
    );
  });
});

import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { handshakeProblem, hostProblem, toOriginForm } from './request-line.js';

const request = (rawHeaders: string[], extra: Partial<IncomingMessage> = {}) =>
  ({ rawHeaders, httpVersionMajor: 1, httpVersionMinor: 1, headers: {}, ...extra }) as IncomingMessage;

/** What the URL parser accepts as the authority of http://<host>/, the definition the fast path must agree with. */
function parsable(host: string): boolean {
  if (host.length === 0 || /[\s/?#@\\]/.test(host)) return false;
  try {
    return new URL(`http://${host}/`).pathname === '/';
  } catch {
    return false;
  }
}

describe('request line', () => {
  it('turns absolute-form targets into origin form and leaves the rest alone', () => {
    expect(toOriginForm('http://x/v1/health?a=1')).toBe('/v1/health?a=1');
    expect(toOriginForm('HTTPS://x:8080/graphql')).toBe('/graphql');
    expect(toOriginForm('http://x')).toBe('/');
    expect(toOriginForm('http://x?y')).toBe('/?y');
    expect(toOriginForm('/v1/turn')).toBe('/v1/turn');
    expect(toOriginForm('*')).toBe('*');
  });

  it('accepts exactly the Host values the URL parser reads as an authority (fast path included)', () => {
    const alphabet = 'ab1290x.-:[]_%/ ';
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const hosts = [
      'localhost',
      '127.0.0.1:8787',
      '[::1]:80',
      '1.2.3.999',
      '0x100000000',
      '09.1.1.1',
      'a.1',
      'x:65536',
    ];
    for (let i = 0; i < 5000; i++) {
      const length = 1 + Math.floor(next() * 12);
      let host = '';
      for (let j = 0; j < length; j++) host += alphabet[Math.floor(next() * alphabet.length)];
      hosts.push(host);
    }
    for (const host of hosts) {
      expect(hostProblem(request(['Host', host])) === null, JSON.stringify(host)).toBe(parsable(host));
    }
  });

  it('wants one Host in HTTP/1.1 and none in HTTP/1.0', () => {
    expect(hostProblem(request([]))?.message).toBe('Host: must be present in an HTTP/1.1 request');
    expect(hostProblem(request(['host', 'a', 'HOST', 'b']))?.message).toBe('Host: must be sent once');
    expect(hostProblem(request([], { httpVersionMinor: 0 }))).toBeNull();
  });

  it('refuses the handshakes ws would refuse, naming the header', () => {
    const good = {
      upgrade: 'websocket',
      'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
      'sec-websocket-version': '13',
    };
    const problem = (headers: Record<string, string>, method = 'GET') =>
      handshakeProblem(request([], { method, headers: { ...good, ...headers } }))?.message ?? null;
    expect(problem({})).toBeNull();
    expect(problem({ 'sec-websocket-protocol': 'limbic.v1, graphql-transport-ws' })).toBeNull();
    expect(problem({}, 'POST')).toBe('method: a WebSocket handshake must be a GET');
    expect(problem({ upgrade: 'h2c' })).toBe('Upgrade: must be websocket');
    expect(problem({ 'sec-websocket-key': 'abc' })).toBe('Sec-WebSocket-Key: must be 16 bytes in base64');
    expect(problem({ 'sec-websocket-version': '12' })).toBe('Sec-WebSocket-Version: must be 13');
    expect(problem({ 'sec-websocket-protocol': 'a, a' })).toMatch(/^Sec-WebSocket-Protocol: /);
    expect(problem({ 'sec-websocket-protocol': 'a b' })).toMatch(/^Sec-WebSocket-Protocol: /);
  });
});

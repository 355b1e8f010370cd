import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendWebhook } from './send.js';

let server: Server;
let port: number;
let hits = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    hits += 1;
    request.resume();
    if (request.url === '/moved') response.writeHead(302, { location: '/hook' }).end();
    else response.writeHead(request.url === '/hook' ? 200 : 500).end('body never stored');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const send = (url: string, allowPrivate: boolean) =>
  sendWebhook({ url, body: '{}', headers: { 'webhook-id': 'msg_1' }, allowPrivate });

describe('sendWebhook', () => {
  it('counts 2xx as delivered, any other status as failed, and does not follow redirects', async () => {
    expect(await send(`http://127.0.0.1:${port}/hook`, true)).toMatchObject({ ok: true, status: 200 });
    expect(await send(`http://127.0.0.1:${port}/other`, true)).toMatchObject({
      ok: false,
      status: 500,
      error: 'the receiver answered 500',
    });
    const before = hits;
    expect(await send(`http://127.0.0.1:${port}/moved`, true)).toMatchObject({ ok: false, status: 302 });
    expect(hits).toBe(before + 1);
  });

  it('refuses a blocked address at delivery, for IP literals and for names resolved then', async () => {
    const before = hits;
    const literal = await send(`http://127.0.0.1:${port}/hook`, false);
    expect(literal).toMatchObject({ ok: false, status: null });
    expect(literal.error).toMatch(/^blocked: .*127\.0\.0\.1/);
    // `localhost` resolves to a loopback address: the address connected to is checked, not the name.
    const named = await send(`http://localhost:${port}/hook`, false);
    expect(named).toMatchObject({ ok: false, status: null });
    expect(named.error).toMatch(/^blocked: /);
    expect(hits).toBe(before);
  });

  it('reports a refused connection without throwing', async () => {
    const outcome = await send('http://127.0.0.1:9/hook', true);
    expect(outcome).toMatchObject({ ok: false, status: null });
    expect(outcome.error).toMatch(/ECONNREFUSED/);
  });
});

import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { isPretty, loggerOptions, OneLineLogController } from './logger.js';

describe('isPretty', () => {
  it('is pretty for LOG_FORMAT=pretty, JSON for LOG_FORMAT=json, and follows the terminal when unset', () => {
    expect([isPretty('pretty', false), isPretty('pretty', true)]).toEqual([true, true]);
    expect([isPretty('json', false), isPretty('json', true)]).toEqual([false, false]);
    expect([isPretty('auto', false), isPretty('auto', true)]).toEqual([false, true]);
  });
});

describe('OneLineLogController', () => {
  it('logs one JSON line per request, after the response, with the key redacted from the URL', async () => {
    const stream = new PassThrough();
    const lines: Record<string, unknown>[] = [];
    stream.on('data', (chunk: Buffer) => lines.push(JSON.parse(String(chunk))));
    const app = Fastify({
      logger: loggerOptions('info', 'json', { stream }),
      logController: new OneLineLogController(),
    });
    app.get('/hello', async () => ({ hi: true }));
    await app.inject({ url: '/hello?token=svc_live_0123456789abcdefgh' });
    await app.close();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      reqId: expect.any(String),
      req: { method: 'GET', url: '/hello?token=[REDACTED]' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
    expect(Object.keys(lines[0]?.req as object)).toEqual(['method', 'url']);
  });

  it('logs nothing below its level, and nothing at all with logger false', async () => {
    expect(loggerOptions('info', 'pretty', false)).toBe(false);
    const stream = new PassThrough();
    const lines: string[] = [];
    stream.on('data', (chunk: Buffer) => lines.push(String(chunk)));
    const app = Fastify({
      logger: loggerOptions('warn', 'json', { stream }),
      logController: new OneLineLogController(),
    });
    app.get('/hello', async () => ({ hi: true }));
    expect((await app.inject({ url: '/hello' })).statusCode).toBe(200);
    await app.close();
    expect(lines).toEqual([]);
  });
});

/**
 * The baselines of the gateway benchmark: a plain node:http server and a plain `ws` server that answer a turn with a
 * JSON of the same size as Limbic's turn result (a real one, built once at start and stringified per request), and
 * do nothing else but check the bearer prefix and parse the request body.
 * Usage: tsx bare-servers.ts http|ws <port>
 */
import { createServer } from 'node:http';
import { createManualClock, createSessionService } from '@limbic/core';
import { WebSocketServer } from 'ws';

const [mode, portArg] = process.argv.slice(2);
const port = Number(portArg ?? 0);

const service = createSessionService({ clock: createManualClock() });
const { sessionId } = await service.createSession('bench', { preset: 'cheerful_companion' });
const sample = await service.appraisalTurn('bench', {
  sessionId,
  appraisal: {
    goal_relevance: 0.9,
    goal_congruence: -0.8,
    expectedness: 0.3,
    controllability: 0.7,
    agency: -0.9,
    norm_compatibility: -0.7,
  },
  context: 'The user said hello.',
});

function reply(body: unknown): string {
  return JSON.stringify({
    ...sample,
    appraisal: (body as { appraisal?: unknown }).appraisal ?? sample.appraisal,
  });
}

if (mode === 'http') {
  const server = createServer((req, res) => {
    if (!req.headers.authorization?.startsWith('Bearer svc_')) {
      res.writeHead(401).end();
      req.resume();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        res.writeHead(400).end();
        return;
      }
      const s = reply(body);
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(s),
      });
      res.end(s);
    });
  });
  server.keepAliveTimeout = 65_000;
  server.listen(port, '127.0.0.1', () => {
    const address = server.address();
    console.log(`READY ${typeof address === 'object' && address ? address.port : port}`);
  });
} else {
  const wss = new WebSocketServer({ host: '127.0.0.1', port });
  wss.on('connection', (ws) => {
    ws.send('{"type":"connected"}');
    ws.on('message', (data) => {
      let msg: { type?: string; request_id?: string };
      try {
        msg = JSON.parse(String(data));
      } catch {
        return;
      }
      ws.send(
        `{"type":"turn_result","request_id":${JSON.stringify(msg.request_id ?? null)},"data":${reply(msg)}}`,
      );
    });
  });
  wss.on('listening', () => {
    const address = wss.address();
    console.log(`READY ${typeof address === 'object' && address ? address.port : port}`);
  });
}

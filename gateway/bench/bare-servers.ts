/**
 * The baselines of the gateway benchmark: a plain node:http server and a plain `ws` server that answer a turn with
 * the same bytes the gateway sent for the same request, captured once before the run (../shared/research/perf.md,
 * "same bytes": what a user's machine can do with this answer). Per request they do only what no server can skip:
 * check the bearer prefix, read and parse the body, and send the prepared bytes with the gateway's own headers (a
 * request id, no referrer, no store).
 * Usage: SAME_APPR=file SAME_TEXT=file SAME_WS=file tsx bare-servers.ts http|ws <port>
 */
import { readFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import { WebSocketServer } from 'ws';

const [mode, portArg] = process.argv.slice(2);
const port = Number(portArg ?? 0);
const read = (name: string): Buffer => readFileSync(process.env[name] ?? '');

let answered = 0;
function send(res: ServerResponse, status: number, body: Buffer): void {
  answered += 1;
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': body.length,
    'request-id': `req_${answered.toString(36).padStart(16, '0')}`,
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
  });
  res.end(body);
}

if (mode === 'http') {
  const appraisal = read('SAME_APPR');
  const text = read('SAME_TEXT');
  const unauthorized = Buffer.from(
    '{"error":{"code":"UNAUTHORIZED","status":401,"message":"Invalid or missing API key"}}',
  );
  const invalid = Buffer.from(
    '{"error":{"code":"VALIDATION_ERROR","status":400,"message":"Invalid request"}}',
  );
  const server = createServer((req, res) => {
    const answer = req.url === '/v1/turn/appraisal' ? appraisal : text;
    if (!req.headers.authorization?.startsWith('Bearer svc_')) {
      req.resume();
      send(res, 401, unauthorized);
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { sessionId?: unknown };
        send(
          res,
          typeof body.sessionId === 'string' ? 200 : 400,
          typeof body.sessionId === 'string' ? answer : invalid,
        );
      } catch {
        send(res, 400, invalid);
      }
    });
  });
  server.keepAliveTimeout = 65_000;
  server.listen(port, '127.0.0.1', () => {
    const address = server.address();
    console.log(`READY ${typeof address === 'object' && address ? address.port : port}`);
  });
} else {
  // The gateway's turn_result for the load's message (which carries no request_id), sent as is.
  const frame = read('SAME_WS');
  const wss = new WebSocketServer({ host: '127.0.0.1', port });
  wss.on('connection', (ws) => {
    ws.send('{"type":"connected","session_id":"ses_bench"}');
    ws.on('message', (data) => {
      try {
        JSON.parse(String(data));
      } catch {
        return;
      }
      ws.send(frame, { binary: false });
    });
  });
  wss.on('listening', () => {
    const address = wss.address();
    console.log(`READY ${typeof address === 'object' && address ? address.port : port}`);
  });
}

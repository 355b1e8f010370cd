import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Starts `server` on 127.0.0.1, on `port` (default 0: an ephemeral port), and returns the port. */
export function listenLocal(server: Server, port = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** Creates a node:http server whose async handler errors become a 500 instead of an unhandled rejection. */
export function createLocalServer(
  handler: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
): Server {
  return createServer((req, res) => {
    handler(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { message: `fake server error: ${String(error)}` });
    });
  });
}

/**
 * Closes a server that clients keep alive: grammY and undici hold keep-alive sockets, so `close()` alone would
 * wait for them.
 */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}

/** Reads a request body as text. */
export async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Parses a JSON object body; an empty or non-object body gives `{}`, invalid JSON gives `undefined`. */
export async function readJsonObject(req: IncomingMessage): Promise<Record<string, unknown> | undefined> {
  const text = await readText(req);
  if (text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : {};
  } catch {
    return undefined;
  }
}

/** Parses a JSON body of any shape; an empty body gives `undefined`, invalid JSON throws. */
export async function readJson(req: IncomingMessage): Promise<unknown> {
  const text = await readText(req);
  return text.trim() === '' ? undefined : (JSON.parse(text) as unknown);
}

/** Writes a JSON response unless the client has already gone. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (res.writableEnded || res.destroyed) return;
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(payload),
    ...headers,
  });
  res.end(payload);
}

/** True for plain JSON objects. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

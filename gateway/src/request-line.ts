/**
 * What every request must be before any route sees it, checked once for HTTP and WebSocket upgrades alike: a request
 * target in origin form and one valid Host (RFC 9112 §3.2, RFC 9110 §7.2), and, for an upgrade, a well-formed
 * WebSocket handshake (RFC 6455 §4.2.1). Node would otherwise answer some of these itself with empty or text/html
 * bodies, and a Host that is not a valid authority made GraphQL's URL parsing fail with a 500.
 * @module
 */
import { randomFillSync } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Classified } from './errors.js';

// Request ids come from a pool of random bytes refilled 512 ids at a time: one randomBytes call per request cost
// about 3 % of a REST turn's CPU.
const idPool = Buffer.alloc(12 * 512);
let idAt = idPool.length;

/** A new request id, `req_` and 16 base64url characters (96 random bits). */
export function requestId(): string {
  if (idAt === idPool.length) {
    randomFillSync(idPool);
    idAt = 0;
  }
  idAt += 12;
  return `req_${idPool.toString('base64url', idAt - 12, idAt)}`;
}

/** A 400 VALIDATION_ERROR with `message`. */
function rule(message: string): Classified {
  return { code: 'VALIDATION_ERROR', message };
}

const absoluteForm = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/;

/**
 * The origin form of a request target: `http://host:port/path?query` (the absolute form proxies send) becomes
 * `/path?query`, answered as the same request sent to this server (RFC 9112 §3.2.2); anything else is returned
 * unchanged.
 */
export function toOriginForm(target: string): string {
  const match = absoluteForm.exec(target);
  if (!match) return target;
  const rest = target.slice(match[0].length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

// Hosts every client sends, accepted without the URL parser (about 2 µs): a name whose last label starts with a
// letter (so it is never read as an IPv4 number), or a dotted IPv4 address without leading zeros; a port up to 65535.
const plainName = /^(?:[A-Za-z0-9-]*\.)*[A-Za-z][A-Za-z0-9-]*\.?(?::(\d{1,5}))?$/;
const plainIpv4 =
  /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?::(\d{1,5}))?$/;

/** A Host value is an authority: a host name, an IPv4 address or a bracketed IPv6 address, and an optional port. */
function validHost(value: string): boolean {
  const plain = plainName.exec(value) ?? plainIpv4.exec(value);
  if (plain) return plain[1] === undefined || Number(plain[1]) <= 65535;
  if (value.length === 0 || value.length > 255 || /[\s/?#@\\]/.test(value)) return false;
  try {
    return new URL(`http://${value}/`).pathname === '/';
  } catch {
    return false;
  }
}

/**
 * Why the request's Host is not acceptable, or null: an HTTP/1.1 request must carry exactly one Host header, whose
 * value is a host with an optional port (RFC 9112 §3.2: a server answers 400 otherwise).
 */
export function hostProblem(request: IncomingMessage): Classified | null {
  const raw = request.rawHeaders;
  let count = 0;
  let value = '';
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i]!.length === 4 && raw[i]!.toLowerCase() === 'host') {
      count++;
      value = raw[i + 1]!;
    }
  }
  if (count === 0) {
    return request.httpVersionMajor === 1 && request.httpVersionMinor === 0
      ? null
      : rule('Host: must be present in an HTTP/1.1 request');
  }
  if (count > 1) return rule('Host: must be sent once');
  if (!validHost(value)) return rule('Host: must be a host name or address, with an optional port');
  return null;
}

const handshakeKey = /^[+/0-9A-Za-z]{22}==$/;
const token = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * Why a request cannot open a WebSocket, or null: the checks the `ws` library makes before a handshake, answered
 * here in the documented error shape instead of its text/html bodies.
 */
export function handshakeProblem(request: IncomingMessage): Classified | null {
  if (request.method !== 'GET') {
    return {
      code: 'METHOD_NOT_ALLOWED',
      message: 'method: a WebSocket handshake must be a GET',
    };
  }
  if ((request.headers.upgrade ?? '').toLowerCase() !== 'websocket')
    return rule('Upgrade: must be websocket');
  const key = request.headers['sec-websocket-key'];
  if (typeof key !== 'string' || !handshakeKey.test(key)) {
    return rule('Sec-WebSocket-Key: must be 16 bytes in base64');
  }
  const version = Number(request.headers['sec-websocket-version']);
  if (version !== 13 && version !== 8) return rule('Sec-WebSocket-Version: must be 13');
  const protocols = request.headers['sec-websocket-protocol'];
  if (protocols !== undefined) {
    const offered = protocols.split(',').map((p) => p.trim());
    if (!offered.every((p) => token.test(p)) || new Set(offered).size !== offered.length) {
      return rule('Sec-WebSocket-Protocol: must be a comma-separated list of distinct tokens');
    }
  }
  return null;
}

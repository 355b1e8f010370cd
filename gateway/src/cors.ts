import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { rejectUpgrade } from './ws/upgrade-router.js';

/**
 * Whether a browser page at `origin` may use the gateway: its own origin (the dashboard it serves), an origin in
 * LIMBIC_CORS_ORIGINS, or any origin when the list holds `*`. Requests without an Origin header (servers, bots,
 * curl) are not a browser's cross-origin requests and always pass.
 */
export function originAllowed(
  origin: string | undefined,
  host: string | undefined,
  allowed: readonly string[],
): boolean {
  if (origin === undefined) return true;
  if (allowed.includes('*') || allowed.includes(origin)) return true;
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}

/**
 * Refuses a WebSocket upgrade from a foreign origin ({@link originAllowed}; browsers always send Origin on those)
 * with 403 ORIGIN_NOT_ALLOWED, and says whether it did: the check of every WebSocket surface.
 */
export function refuseForeignOrigin(
  request: IncomingMessage,
  socket: Duplex,
  allowed: readonly string[],
): boolean {
  if (originAllowed(request.headers.origin, request.headers.host, allowed)) return false;
  rejectUpgrade(socket, {
    code: 'ORIGIN_NOT_ALLOWED',
    message: 'Origin: must be the gateway’s own or one of LIMBIC_CORS_ORIGINS',
  });
  return true;
}

/** The issue of one LIMBIC_CORS_ORIGINS entry, or undefined when it is an origin (`https://app.example.com`) or `*`. */
export function corsOriginIssue(entry: string): string | undefined {
  if (entry === '*') return undefined;
  try {
    const url = new URL(entry);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.origin === entry) return undefined;
  } catch {
    // Reported below.
  }
  return `must be an origin such as https://app.example.com (scheme, host and port only) or * (got ${JSON.stringify(entry)})`;
}

import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { guardedLookup, hostOf, isBlockedAddress, privateMessage } from './address-guard.js';

/** How long one attempt may take, wall-clock ms, from connecting to the end of the answer's headers. */
export const sendTimeoutMs = 10_000;

/** What one attempt got: the status (null without an answer) and, on failure, why. */
export interface SendOutcome {
  ok: boolean;
  status: number | null;
  error: string | null;
  durationMs: number;
}

/** Options of {@link sendWebhook}. */
export interface SendOptions {
  url: string;
  body: string;
  headers: Record<string, string>;
  /** LIMBIC_WEBHOOK_ALLOW_PRIVATE: skip the address check. */
  allowPrivate: boolean;
  timeoutMs?: number;
  /** Aborts the attempt (the gateway is stopping): it ends as a failure that the caller does not record. */
  signal?: AbortSignal;
}

/** The User-Agent of deliveries. */
export const webhookUserAgent = 'Limbic-Webhooks/1';

/**
 * POSTs one delivery with node:http or node:https: 2xx is success; any other status (redirects are not followed),
 * a refused or blocked address, or no answer within the timeout is a failure. The answer's body is read and
 * dropped, never stored. Never rejects.
 */
export function sendWebhook(options: SendOptions): Promise<SendOutcome> {
  const started = performance.now();
  const done = (status: number | null, error: string | null): SendOutcome => ({
    ok: error === null,
    status,
    error,
    durationMs: Math.round(performance.now() - started),
  });
  let url: URL;
  try {
    url = new URL(options.url);
  } catch {
    return Promise.resolve(done(null, 'the URL is invalid'));
  }
  const host = hostOf(url);
  if (!options.allowPrivate && isIP(host) !== 0 && isBlockedAddress(host))
    return Promise.resolve(done(null, `blocked: ${privateMessage(host)}`));
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: SendOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const request = client.request(url, {
      method: 'POST',
      headers: {
        ...options.headers,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(options.body)),
        'user-agent': webhookUserAgent,
      },
      ...(options.allowPrivate ? {} : { lookup: guardedLookup }),
    });
    const timer = setTimeout(() => {
      finish(done(null, `no answer within ${Math.round((options.timeoutMs ?? sendTimeoutMs) / 1000)} s`));
      request.destroy();
    }, options.timeoutMs ?? sendTimeoutMs);
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      response.resume();
      response.on('error', () => {});
      if (status >= 200 && status < 300) finish(done(status, null));
      else if (status >= 300 && status < 400) finish(done(status, `redirect (${status}) not followed`));
      else finish(done(status, `the receiver answered ${status}`));
      request.destroy();
    });
    request.on('error', (err: NodeJS.ErrnoException) => {
      const reason =
        err.code === 'EBLOCKED' ? `blocked: ${err.message}` : `${err.code ?? 'error'}: ${err.message}`;
      finish(done(null, reason.slice(0, 500)));
    });
    options.signal?.addEventListener('abort', () => {
      finish(done(null, 'aborted: the gateway is stopping'));
      request.destroy();
    });
    request.end(options.body);
  });
}

import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { ValidationIssue } from '@limbic/core';

/**
 * LIMBIC_TRUST_PROXY, parsed: `false` (the default: X-Forwarded-For is ignored), `true` (every hop is trusted),
 * a hop count (the nearest `n` hops are trusted), or the proxies' addresses and CIDRs (and proxy-addr's names
 * `loopback`, `linklocal`, `uniquelocal`).
 */
export type TrustProxySetting = boolean | number | string[];

/** Whether the hop `hop` away (0: the TCP peer) at `address` is a trusted proxy, as `@fastify/proxy-addr` asks. */
export type ProxyTrust = (address: string, hop: number) => boolean;

const accepted = 'must be true, false, a hop count, or comma-separated IP addresses or CIDRs of the proxies';

/**
 * Reads LIMBIC_TRUST_PROXY with Fastify's `trustProxy` forms (`true`, a hop count, a comma-separated list of
 * addresses and CIDRs); every invalid entry becomes an issue naming the variable and its position.
 */
export function parseTrustProxy(raw: string | undefined, issues: ValidationIssue[]): TrustProxySetting {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops <= 100) return hops === 0 ? false : hops;
    issues.push({ path: 'LIMBIC_TRUST_PROXY', message: `a hop count must be at most 100 (got ${value})` });
    return false;
  }
  const entries: string[] = [];
  for (const [i, part] of value.split(',').entries()) {
    const entry = part.trim();
    if (entry === '') continue;
    try {
      proxyAddr.compile(entry);
      entries.push(entry);
    } catch {
      issues.push({
        path: `LIMBIC_TRUST_PROXY[${i}]`,
        message: `${accepted} (got ${JSON.stringify(entry)})`,
      });
    }
  }
  return entries.length > 0 ? entries : false;
}

/**
 * The trust function of a setting, undefined when nothing is trusted. A hop count trusts the nearest `n` hops
 * whatever their address (Express's and Fastify 4's meaning; Fastify 5.12 turned a bare number into "trust
 * nothing", so the gateway hands Fastify this function rather than the number).
 */
export function toProxyTrust(setting: TrustProxySetting): ProxyTrust | undefined {
  if (setting === false) return undefined;
  if (setting === true) return () => true;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return proxyAddr.compile(setting);
}

/**
 * The client's address: the TCP peer's, or, when the peer is a trusted proxy, the nearest address in
 * X-Forwarded-For that is not a trusted proxy (Fastify's `request.ip`, computed by the same library).
 */
export function forwardedAddress(request: IncomingMessage, trust: ProxyTrust | undefined): string {
  const peer = request.socket.remoteAddress ?? 'unknown';
  if (!trust) return peer;
  return proxyAddr(request, trust) ?? peer;
}

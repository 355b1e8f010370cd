import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import type { ValidationIssue } from '@limbic/core';

/**
 * The addresses a webhook may not reach unless LIMBIC_WEBHOOK_ALLOW_PRIVATE=true (SSRF; docs/webhooks.md):
 * unspecified, loopback, private (RFC 1918), CGNAT (RFC 6598), link-local, multicast and reserved IPv4; unspecified,
 * loopback, IPv4-mapped and IPv4-compatible, unique-local, site-local, link-local, multicast and documentation IPv6.
 */
export const blockedAddresses = { ipv4: new BlockList(), ipv6: new BlockList() };
// Two lists: Node matches IPv4 addresses against IPv6 rules too (as IPv4-mapped), and every IPv4-mapped address is
// refused.
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blockedAddresses.ipv4.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::', 96],
  ['::ffff:0:0', 96],
  ['fc00::', 7],
  ['fec0::', 10],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
] as const) {
  blockedAddresses.ipv6.addSubnet(net, prefix, 'ipv6');
}

/** True when a webhook may not be sent to this IP address (see {@link blockedAddresses}). */
export function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return family === 4
    ? blockedAddresses.ipv4.check(address, 'ipv4')
    : blockedAddresses.ipv6.check(address, 'ipv6');
}

/** The host of a URL without IPv6 brackets. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * Checks an endpoint URL as written: http or https, no credentials, no fragment, and (unless `allowPrivate`) no
 * blocked IP literal and no `localhost` name. Names are resolved by {@link checkResolvedHost}.
 */
export function urlIssues(raw: string, allowPrivate: boolean): ValidationIssue[] {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return [{ path: 'url', message: 'must be an absolute http or https URL' }];
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return [{ path: 'url', message: `must use http or https (got ${url.protocol.slice(0, -1)})` }];
  if (url.username || url.password) return [{ path: 'url', message: 'must not contain credentials' }];
  if (allowPrivate) return [];
  const host = hostOf(url).toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || (isIP(host) !== 0 && isBlockedAddress(host)))
    return [{ path: 'url', message: privateMessage(host) }];
  return [];
}

/** The message of a refused private target. */
export function privateMessage(address: string): string {
  return `must not point to a private, loopback, link-local or reserved address (${address}); LIMBIC_WEBHOOK_ALLOW_PRIVATE=true allows it for development`;
}

/**
 * Resolves a URL's host name and returns an issue when every address it has is blocked or when one is (a name
 * that resolves nowhere is accepted: delivery checks again, on the address it connects to).
 */
export async function checkResolvedHost(raw: string, allowPrivate: boolean): Promise<ValidationIssue[]> {
  if (allowPrivate) return [];
  const host = hostOf(new URL(raw));
  if (isIP(host) !== 0) return [];
  const addresses = await new Promise<LookupAddress[]>((resolve) =>
    dnsLookup(host, { all: true }, (err, found) => resolve(err ? [] : found)),
  );
  const blocked = addresses.find((a) => isBlockedAddress(a.address));
  return blocked ? [{ path: 'url', message: privateMessage(blocked.address) }] : [];
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for `http.request` that fails when the name resolves to a blocked address, so the address actually
 * connected to is checked (a name that resolves to a public address at registration and to a private one at
 * delivery, DNS rebinding, is refused).
 */
export function guardedLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options }, (err, address: string | LookupAddress[], family?: number) => {
    if (err) return callback(err, address, family);
    const list = Array.isArray(address) ? address : [{ address, family: family ?? 4 }];
    const blocked = list.find((a) => isBlockedAddress(a.address));
    if (blocked) {
      const refused: NodeJS.ErrnoException = new Error(privateMessage(blocked.address));
      refused.code = 'EBLOCKED';
      return callback(refused, address, family);
    }
    callback(null, address, family);
  });
}

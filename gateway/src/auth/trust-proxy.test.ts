import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { forwardedAddress, toProxyTrust } from './trust-proxy.js';

/** A request from `peer` carrying `forwardedFor` as X-Forwarded-For. */
function from(peer: string, forwardedFor?: string): IncomingMessage {
  return {
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    socket: { remoteAddress: peer },
  } as unknown as IncomingMessage;
}

describe('forwardedAddress', () => {
  it('is the TCP peer when nothing is trusted, whatever X-Forwarded-For says', () => {
    expect(forwardedAddress(from('10.0.0.2', '203.0.113.7'), toProxyTrust(false))).toBe('10.0.0.2');
  });

  it('with true, is the first (farthest) address of X-Forwarded-For', () => {
    expect(forwardedAddress(from('10.0.0.2', '198.51.100.1, 203.0.113.7'), toProxyTrust(true))).toBe(
      '198.51.100.1',
    );
  });

  it('with a hop count, trusts that many hops from the peer, whatever their address', () => {
    const request = from('10.0.0.2', '198.51.100.1, 203.0.113.7, 10.0.0.9');
    expect(forwardedAddress(request, toProxyTrust(1))).toBe('10.0.0.9');
    expect(forwardedAddress(request, toProxyTrust(2))).toBe('203.0.113.7');
  });

  it('with addresses and CIDRs, skips the trusted proxies and stops at the first untrusted hop', () => {
    const trust = toProxyTrust(['10.0.0.0/8']);
    // A client that writes its own X-Forwarded-For gets no further than the hop the proxy appended.
    expect(forwardedAddress(from('10.0.0.2', 'spoofed, 203.0.113.7, 10.0.0.9'), trust)).toBe('203.0.113.7');
    // An untrusted peer's header is ignored.
    expect(forwardedAddress(from('192.0.2.1', '203.0.113.7'), trust)).toBe('192.0.2.1');
    expect(forwardedAddress(from('::1', '203.0.113.7'), toProxyTrust(['loopback']))).toBe('203.0.113.7');
  });

  it('is the peer when a trusted proxy sent no X-Forwarded-For', () => {
    expect(forwardedAddress(from('10.0.0.2'), toProxyTrust(true))).toBe('10.0.0.2');
  });
});

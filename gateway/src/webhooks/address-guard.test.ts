import { describe, expect, it } from 'vitest';
import { isBlockedAddress, urlIssues } from './address-guard.js';

describe('isBlockedAddress', () => {
  it('refuses loopback, private, CGNAT, link-local, unspecified, multicast, mapped and unique-local addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '100.64.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '224.0.0.251',
      '255.255.255.255',
      '::',
      '::1',
      '::ffff:8.8.8.8',
      '::ffff:127.0.0.1',
      'fd12:3456::1',
      'fe80::1',
      'ff02::1',
      'not an address',
    ])
      expect(isBlockedAddress(address), address).toBe(true);
  });

  it('lets public addresses through, IPv4 and IPv6', () => {
    for (const address of ['8.8.8.8', '1.1.1.1', '203.0.114.10', '172.32.0.1', '2001:4860:4860::8888'])
      expect(isBlockedAddress(address), address).toBe(false);
  });
});

describe('urlIssues', () => {
  it('names url, and allows private targets only with the development setting', () => {
    expect(urlIssues('http://[::1]:8080/x', false)[0]?.path).toBe('url');
    expect(urlIssues('http://app.localhost/x', false)[0]?.path).toBe('url');
    expect(urlIssues('http://[::1]:8080/x', true)).toEqual([]);
    expect(urlIssues('file:///etc/passwd', true)).toEqual([
      { path: 'url', message: 'must use http or https (got file)' },
    ]);
    expect(urlIssues('https://hooks.example.com/limbic', false)).toEqual([]);
  });
});

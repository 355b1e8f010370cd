import { describe, expect, it } from 'vitest';
import { toSocketUrl } from './web-socket.js';

describe('toSocketUrl', () => {
  it('maps http to ws and https to wss, keeping a base path', () => {
    expect(toSocketUrl('http://127.0.0.1:8787', 'ses_1', 'svc_test_k')).toBe(
      'ws://127.0.0.1:8787/v1/ws/ses_1?token=svc_test_k',
    );
    expect(toSocketUrl('https://api.example.com/limbic', 'ses_1', 'k', ['state'])).toBe(
      'wss://api.example.com/limbic/v1/ws/ses_1?token=k&events=state',
    );
  });

  it('encodes the session id and the key', () => {
    expect(toSocketUrl('http://h', 'a/b c', 'k+&=')).toBe('ws://h/v1/ws/a%2Fb%20c?token=k%2B%26%3D');
  });
});

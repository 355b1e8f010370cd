import { describe, expect, it } from 'vitest';
import {
  deliveryOutcome,
  formatDuration,
  toggleEvent,
  webhookFormProblem,
  webhookStatus,
} from './webhooks.js';

const catalog = [
  { type: 'proactive.action', description: '' },
  { type: 'session.deleted', description: '' },
  { type: 'webhook.test', description: '' },
];

describe('webhookStatus', () => {
  it('says enabled, disabled by hand, or after how many failures', () => {
    expect(webhookStatus({ enabled: true, disabled_reason: null, consecutive_failures: 2 })).toBe('Enabled');
    expect(webhookStatus({ enabled: false, disabled_reason: 'manual', consecutive_failures: 0 })).toBe(
      'Disabled by hand',
    );
    expect(webhookStatus({ enabled: false, disabled_reason: 'failing', consecutive_failures: 5 })).toBe(
      'Disabled after 5 failed deliveries in a row',
    );
    expect(webhookStatus({ enabled: false, disabled_reason: 'failing', consecutive_failures: 1 })).toBe(
      'Disabled after 1 failed delivery in a row',
    );
    expect(webhookStatus({ enabled: false, disabled_reason: 'other', consecutive_failures: 0 })).toBe(
      'Disabled (other)',
    );
  });
});

describe('deliveryOutcome', () => {
  it('shows the HTTP status, the error without an answer, or both', () => {
    expect(deliveryOutcome({ ok: true, status: 204, error: null })).toBe('HTTP 204');
    expect(deliveryOutcome({ ok: false, status: 302, error: 'redirect (302) not followed' })).toBe(
      'HTTP 302: redirect (302) not followed',
    );
    expect(deliveryOutcome({ ok: false, status: 500, error: null })).toBe('HTTP 500');
    expect(deliveryOutcome({ ok: false, status: null, error: 'connection refused' })).toBe(
      'connection refused',
    );
    expect(deliveryOutcome({ ok: false, status: null, error: null })).toBe('Failed');
  });
});

describe('formatDuration', () => {
  it('reads milliseconds under a second, tenths under ten seconds, whole seconds above', () => {
    expect(formatDuration(84.6)).toBe('85 ms');
    expect(formatDuration(1234)).toBe('1.2 s');
    expect(formatDuration(30_000)).toBe('30 s');
  });
});

describe('toggleEvent', () => {
  it('adds and removes a type, keeping the catalog order and no duplicates', () => {
    const chosen = toggleEvent(catalog, ['webhook.test'], 'proactive.action', true);
    expect(chosen).toEqual(['proactive.action', 'webhook.test']);
    expect(toggleEvent(catalog, chosen, 'proactive.action', true)).toEqual(chosen);
    expect(toggleEvent(catalog, chosen, 'webhook.test', false)).toEqual(['proactive.action']);
  });
});

describe('webhookFormProblem', () => {
  it('asks for an absolute http(s) URL and at least one event', () => {
    expect(webhookFormProblem(' ', ['webhook.test'])).toMatch(/Enter the URL/);
    expect(webhookFormProblem('example.com/x', ['webhook.test'])).toMatch(/absolute/);
    expect(webhookFormProblem('ftp://example.com/x', ['webhook.test'])).toMatch(/https:\/\//);
    expect(webhookFormProblem('https://example.com/x', [])).toMatch(/at least one event/);
    expect(webhookFormProblem('https://example.com/x', ['webhook.test'])).toBeNull();
  });
});

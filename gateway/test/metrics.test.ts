/** GET /metrics (Prometheus text) and the redirect of `/`, over real HTTP. */
import { afterEach, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from './harness.js';
import { appraisal, restClient } from './rest-client.js';
import { bondedSession, connectSession, createSession, threeDays } from './ws-client.js';

let t: TestGateway | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Parses Prometheus text format: one sample per line that is not a comment. */
function parseSamples(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const [, name, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
      labels[name!] = value!;
    }
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The value of the sample named `name` whose labels include `labels`; 0 when there is none (a counter not yet hit). */
function sampleValue(text: string, name: string, labels: Record<string, string> = {}): number {
  const found = parseSamples(text).filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  return found.reduce((sum, s) => sum + s.value, 0);
}

async function scrape(g: TestGateway, token: string | null = g.adminToken): Promise<Response> {
  return fetch(`${g.url}/metrics`, token === null ? {} : { headers: { authorization: `Bearer ${token}` } });
}

async function metricsText(g: TestGateway): Promise<string> {
  const res = await scrape(g);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
}

describe('GET /metrics', () => {
  it('counts turns by kind and appraiser, and requests by route pattern and status, never by raw URL', async () => {
    t = await startTestGateway();
    const api = restClient(t, t.keys.pro);
    const sessionId = await createSession(t, t.keys.pro);
    const before = await metricsText(t);
    const appraisalTurns = { kind: 'appraisal', appraiser: 'none' };
    const readerTurns = { kind: 'text', appraiser: 'reader' };
    expect((await api.post('/v1/turn/appraisal', { sessionId, appraisal })).status).toBe(200);
    expect((await api.post('/v1/turn', { sessionId, message: 'Thank you!' })).status).toBe(200);
    expect((await api.get(`/v1/state/${sessionId}`)).status).toBe(200);
    expect((await api.get('/v1/state/ses_unknown')).status).toBe(404);
    const after = await metricsText(t);
    expect(sampleValue(after, 'limbic_turns_total', appraisalTurns)).toBe(
      sampleValue(before, 'limbic_turns_total', appraisalTurns) + 1,
    );
    expect(sampleValue(after, 'limbic_turns_total', readerTurns)).toBe(
      sampleValue(before, 'limbic_turns_total', readerTurns) + 1,
    );
    const state = { method: 'GET', route: '/v1/state/:sessionId' };
    expect(sampleValue(after, 'limbic_http_requests_total', { ...state, status: '200' })).toBe(1);
    expect(sampleValue(after, 'limbic_http_requests_total', { ...state, status: '404' })).toBe(1);
    expect(
      sampleValue(after, 'limbic_http_request_duration_seconds_count', { ...state, status: '200' }),
    ).toBe(1);
    expect(after).not.toContain(sessionId);
    expect(after).not.toContain('ses_unknown');
    // The session store is timed at one place: the turns read and replaced the session.
    expect(
      sampleValue(after, 'limbic_store_operation_duration_seconds_count', { operation: 'replace' }),
    ).toBe(2);
    expect(sampleValue(after, 'limbic_store_errors_total')).toBe(0);
  });

  it('counts the request that matched no route as unmatched', async () => {
    t = await startTestGateway();
    await fetch(`${t.url}/v1/nowhere/svc_test_secret`);
    const text = await metricsText(t);
    expect(sampleValue(text, 'limbic_http_requests_total', { route: 'unmatched', status: '404' })).toBe(1);
    expect(text).not.toContain('svc_test_secret');
  });

  it('gauges open WebSocket connections and GraphQL subscriptions, and measures the scheduler and its actions', async () => {
    t = await startTestGateway();
    const sessionId = await bondedSession(t, t.keys.pro);
    const client = await connectSession(t, sessionId, t.keys.pro);
    expect(sampleValue(await metricsText(t), 'limbic_websocket_connections', { endpoint: '/v1/ws' })).toBe(1);
    expect(sampleValue(await metricsText(t), 'limbic_graphql_subscriptions')).toBe(0);
    t.clock.advance(threeDays);
    t.gateway.scheduler.wake();
    await client.expect('proactive');
    const text = await metricsText(t);
    expect(sampleValue(text, 'limbic_proactive_actions_total', { type: 'attachment_seeking' })).toBe(1);
    expect(sampleValue(text, 'limbic_scheduler_lag_seconds_count')).toBeGreaterThanOrEqual(1);
    // The manual clock jumped days past the due time: the check ran that late.
    expect(sampleValue(text, 'limbic_scheduler_lag_seconds_sum')).toBeGreaterThan(3600);
    await client.close();
    await expect
      .poll(async () =>
        sampleValue(await metricsText(t!), 'limbic_websocket_connections', { endpoint: '/v1/ws' }),
      )
      .toBe(0);
  });

  it('answers 401 in the documented shape without a valid operator or metrics token, API keys included', async () => {
    t = await startTestGateway({ metricsToken: 'a-scraper-token-of-mine' });
    for (const token of [null, 'not-the-token-at-all', t.keys.pro]) {
      const res = await scrape(t, token);
      expect(res.status).toBe(401);
      const body = (await res.json()) as { error: Record<string, unknown> };
      expect(body.error).toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
      expect(body.error.message).toBe('Invalid or missing operator token or LIMBIC_METRICS_TOKEN');
      expect(body.error.request_id).toBe(res.headers.get('request-id'));
    }
    const scraper = await scrape(t, 'a-scraper-token-of-mine');
    expect(scraper.status).toBe(200);
    // Counted against no plan: no rate-limit headers.
    expect(scraper.headers.get('ratelimit')).toBeNull();
    expect(scraper.headers.get('cache-control')).toBe('no-store');
  });

  it('counts wrong tokens as failed authentications of the address', async () => {
    t = await startTestGateway({ failedAuthPerMinute: 2 });
    expect((await scrape(t, 'wrong-token-number-one')).status).toBe(401);
    expect((await scrape(t, 'wrong-token-number-two')).status).toBe(401);
    const blocked = await scrape(t, 'wrong-token-number-three');
    expect(blocked.status).toBe(429);
    expect(((await blocked.json()) as { error: { code: string } }).error.code).toBe('RATE_LIMIT');
    expect((await scrape(t)).status).toBe(429);
  });

  it('answers 405 with Allow for other methods', async () => {
    t = await startTestGateway();
    const res = await fetch(`${t.url}/metrics`, { method: 'POST' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('GET /', () => {
  it('redirects to the dashboard with 302', async () => {
    t = await startTestGateway();
    const res = await fetch(`${t.url}/`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/dashboard');
  });
});

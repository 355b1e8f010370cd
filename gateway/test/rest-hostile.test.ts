import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from './harness.js';
import { appraisal, expectError, type RequestOptions, type RestClient, restClient } from './rest-client.js';

let t: TestGateway;
let pro: RestClient;
let id: string;

beforeAll(async () => {
  t = await startTestGateway();
  pro = restClient(t, t.keys.pro);
  const res = await pro.post('/v1/persona', { preset: 'grumpy_veteran' });
  id = res.body.sessionId;
  // One real turn first, so "unchanged" is checked on a state that has moved away from its initial values.
  expect((await pro.post('/v1/turn/appraisal', { sessionId: id, appraisal })).status).toBe(200);
});
afterAll(() => t.close());

const deepArray = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
const deepObject = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;

interface HostileCase {
  name: string;
  method: 'POST' | 'PUT';
  /** Path; `:id` is replaced by the session id. */
  path: string;
  /** The body: a JSON value, or a string sent as is; `$ID` is replaced by the session id. */
  body: { json: unknown } | { raw: string };
  contentType: string;
  status: number;
  code: string;
  /** A field path the error must name. */
  names?: string;
}

type Route = Pick<HostileCase, 'method' | 'path'>;
const appraisalTurn: Route = { method: 'POST', path: '/v1/turn/appraisal' };
const textTurn: Route = { method: 'POST', path: '/v1/turn' };
const preferences: Route = { method: 'PUT', path: '/v1/proactive/:id/preferences' };
const ack: Route = { method: 'POST', path: '/v1/proactive/:id/ack' };
const persona: Route = { method: 'POST', path: '/v1/persona' };

/** A 400 VALIDATION_ERROR case naming `names`. */
function invalid(name: string, names: string, json: unknown, route = appraisalTurn): HostileCase {
  return {
    name,
    ...route,
    body: { json },
    contentType: 'application/json',
    status: 400,
    code: 'VALIDATION_ERROR',
    names,
  };
}
/** Like {@link invalid}, with a raw body. */
function invalidRaw(name: string, names: string, raw: string, route = appraisalTurn): HostileCase {
  return { ...invalid(name, names, null, route), body: { raw } };
}
/** A raw body answered with another status. */
function refused(name: string, status: number, code: string, raw: string, contentType: string): HostileCase {
  return { name, ...appraisalTurn, body: { raw }, contentType, status, code };
}

const turn = (patch: Record<string, unknown>) => ({ sessionId: '$ID', appraisal, ...patch });
const withAppraisal = (patch: Record<string, unknown>) => turn({ appraisal: { ...appraisal, ...patch } });
const missing = (key: string) => {
  const { [key]: _, ...rest } = appraisal as Record<string, number>;
  return turn({ appraisal: rest });
};
const turnText = (from: string, to: string) => JSON.stringify(turn({ elapsedSeconds: 0 })).replace(from, to);

const cases: HostileCase[] = [
  // wrong types
  invalid('sessionId as a number', 'sessionId', turn({ sessionId: 42 })),
  invalid('appraisal as a string', 'appraisal', turn({ appraisal: 'happy' })),
  invalid('appraisal as an array', 'appraisal', turn({ appraisal: [0.5, 0.5] })),
  invalid('a dimension as a numeric string', 'appraisal.agency', withAppraisal({ agency: '0.5' })),
  invalid('a dimension as a boolean', 'appraisal.agency', withAppraisal({ agency: true })),
  invalid('a dimension as null', 'appraisal.agency', withAppraisal({ agency: null })),
  invalid('context as a number', 'context', turn({ context: 7 })),
  invalid('elapsedSeconds as a string', 'elapsedSeconds', turn({ elapsedSeconds: '30' })),
  // NaN-like values
  invalid('a dimension "NaN"', 'appraisal.expectedness', withAppraisal({ expectedness: 'NaN' })),
  invalid('a dimension "Infinity"', 'appraisal.expectedness', withAppraisal({ expectedness: 'Infinity' })),
  invalidRaw(
    'a dimension 1e309 (Infinity once parsed)',
    'appraisal.agency',
    turnText('"agency":-0.7', '"agency":1e309'),
  ),
  invalidRaw(
    'elapsedSeconds -1e309',
    'elapsedSeconds',
    turnText('"elapsedSeconds":0', '"elapsedSeconds":-1e309'),
  ),
  invalidRaw('a bare NaN literal', 'body', turnText('"agency":-0.7', '"agency":NaN')),
  // out of range
  invalid('goal_relevance 1.0001', 'appraisal.goal_relevance', withAppraisal({ goal_relevance: 1.0001 })),
  invalid('agency -1.5', 'appraisal.agency', withAppraisal({ agency: -1.5 })),
  invalid('expectedness -0.01', 'appraisal.expectedness', withAppraisal({ expectedness: -0.01 })),
  invalid('elapsedSeconds -1', 'elapsedSeconds', turn({ elapsedSeconds: -1 })),
  invalid('elapsedSeconds 1e12', 'elapsedSeconds', turn({ elapsedSeconds: 1e12 })),
  invalid('context of 4,001 characters', 'context', turn({ context: 'x'.repeat(4001) })),
  invalid('sessionId of 129 characters', 'sessionId', turn({ sessionId: 's'.repeat(129) })),
  // missing fields
  invalid('no sessionId', 'sessionId', { appraisal }),
  invalid('no appraisal', 'appraisal', { sessionId: '$ID' }),
  invalid('no norm_compatibility', 'appraisal.norm_compatibility', missing('norm_compatibility')),
  invalid('an empty object', 'sessionId', {}),
  // unknown fields and prototype keys
  invalid('an unknown top-level field', 'mood', turn({ mood: 1 })),
  invalid('a "constructor" field', 'constructor', turn({ constructor: 1 })),
  invalidRaw('a "__proto__" key', 'body', '{"sessionId":"$ID","__proto__":{"agency":1}}'),
  invalidRaw(
    'a nested "__proto__" key',
    'body',
    turnText('"appraisal":{', '"appraisal":{"__proto__":{"x":1},'),
  ),
  invalidRaw('constructor.prototype', 'body', '{"sessionId":"$ID","constructor":{"prototype":{"x":1}}}'),
  // deep nesting
  invalidRaw(
    '10,000 levels of arrays as the appraisal',
    'appraisal',
    `{"sessionId":"$ID","appraisal":${deepArray}}`,
  ),
  invalidRaw('10,000 levels of arrays as the body', 'body', deepArray),
  invalidRaw('10,000 levels of objects in an unknown field', 'x', `{"sessionId":"$ID","x":${deepObject}}`),
  // size, media type, syntax, body shape
  refused(
    'a 2 MB body',
    413,
    'PAYLOAD_TOO_LARGE',
    turnText('"elapsedSeconds":0', `"context":"${'x'.repeat(2 ** 21)}"`),
    'application/json',
  ),
  refused('text/plain', 415, 'UNSUPPORTED_MEDIA_TYPE', JSON.stringify(turn({})), 'text/plain'),
  refused(
    'form encoding',
    415,
    'UNSUPPORTED_MEDIA_TYPE',
    'sessionId=$ID',
    'application/x-www-form-urlencoded',
  ),
  refused('application/xml', 415, 'UNSUPPORTED_MEDIA_TYPE', '<turn/>', 'application/xml'),
  invalidRaw('truncated JSON', 'body', '{"sessionId":"$ID","appraisal":{'),
  invalidRaw('not JSON at all', 'body', 'turn please'),
  invalidRaw('an empty body', 'body', ''),
  invalidRaw('a JSON array body', 'body', `[${JSON.stringify(turn({}))}]`),
  invalidRaw('a JSON string body', 'body', '"$ID"'),
  invalidRaw('a JSON null body', 'body', 'null'),
  invalidRaw('a JSON number body', 'body', '42'),
  // the other routes with bodies
  invalid('text turn with an array message', 'message', { sessionId: '$ID', message: ['hi'] }, textTurn),
  invalid(
    'text turn with an unknown source',
    'event.source',
    { sessionId: '$ID', event: { description: 'x', source: 'god' } },
    textTurn,
  ),
  invalid('preferences with enabled "true"', 'preferences.enabled', { enabled: 'true' }, preferences),
  invalid(
    'preferences with cooldown_hours -1',
    'preferences.cooldown_hours',
    { enabled: true, cooldown_hours: -1 },
    preferences,
  ),
  invalid(
    'preferences with an unknown trigger',
    'preferences.triggers.boredom',
    { enabled: true, triggers: { boredom: true } },
    preferences,
  ),
  invalid('preferences without enabled', 'preferences.enabled', { cooldown_hours: 1 }, preferences),
  invalidRaw('preferences as an array', 'body', '[true]', preferences),
  invalid('ack with a numeric action_id', 'action_id', { action_id: 7 }, ack),
  invalid('ack with an unknown field', 'all', { action_id: 'act_1', all: true }, ack),
  invalidRaw('ack without a body', 'body', '', ack),
  invalid(
    'persona with an out-of-range trait',
    'personality.O',
    { preset: 'rival', personality: { O: 1.5 } },
    persona,
  ),
  invalid(
    'persona with an unknown facet',
    'personality.facets.luck',
    { preset: 'rival', personality: { facets: { luck: 1 } } },
    persona,
  ),
  invalidRaw(
    'persona with 10,000 levels of goals',
    'goals[0]',
    `{"preset":"rival","goals":${deepArray}}`,
    persona,
  ),
  invalidRaw(
    'persona with a "__proto__" key',
    'body',
    '{"preset":"rival","__proto__":{"admin":true}}',
    persona,
  ),
];

function options(c: HostileCase): RequestOptions {
  const text = 'json' in c.body ? JSON.stringify(c.body.json) : c.body.raw;
  return { raw: text.replaceAll('$ID', id), contentType: c.contentType };
}

async function snapshot() {
  const [state, details, actions] = await Promise.all([
    pro.get(`/v1/state/${id}`),
    pro.get(`/v1/persona/${id}`),
    pro.get(`/v1/proactive/${id}`),
  ]);
  return { state: state.body, details: details.body, actions: actions.body };
}

describe('hostile input', () => {
  it.each(cases)('answers $name with $status $code and leaves the session unchanged', async (c) => {
    const before = await snapshot();
    const res = await pro.request(c.method, c.path.replace(':id', id), options(c));
    expectError(res, c.status, c.code);
    if (c.names) {
      const named = [
        res.body.error.message,
        ...(res.body.error.details ?? []).map((d: { path: string }) => d.path),
      ];
      expect(
        named.some((text: string) => text.includes(c.names!)),
        res.text,
      ).toBe(true);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('ignores extra appraisal dimensions (other engines send nine) and still validates the six', async () => {
    const res = await pro.post('/v1/turn/appraisal', {
      sessionId: id,
      appraisal: { ...appraisal, novelty: 0.3 },
    });
    expect(res.status).toBe(200);
    expect(res.body.appraisal).toEqual(appraisal);
  });

  it('never writes an API key to the log, even one sent in a query string or a body', async () => {
    await pro.get(`/v1/persona?token=${t.keys.pro}`);
    await pro.post('/v1/persona', { preset: t.keys.other });
    await pro.post('/v1/turn', { sessionId: t.keys.proLive, message: t.keys.free });
    await restClient(t, `${t.keys.pro}x`).get('/v1/presets');
    const text = t.logs.join('');
    expect(text).toContain('"url":"/v1/persona?token=[REDACTED]"');
    expect(text.match(/svc_(live|test)_[A-Za-z0-9]{10,}/g)).toBeNull();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes } from '../src/routes/index.js';
import { startTestGateway, type TestGateway } from './harness.js';
import { bareObjects } from './json-schemas.js';
import { appraisal, expectError, openApi, type RestClient, restClient, validatorOf } from './rest-client.js';

let t: TestGateway;
let anonymous: RestClient;

beforeAll(async () => {
  t = await startTestGateway();
  anonymous = restClient(t, null);
});
afterAll(() => t.close());

const toTemplate = (url: string) => url.replace(/:(\w+)/g, '{$1}');
const served = () => registeredRoutes(t.gateway.app).filter((r) => r.kind === 'route');

describe('GET /v1/openapi.json', () => {
  it('serves the OpenAPI 3.1 document without a key', async () => {
    const res = await anonymous.get('/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(JSON.parse(JSON.stringify(openApi)));
    expect(res.body.openapi).toBe('3.1.0');
    expect(res.body.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('describes every object: no bare {"type": "object"} that generators turn into unusable types', () => {
    expect(bareObjects(openApi.components.schemas, 'components.schemas')).toEqual([]);
  });

  it('names its licence, a server relative to itself and every tag it uses, as generators expect', () => {
    expect(openApi.info.license).toEqual({ name: 'MIT', identifier: 'MIT' });
    expect(openApi.servers).toEqual([{ url: '/', description: expect.any(String) }]);
    const used = Object.values(openApi.paths).flatMap((operations) =>
      Object.values(operations).flatMap((operation) => operation.tags),
    );
    expect(openApi.tags.map((tag) => tag.name).sort()).toEqual([...new Set(used)].sort());
  });

  it('documents every registered route, and registers every documented operation', () => {
    const registered = served().map((r) => `${r.method} ${toTemplate(r.url)}`);
    expect(registered.length).toBeGreaterThanOrEqual(14);
    const documented: string[] = [];
    const graphql: string[] = [];
    for (const [path, operations] of Object.entries(openApi.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const entry = `${method.toUpperCase()} ${path}`;
        documented.push(entry);
        if (operation['x-graphql']) graphql.push(entry);
      }
    }
    // The WebSocket is no HTTP operation: `x-websocket` lists it (its plain-HTTP route only answers 426).
    const webSocket = Object.keys(openApi['x-websocket']);
    expect(webSocket).toEqual(['/v1/ws/{sessionId}']);
    expect(registered).toContain('GET /v1/ws/{sessionId}');
    expect(Object.keys(openApi.paths).filter((path) => path.startsWith('/v1/ws/'))).toEqual([]);
    expect(registered.filter((r) => r !== 'GET /v1/ws/{sessionId}').sort()).toEqual(documented.sort());
    expect(graphql).toEqual(['GET /graphql', 'POST /graphql']);
  });

  it('points x-websocket at the served AsyncAPI document and its channel', async () => {
    const entry = openApi['x-websocket']['/v1/ws/{sessionId}'] as Record<string, string>;
    expect(entry).toMatchObject({
      asyncapi: '/v1/asyncapi.json',
      channel: 'session',
      subprotocol: 'limbic.v1',
    });
    const asyncApi = (await anonymous.get(entry.asyncapi!)).body;
    expect(asyncApi.channels[entry.channel!].address).toBe('/v1/ws/{sessionId}');
  });

  it('marks exactly the public routes as needing no key', () => {
    for (const route of served()) {
      const operation = openApi.paths[toTemplate(route.url)]?.[route.method.toLowerCase()];
      if (!operation) continue;
      if (operation['x-graphql']) {
        // Public to the REST hook: GraphQL checks the key itself, optional for health and introspection only.
        expect(route.public).toBe(true);
        expect(operation.security).toEqual([{ bearer: [] }, {}]);
        continue;
      }
      expect(operation.security.length === 0, `${route.method} ${route.url}`).toBe(route.public);
    }
  });

  it('documents Request-Id on every response, Location on 201, and ETag with 304 where served', () => {
    const etagged: string[] = [];
    for (const [path, operations] of Object.entries(openApi.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const [status, response] of Object.entries(operation.responses)) {
          const headers = Object.keys((response.headers ?? {}) as object);
          const where = `${method} ${path} ${status}`;
          expect(headers, where).toContain('Request-Id');
          if (status === '201') expect(headers, where).toContain('Location');
          if (status === '429')
            expect(headers, where).toEqual(expect.arrayContaining(['Retry-After', 'RateLimit']));
          if (status === '304') expect(headers, where).toContain('ETag');
          if (headers.includes('ETag') && status === '200') etagged.push(`${method} ${path}`);
        }
      }
    }
    expect(etagged.sort()).toEqual([
      'get /v1/asyncapi.json',
      'get /v1/openapi.json',
      'get /v1/presets',
      'get /v1/schemas/session-snapshot.json',
    ]);
    for (const operation of etagged) {
      const [method, path] = operation.split(' ') as [string, string];
      expect(Object.keys(openApi.paths[path]?.[method]?.responses ?? {})).toContain('304');
    }
  });

  it('compiles every schema strictly and documents 401 and 429 on every authenticated operation', () => {
    for (const schema of Object.values(openApi.components.schemas))
      expect(() => validatorOf(schema)).not.toThrow();
    for (const [path, operations] of Object.entries(openApi.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (operation.security.length === 0) continue;
        expect(Object.keys(operation.responses), `${method} ${path}`).toEqual(
          expect.arrayContaining(['401', '429']),
        );
        for (const [status, response] of Object.entries(operation.responses)) {
          if (status === '304') continue;
          expect(response.content, `${method} ${path} ${status}`).toBeDefined();
        }
      }
    }
  });

  it('generates request schemas from the core schemas: they accept and reject what the core does', () => {
    const schemas = openApi.components.schemas;
    const turn = validatorOf(schemas.AppraisalTurn!);
    expect(turn({ sessionId: 'ses_1', appraisal, elapsedSeconds: 3 })).toBe(true);
    expect(turn({ sessionId: 'ses_1', appraisal: { ...appraisal, agency: 2 } })).toBe(false);
    expect(turn({ sessionId: 'ses_1', appraisal, extra: 1 })).toBe(false);
    const text = validatorOf(schemas.TextTurn!);
    expect(text({ sessionId: 'ses_1', message: 'hi' })).toBe(true);
    expect(text({ sessionId: 'ses_1', event: { description: 'storm', source: 'system' } })).toBe(true);
    expect(text({ sessionId: 'ses_1', message: 'hi', event: { description: 'x' } })).toBe(false);
    expect(text({ sessionId: 'ses_1' })).toBe(false);
    const persona = validatorOf(schemas.PersonaDefinition!);
    expect(persona({ preset: 'rival', personality: { facets: { prudence: 0.2 } } })).toBe(true);
    expect(persona({ personality: { facets: { luck: 1 } } })).toBe(false);
    const preferences = validatorOf(schemas.PreferencesInput!);
    expect(preferences({ enabled: true })).toBe(true);
    expect(preferences({ cooldown_hours: 2 })).toBe(false);
  });
});

describe('405 METHOD_NOT_ALLOWED', () => {
  it('answers every other method on every known path with 405 and an Allow header, before authentication', async () => {
    const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
    const byPath = new Map<string, Set<string>>();
    for (const route of served()) {
      const set = byPath.get(route.url) ?? new Set<string>();
      set.add(route.method);
      if (route.method === 'GET') set.add('HEAD');
      byPath.set(route.url, set);
    }
    let checked = 0;
    for (const [url, allowed] of byPath) {
      const path = url.replace(/:\w+/g, 'ses_x');
      for (const method of methods.filter((m) => !allowed.has(m))) {
        const body =
          method === 'GET' || method === 'HEAD' ? {} : { raw: 'not json', contentType: 'text/plain' };
        const res = await anonymous.request(method, path, body);
        expect(res.status, `${method} ${path}`).toBe(405);
        expect(res.headers.get('allow')).toBe(methods.filter((m) => allowed.has(m)).join(', '));
        if (method !== 'HEAD') expectError(res, 405, 'METHOD_NOT_ALLOWED');
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(40);
  });

  it('answers unknown paths with 404 NOT_FOUND', async () => {
    expectError(await anonymous.get('/v1/nothing-here'), 404, 'NOT_FOUND');
    expectError(await anonymous.get('/v2/persona'), 404, 'NOT_FOUND');
  });
});

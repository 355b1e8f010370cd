import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes } from '../src/routes/index.js';
import { startTestGateway, type TestGateway } from './harness.js';
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
    const bare: string[] = [];
    const walk = (node: unknown, path: string): void => {
      if (Array.isArray(node)) {
        for (const [i, item] of node.entries()) walk(item, `${path}[${i}]`);
      }
      if (node === null || typeof node !== 'object') return;
      const schema = node as Record<string, unknown>;
      const type = schema.type;
      const isObject = type === 'object' || (Array.isArray(type) && type.includes('object'));
      if (isObject && schema.properties === undefined && schema.additionalProperties === undefined)
        bare.push(path);
      for (const [key, value] of Object.entries(schema)) walk(value, `${path}.${key}`);
    };
    walk(openApi.components.schemas, 'components.schemas');
    expect(bare).toEqual([]);
  });

  it('names its licence and a server relative to itself, as generators expect', () => {
    expect(openApi.info.license).toEqual({ name: 'MIT', identifier: 'MIT' });
    expect(openApi.servers).toEqual([{ url: '/', description: expect.any(String) }]);
  });

  it('documents every registered route, and registers every documented operation', () => {
    const registered = served().map((r) => `${r.method} ${toTemplate(r.url)}`);
    expect(registered.length).toBeGreaterThanOrEqual(13);
    const documented: string[] = [];
    const webSocket: string[] = [];
    const graphql: string[] = [];
    for (const [path, operations] of Object.entries(openApi.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const entry = `${method.toUpperCase()} ${path}`;
        (operation['x-websocket'] ? webSocket : documented).push(entry);
        if (operation['x-graphql']) graphql.push(entry);
      }
    }
    // The WebSocket endpoint is served on the upgrade event; a plain-HTTP route for it is optional.
    expect(registered.filter((r) => !webSocket.includes(r)).sort()).toEqual(documented.sort());
    expect(webSocket).toEqual(['GET /v1/ws/{sessionId}']);
    expect(graphql).toEqual(['GET /graphql', 'POST /graphql']);
  });

  it('marks exactly the public routes as needing no key', () => {
    for (const route of served()) {
      const operation = openApi.paths[toTemplate(route.url)]?.[route.method.toLowerCase()];
      if (!operation || operation['x-websocket']) continue;
      if (operation['x-graphql']) {
        // Public to the REST hook: GraphQL checks the key itself, optional for health and introspection only.
        expect(route.public).toBe(true);
        expect(operation.security).toEqual([{ bearer: [] }, {}]);
        continue;
      }
      expect(operation.security.length === 0, `${route.method} ${route.url}`).toBe(route.public);
    }
  });

  it('compiles every schema strictly and documents 401 and 429 on every authenticated operation', () => {
    for (const schema of Object.values(openApi.components.schemas))
      expect(() => validatorOf(schema)).not.toThrow();
    for (const [path, operations] of Object.entries(openApi.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (operation.security.length === 0 || operation['x-websocket']) continue;
        expect(Object.keys(operation.responses), `${method} ${path}`).toEqual(
          expect.arrayContaining(['401', '429']),
        );
        for (const [status, response] of Object.entries(operation.responses)) {
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

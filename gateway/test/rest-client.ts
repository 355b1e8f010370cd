import { experienceKinds } from '@limbic/core';
import type { JsonSchema } from '@limbic/protocol/shapes';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { expect } from 'vitest';
import { gatewayVersion } from '../src/gateway.js';
import { createOpenApiDocument, type OpenApiDocument } from '../src/openapi/document.js';
import type { TestGateway } from './harness.js';
import { createSchemaSet } from './json-schemas.js';

/** A REST response as the tests see it. */
export interface RestResponse {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: test code reads arbitrary JSON.
  body: any;
  text: string;
}

/** Options of one request. */
export interface RequestOptions {
  /** The API key; null sends no Authorization header. */
  key?: string | null;
  /** A JSON value to send (serialized, with Content-Type: application/json). */
  json?: unknown;
  /** A raw body (sent as is, with `contentType`). */
  raw?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

/** The gateway's OpenAPI document, as the tests validate against it. */
export const openApi: OpenApiDocument = createOpenApiDocument(gatewayVersion);

const schemas = createSchemaSet(openApi.components.schemas);

/** The validator of a schema of the OpenAPI document (cached by its JSON). */
export const validatorOf = (schema: JsonSchema): ValidateFunction => schemas.validatorOf(schema);

function templateOf(path: string): string | undefined {
  const bare = path.split('?')[0] ?? path;
  const parts = bare.split('/');
  return Object.keys(openApi.paths).find((template) => {
    const t = template.split('/');
    return t.length === parts.length && t.every((p, i) => p.startsWith('{') || p === parts[i]);
  });
}

// The headers the gateway sends on purpose: each must be documented on the responses that carry it.
const trackedHeaders = [
  'request-id',
  'ratelimit',
  'ratelimit-policy',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'retry-after',
  'location',
  'etag',
  'deprecation',
];

/** Every tracked header sent is documented on the response, and every required documented header is sent. */
function expectDocumentedHeaders(where: string, documented: unknown, sent: Headers): void {
  const declared = Object.entries((documented ?? {}) as Record<string, { required?: boolean }>);
  const names = declared.map(([name]) => name.toLowerCase());
  for (const name of trackedHeaders) {
    if (sent.has(name)) expect(names, `${where} sends ${name}, undocumented`).toContain(name);
  }
  for (const [name, header] of declared) {
    if (header.required) expect(sent.has(name), `${where} documents ${name} as always sent`).toBe(true);
  }
}

/**
 * Checks a response against the document: the operation exists, the status is one it documents, its headers are
 * the documented ones, and the body matches that status's schema. Unknown paths and 405 answers are checked against the error body.
 */
export function expectDocumented(method: string, path: string, response: RestResponse): void {
  const template = templateOf(path);
  const operation = template ? openApi.paths[template]?.[method.toLowerCase()] : undefined;
  let schema: JsonSchema | undefined;
  if (!operation) {
    expect([404, 405], `${method} ${path} is not documented`).toContain(response.status);
    schema = { $ref: '#/components/schemas/Error' };
  } else {
    const documented = operation.responses[String(response.status)];
    expect(documented, `${method} ${template} does not document status ${response.status}`).toBeDefined();
    expectDocumentedHeaders(
      `${method} ${template} ${response.status}`,
      documented?.headers,
      response.headers,
    );
    schema = (documented?.content as { 'application/json'?: { schema: JsonSchema } } | undefined)?.[
      'application/json'
    ]?.schema;
  }
  if (!schema || method === 'HEAD') return;
  const validate = validatorOf(schema);
  const ok = validate(response.body);
  expect(ok, `${method} ${path} ${response.status}: ${schemas.errorsText(validate)}`).toBe(true);
  if (template) validated.add(`${method} ${template} ${response.status}`);
}

/**
 * Every `METHOD /template status` whose body this test file has validated against its schema (the response-schema
 * test checks that every documented operation's success is among them).
 */
export const validated = new Set<string>();

/** A fetch-based client of a test gateway that checks every response against the OpenAPI document. */
export function restClient(t: Pick<TestGateway, 'url'>, defaultKey: string | null) {
  async function request(method: string, path: string, options: RequestOptions = {}): Promise<RestResponse> {
    const headers: Record<string, string> = { ...options.headers };
    const key = options.key === undefined ? defaultKey : options.key;
    if (key !== null) headers.authorization = `Bearer ${key}`;
    let body: string | undefined;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] = options.contentType ?? 'application/json';
    } else if (options.raw !== undefined) {
      body = options.raw;
      if (options.contentType) headers['content-type'] = options.contentType;
    }
    const res = await fetch(`${t.url}${path}`, { method, headers, ...(body === undefined ? {} : { body }) });
    const text = await res.text();
    const isJson = res.headers.get('content-type')?.startsWith('application/json') ?? false;
    const response: RestResponse = {
      status: res.status,
      headers: res.headers,
      body: isJson && text ? JSON.parse(text) : undefined,
      text,
    };
    expectDocumented(method, path, response);
    return response;
  }
  return {
    request,
    get: (path: string, options?: RequestOptions) => request('GET', path, options),
    delete: (path: string, options?: RequestOptions) => request('DELETE', path, options),
    post: (path: string, json: unknown, options?: RequestOptions) =>
      request('POST', path, { json, ...options }),
    put: (path: string, json: unknown, options?: RequestOptions) =>
      request('PUT', path, { json, ...options }),
    patch: (path: string, json: unknown, options?: RequestOptions) =>
      request('PATCH', path, { json, ...options }),
  };
}

/** A client as {@link restClient} returns it. */
export type RestClient = ReturnType<typeof restClient>;

/** Expects an error answer with this status and code, in the documented error body. */
export function expectError(response: RestResponse, status: number, code: string): void {
  expect(response.status, response.text).toBe(status);
  expect(response.body.error.code).toBe(code);
  expect(response.body.error.status).toBe(status);
  expect(response.body.error.request_id).toBe(response.headers.get('request-id'));
}

/** A valid appraisal. */
export const appraisal = {
  goal_relevance: 0.8,
  goal_congruence: -0.5,
  expectedness: 0.2,
  controllability: 0.3,
  agency: -0.7,
  norm_compatibility: -0.4,
};

/** A text turn whose roles are plain: the speaker's fortune, brought about by someone else. */
export const sisterLied = {
  message: 'My sister lied to me again',
  roles: { experiencer: 'speaker', cause: 'third_party', addressee: 'character' },
} as const;

/** Expects a text turn's `perceived.experience`: its five fields, each of its type, range and rounding. */
export function expectExperience(experience: Record<string, unknown>): void {
  expect(Object.keys(experience).sort()).toEqual(['activation', 'kind', 'narrative', 'strength', 'valence']);
  expect(experienceKinds).toContain(experience.kind);
  const ranges = { valence: [-1, 1], activation: [-1, 1], narrative: [0, 0.7], strength: [0, 1] } as const;
  for (const [field, [min, max]] of Object.entries(ranges)) {
    const value = experience[field];
    expect(value, field).toBeTypeOf('number');
    expect(value, field).toBeGreaterThanOrEqual(min);
    expect(value, field).toBeLessThanOrEqual(max);
    expect(Number((value as number).toFixed(4)), `${field} has at most 4 decimals`).toBe(value);
  }
}

import { join } from 'node:path';
import { type Config, createConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from './harness.js';

let t: TestGateway;
let config: Config;

beforeAll(async () => {
  t = await startTestGateway();
  config = await createConfig({ extends: ['recommended'] });
});
afterAll(() => t.close());

/** Lints a document with Redocly's recommended rules; each problem as `severity rule pointer`. */
async function lint(document: unknown, name: string): Promise<string[]> {
  const problems: NormalizedProblem[] = await lintFromString({
    source: JSON.stringify(document),
    // Only names the document in the problems: every $ref is internal.
    absoluteRef: join(process.cwd(), name),
    config,
  });
  return problems.map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer ?? ''}`);
}

async function served(path: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${t.url}${path}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

describe("the served API descriptions under Redocly's recommended rules", () => {
  it('the OpenAPI document has no errors; the warnings left are the public routes without a 4XX answer', async () => {
    const problems = await lint(await served('/v1/openapi.json'), 'openapi.json');
    expect(problems.filter((p) => p.startsWith('error'))).toEqual([]);
    // Health and the three documents are public and take no input: no 4XX answer is theirs to document.
    expect(problems).toEqual([
      'warn operation-4xx-response #/paths/~1v1~1health/get/responses',
      'warn operation-4xx-response #/paths/~1v1~1openapi.json/get/responses',
      'warn operation-4xx-response #/paths/~1v1~1asyncapi.json/get/responses',
      'warn operation-4xx-response #/paths/~1v1~1schemas~1session-snapshot.json/get/responses',
    ]);
  });

  it('the AsyncAPI document has neither errors nor warnings', async () => {
    expect(await lint(await served('/v1/asyncapi.json'), 'asyncapi.json')).toEqual([]);
  });

  it('reports a broken copy, so a clean result means something', async () => {
    const openApi = await served('/v1/openapi.json');
    const paths = openApi.paths as Record<string, Record<string, { operationId: string }>>;
    paths['/v1/presets']!.get!.operationId = 'health';
    expect(await lint(openApi, 'openapi.json')).toEqual(
      expect.arrayContaining([expect.stringMatching(/^error operation-operationId-unique /)]),
    );
    const asyncApi = await served('/v1/asyncapi.json');
    (asyncApi.operations as Record<string, { action: string }>).receiveTurn!.action = 'publish';
    expect(await lint(asyncApi, 'asyncapi.json')).toContain('error struct #/operations/receiveTurn/action');
  });
});

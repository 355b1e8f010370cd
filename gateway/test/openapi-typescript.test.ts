import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from './harness.js';

let t: TestGateway;
let dir: string;

beforeAll(async () => {
  t = await startTestGateway();
  dir = await mkdtemp(join(tmpdir(), 'limbic-openapi-ts-'));
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

// What a client author writes against the generated types: a turn's result, and a GraphQL request.
const consumer = `import type { paths } from './api.js';

export type TurnResponse = paths['/v1/turn']['post']['responses']['200']['content']['application/json'];
export type GraphQLBody = NonNullable<paths['/graphql']['post']['requestBody']>['content']['application/json'];

export function valence(turn: TurnResponse): number {
  const v: number = turn.prompt_data.context.emotion.V;
  const primary: string = turn.prompt_data.context.emotion.primary;
  return primary === 'joy' ? Math.max(v, turn.new_emotion.V) : v;
}

export function textTurnRequest(sessionId: string, message: string): GraphQLBody {
  const variables: NonNullable<GraphQLBody['variables']> = { input: { sessionId, message } };
  return {
    query: 'mutation Turn($input: TextTurnInput!) { textTurn(input: $input) { discrete_emotion } }',
    operationName: 'Turn',
    variables,
  };
}
`;

// Each must fail to typecheck, with this diagnostic: the generated types are precise, not \`any\`.
const mistakes: Record<string, { code: string; diagnostic: number }> = {
  'v-as-string': {
    code: `const v: string = turn.new_emotion.V;`,
    diagnostic: 2322, // Type 'number' is not assignable to type 'string'.
  },
  'v-in-prompt-context-as-string': {
    code: `const v: string = turn.prompt_data.context.emotion.V;`,
    diagnostic: 2322,
  },
  'valence-misspelt': {
    code: `const v: number = turn.prompt_data.context.emotion.valence;`,
    diagnostic: 2339, // Property 'valence' does not exist on type …
  },
  'variables-as-string': {
    code: `const body: GraphQLBody = { query: '{ health { status } }', variables: 'sessionId=1' };`,
    diagnostic: 2322,
  },
};

function mistakeFile(code: string): string {
  return `import type { GraphQLBody, TurnResponse } from './consumer.js';

export function mistake(turn: TurnResponse): unknown {
  ${code}
  return turn;
}
`;
}

describe('a TypeScript client generated from the served OpenAPI document', () => {
  it('types the turn result and the GraphQL request, precisely enough to reject mistakes', async () => {
    const res = await fetch(`${t.url}/v1/openapi.json`);
    expect(res.status).toBe(200);
    const document = (await res.json()) as OpenAPI3;
    const api = astToString(await openapiTS(document));
    expect(api).toContain('export interface paths');

    const files = new Map<string, string>([
      ['api.ts', api],
      ['consumer.ts', consumer],
      ...Object.entries(mistakes).map(
        ([name, { code }]) => [`${name}.ts`, mistakeFile(code)] as [string, string],
      ),
    ]);
    for (const [name, text] of files) await writeFile(join(dir, name), text);
    const program = ts.createProgram(
      [...files.keys()].map((name) => join(dir, name)),
      {
        strict: true,
        exactOptionalPropertyTypes: true,
        noUncheckedIndexedAccess: true,
        noEmit: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        types: [],
        lib: ['lib.es2022.d.ts'],
      },
    );
    const diagnosticsOf = (name: string) =>
      ts.getPreEmitDiagnostics(program, program.getSourceFile(join(dir, name))).map((d) => ({
        code: d.code,
        text: ts.flattenDiagnosticMessageText(d.messageText, '\n').slice(0, 200),
      }));

    expect(diagnosticsOf('api.ts')).toEqual([]);
    expect(diagnosticsOf('consumer.ts')).toEqual([]);
    for (const [name, { diagnostic }] of Object.entries(mistakes)) {
      expect(
        diagnosticsOf(`${name}.ts`).map((d) => d.code),
        name,
      ).toEqual([diagnostic]);
    }
  }, 20_000);
});

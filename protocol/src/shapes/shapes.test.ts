import type * as core from '@limbic/core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { RestProactiveAction, WireProactiveAction } from '../actions.js';
import { componentSchemas, type ResponseOf, requestShapes, responseShapes } from './index.js';
import type { socketShapes } from './registry.js';

/**
 * The structure of a type: every field (optional or not) down to the leaves, arrays as arrays, leaves erased (an
 * enum and a string are both a leaf: the schemas may be stricter than the engine's types, not shaped differently).
 */
type Shape<T> = T extends readonly (infer U)[]
  ? Shape<U>[]
  : T extends object
    ? { -readonly [K in keyof T]-?: Shape<T[K]> }
    : 'leaf';

// The engine's own types and the shapes the wire documents have the same fields, checked by the compiler: a field
// added to one and not the other fails the typecheck here (tests are typechecked in CI).
describe('the wire shapes and the engine’s types', () => {
  it('have the same fields, all the way down', () => {
    expectTypeOf<Shape<ResponseOf<'TurnResult'>>>().toEqualTypeOf<Shape<core.TurnResult>>();
    expectTypeOf<Shape<ResponseOf<'StateSnapshot'>>>().toEqualTypeOf<Shape<core.StateSnapshot>>();
    expectTypeOf<Shape<ResponseOf<'SessionInfo'>>>().toEqualTypeOf<Shape<core.SessionInfo>>();
    expectTypeOf<Shape<ResponseOf<'SessionDetails'>>>().toEqualTypeOf<Shape<core.SessionDetails>>();
    expectTypeOf<Shape<ResponseOf<'SessionPage'>>>().toEqualTypeOf<Shape<core.SessionPage>>();
    expectTypeOf<Shape<ResponseOf<'ParticipantPage'>>>().toEqualTypeOf<Shape<core.ParticipantPage>>();
    expectTypeOf<Shape<ResponseOf<'RelationshipHealth'>>>().toEqualTypeOf<Shape<core.RelationshipHealth>>();
    expectTypeOf<Shape<ResponseOf<'PromptData'>>>().toEqualTypeOf<Shape<core.PromptData>>();
    expectTypeOf<Shape<ResponseOf<'MemoryPage'>>>().toEqualTypeOf<Shape<core.MemoryPage>>();
    expectTypeOf<Shape<ResponseOf<'MemorySettings'>>>().toEqualTypeOf<Shape<core.MemorySettings>>();
    expectTypeOf<Shape<ResponseOf<'MemoriesForgotten'>>>().toEqualTypeOf<Shape<core.MemoriesForgotten>>();
    expectTypeOf<Shape<z.input<typeof requestShapes.MemorySettingsInput>>>().toEqualTypeOf<
      Shape<core.MemorySettingsInput>
    >();
    expectTypeOf<Shape<ResponseOf<'Preferences'>>>().toEqualTypeOf<Shape<core.ProactivePreferences>>();
    expectTypeOf<Shape<ResponseOf<'ProactiveAction'>>>().toEqualTypeOf<Shape<RestProactiveAction>>();
    expectTypeOf<Shape<ResponseOf<'OverrideResult'>>>().toEqualTypeOf<Shape<core.OverrideResult>>();
    expectTypeOf<Shape<ResponseOf<'TickResult'>>>().toEqualTypeOf<
      Shape<Omit<core.TickResult, 'actions'> & { actions: RestProactiveAction[] }>
    >();
    expectTypeOf<Shape<z.input<typeof requestShapes.OverrideInput>>>().toEqualTypeOf<
      Shape<core.OverrideInput>
    >();
    expectTypeOf<Shape<ResponseOf<'ParticipantPolicyResult'>>>().toEqualTypeOf<
      Shape<core.ParticipantPolicyResult>
    >();
    expectTypeOf<Shape<z.input<typeof requestShapes.ParticipantPolicyInput>>>().toEqualTypeOf<
      Shape<core.ParticipantPolicyInput>
    >();
    expectTypeOf<Shape<z.output<typeof socketShapes.WireProactiveAction>>>().toEqualTypeOf<
      Shape<WireProactiveAction>
    >();
  });
});

describe('the generated component schemas', () => {
  const schemas = componentSchemas({ socket: true });

  it('name every request and response shape, and refer to each other by $ref', () => {
    expect(Object.keys(schemas).sort()).toEqual(
      [...Object.keys(responseShapes), ...Object.keys(requestShapes), 'WireProactiveAction'].sort(),
    );
    expect(JSON.stringify(schemas.TurnResult)).toContain('"$ref":"#/components/schemas/PromptData"');
    // No JSON Schema dialect keyword (`"$schema":"…"`); the snapshot's own `$schema` field is a property.
    expect(JSON.stringify(schemas)).not.toMatch(/"\$schema":"/);
  });

  it('describe dates by format only, and integers without zod’s 2^53 bounds', () => {
    const text = JSON.stringify(schemas);
    expect(schemas.StateSnapshot).toMatchObject({
      properties: { at: { type: 'string', format: 'date-time' } },
    });
    expect(text).not.toContain(String(Number.MAX_SAFE_INTEGER));
    expect(JSON.stringify(schemas.StateSnapshot)).not.toContain('"pattern"');
  });

  it('keep objects closed, so an undocumented field fails the response tests', () => {
    expect(schemas.TurnResult).toMatchObject({ type: 'object', additionalProperties: false });
    expect(schemas.ParticipantSummary).toMatchObject({ additionalProperties: false });
  });
});

/**
 * The GraphQL types carry the same data as the protocol's shapes (`@limbic/protocol/shapes`), field by field and all
 * the way down: a field added to a wire shape and not to its GraphQL type (or the reverse) fails here, unless it is
 * one of the few deliberate differences listed below, each with its reason.
 */
import { responseShapes } from '@limbic/protocol/shapes';
import { type GraphQLNamedType, getNamedType, getNullableType, isListType, isObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { graphQLSchema } from '../src/graphql/schema.js';

/** Where GraphQL shapes the same data its own way, and why (docs/graphql.md). */
const deliberate: Record<string, string> = {
  Addressee: 'a union of a word and an object is an object with a `kind` in GraphQL',
  'TurnResult.to': 'an Addressee, as above',
  'PromptContext.addressed_to': 'an Addressee, as above',
  'SessionDetails: memories, memorySettings, participants, relationship, snapshot':
    'connections, settings, the snapshot and relationship health GraphQL adds; REST pages participants and memories, and reads memory settings, the snapshot and relationship health, at their own routes',
  'Perceived.scores': 'a list of {category, score}: GraphQL has no map type',
  'ProactiveAction.metadata': 'a list of typed entries: GraphQL has no map type',
  'WebhookEndpoint: deliveries':
    'the delivery log as a connection on the endpoint; REST reads it at its own route',
};

/** Whether a schema is an array, inside optional and nullable wrappers. */
function isArray(schema: z.ZodType): boolean {
  let inner: z.ZodType = schema;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable)
    inner = inner.unwrap() as z.ZodType;
  return inner instanceof z.ZodArray;
}

/** The object schema inside optional, nullable and array wrappers, or null for a leaf. */
function objectOf(schema: z.ZodType): z.ZodObject | null {
  let inner: z.ZodType = schema;
  for (;;) {
    if (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable) inner = inner.unwrap() as z.ZodType;
    else if (inner instanceof z.ZodArray) inner = inner.element as z.ZodType;
    else break;
  }
  return inner instanceof z.ZodObject ? inner : null;
}

/**
 * Every difference between a shape and a GraphQL type, named by the GraphQL type and field where it sits
 * (`Perceived.scores`): `Type: fields` for fields on one side only, `Type.field` for an object against a leaf.
 */
function differences(where: string, shape: z.ZodType, type: GraphQLNamedType, out: Set<string>): void {
  const object = objectOf(shape);
  if (!object || !isObjectType(type)) {
    if (object || isObjectType(type)) out.add(where);
    return;
  }
  const fields = type.getFields();
  const keys = Object.keys(object.shape);
  const onlyGraphQL = Object.keys(fields).filter((name) => !keys.includes(name));
  const onlyWire = keys.filter((key) => !(key in fields));
  if (onlyGraphQL.length + onlyWire.length > 0)
    out.add(`${type.name}: ${[...onlyWire, ...onlyGraphQL].join(', ')}`);
  for (const key of keys) {
    const field = fields[key];
    if (!field) continue;
    const value = object.shape[key] as z.ZodType;
    // A map on the wire (an object keyed by data) is a list of entries in GraphQL.
    if (isListType(getNullableType(field.type)) !== isArray(value)) out.add(`${type.name}.${key}`);
    else differences(`${type.name}.${key}`, value, getNamedType(field.type), out);
  }
}

describe('GraphQL and the protocol’s shapes', () => {
  const schema = graphQLSchema();

  it('have the same fields, all the way down, but for the deliberate differences', () => {
    const found = new Set<string>();
    const compared: string[] = [];
    for (const [name, shape] of Object.entries(responseShapes)) {
      const type = schema.getType(name);
      if (!type) continue;
      compared.push(name);
      differences(name, shape, type, found);
    }
    expect(compared.length).toBeGreaterThanOrEqual(20);
    expect([...found].filter((line) => !(line in deliberate))).toEqual([]);
    expect(Object.keys(deliberate).filter((line) => !found.has(line))).toEqual([]);
  });
});

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildSchema, GraphQLEnumType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { holdTexts } from '../src/outreach.js';

// The checked-in schema is the gateway's public contract (a gateway test keeps it equal to the code).
const schema = buildSchema(
  readFileSync(resolve(import.meta.dirname, '../../gateway/schema.graphql'), 'utf8'),
);

describe('outreach hold reasons', () => {
  it('has words for every OutreachHoldReason the gateway can send, and none it cannot', () => {
    const type = schema.getType('OutreachHoldReason');
    expect(type).toBeInstanceOf(GraphQLEnumType);
    const values = (type as GraphQLEnumType).getValues().map((value) => value.name);
    expect(Object.keys(holdTexts).sort()).toEqual([...values].sort());
  });
});

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildSchema, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import * as historyQueries from '../src/history.js';
import * as queries from '../src/queries.js';
import * as webhookQueries from '../src/webhook-queries.js';

// The checked-in schema is the gateway's public contract (a gateway test keeps it equal to the code).
const schema = buildSchema(
  readFileSync(resolve(import.meta.dirname, '../../gateway/schema.graphql'), 'utf8'),
);

const documents = Object.entries({ ...queries, ...webhookQueries, ...historyQueries }).flatMap(
  ([name, value]) => (typeof value === 'string' ? [[name, value] as const] : []),
);

describe('dashboard operations', () => {
  it.each(documents)('%s is valid against gateway/schema.graphql', (_name, source) => {
    const errors = validate(schema, parse(source)).map((error) => error.message);
    expect(errors).toEqual([]);
  });
});

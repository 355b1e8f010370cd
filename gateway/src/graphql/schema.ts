import { type GraphQLSchema, lexicographicSortSchema, printSchema } from 'graphql';
import { builder } from './builder.js';
import './queries.js';
import './mutations.js';
import './memory-fields.js';
import './relationship-fields.js';
import './control-fields.js';
import './subscriptions.js';
import './operator-fields.js';
import './snapshot-fields.js';
import './explanation-types.js';
import './webhook-fields.js';
import './policy-fields.js';
import './outreach-fields.js';

let built: GraphQLSchema | undefined;

/** The GraphQL schema of the gateway (built once per process; resolvers read everything from the context). */
export function graphQLSchema(): GraphQLSchema {
  built ??= builder.toSchema();
  return built;
}

/** The schema in SDL, sorted, as checked in at gateway/schema.graphql. */
export function printGraphQLSchema(): string {
  return `${printSchema(lexicographicSortSchema(graphQLSchema()))}\n`;
}

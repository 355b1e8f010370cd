// The builder's declared type names Pothos's global namespace: its declaration file must load @pothos/core.
/// <reference types="@pothos/core" preserve="true" />
import SchemaBuilder from '@pothos/core';
import type { FastifyReply } from 'fastify';
import type { Principal } from '../auth/authenticator.js';
import type { GatewayContext } from '../context.js';

/** The context of one GraphQL operation, over HTTP (Yoga) or graphql-ws. */
export interface GraphQLContext {
  gateway: GatewayContext;
  transport: 'http' | 'ws';
  /** The token presented (an API key or the operator token): the Authorization header or the connectionParams. */
  token: string | undefined;
  /** The caller's address, for the failed-authentication limit. */
  ip: string | undefined;
  /**
   * The authenticated caller. Set before any field runs, except in public operations (only `health` and
   * introspection), where it stays null; graphql-ws sets it when the connection is accepted.
   */
  principal: Principal | null;
  /**
   * True when the token is the operator token (LIMBIC_ADMIN_TOKEN): the operation may use the operator fields
   * only. Set by the guard (graphql-ws: when the connection is accepted).
   */
  operator: boolean;
  /** HTTP only: the Fastify reply, for the rate-limit headers. */
  reply: FastifyReply | undefined;
}

/**
 * The Pothos schema builder of the GraphQL layer. Output fields are non-null unless marked `nullable`; input
 * fields are optional unless marked `required`.
 */
export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  DefaultFieldNullability: false;
}>({ defaultFieldNullability: false });

/**
 * Returns `list` unchanged when it names every member of the string union `T` (it fails to typecheck when one is
 * missing), so GraphQL enums built from it cannot fall behind the core's types.
 * @example
 * const priorities = allOf<ProactivePriority>()(['low', 'medium', 'high']);
 */
export function allOf<T extends string>() {
  return <const L extends readonly T[]>(
    list: L & ([Exclude<T, L[number]>] extends [never] ? unknown : never),
  ) => list;
}

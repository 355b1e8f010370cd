import {
  type DocumentNode,
  type GraphQLError,
  getOperationAST,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { admit as admitCaller } from '../auth/admit.js';
import { rateLimitHeaders } from '../auth/rate-limiter.js';
import type { GraphQLContext } from './builder.js';
import { graphQLError, rateLimited, unauthorized } from './errors.js';

/** Root fields anyone may query without a key: the health check and introspection. */
export const publicRootFields: ReadonlySet<string> = new Set(['health', '__schema', '__type', '__typename']);

function rootFieldNames(
  set: SelectionSetNode,
  document: DocumentNode,
  out: Set<string>,
  seen: Set<string>,
): void {
  for (const selection of set.selections) {
    if (selection.kind === Kind.FIELD) out.add(selection.name.value);
    else if (selection.kind === Kind.INLINE_FRAGMENT)
      rootFieldNames(selection.selectionSet, document, out, seen);
    else if (!seen.has(selection.name.value)) {
      seen.add(selection.name.value);
      const fragment = document.definitions.find(
        (d) => d.kind === Kind.FRAGMENT_DEFINITION && d.name.value === selection.name.value,
      );
      if (fragment?.kind === Kind.FRAGMENT_DEFINITION)
        rootFieldNames(fragment.selectionSet, document, out, seen);
    }
  }
}

/** The operator fields: they need the operator token (LIMBIC_ADMIN_TOKEN), and refuse API keys. */
export const operatorRootFields: ReadonlySet<string> = new Set([
  'operator',
  'apiKeys',
  'createApiKey',
  'revokeApiKey',
  'rotateApiKey',
]);

/** The message of an API key calling operator fields. */
export const needsOperatorMessage =
  'This operation needs the operator token (LIMBIC_ADMIN_TOKEN), not an API key';
/** The message of the operator token calling key-scoped fields. */
export const needsKeyMessage =
  'This operation needs an API key: the operator token opens only the operator fields';
/** The message of a missing or wrong token on an operation of operator fields only. */
export const badOperatorTokenMessage = 'Invalid or missing operator token (LIMBIC_ADMIN_TOKEN)';

function rootFieldsOf(operation: OperationDefinitionNode, document: DocumentNode): Set<string> {
  const names = new Set<string>();
  rootFieldNames(operation.selectionSet, document, names, new Set());
  return names;
}

/** True for a query that selects only `health` and introspection fields: it needs no key and is not counted. */
export function isPublicOperation(operation: OperationDefinitionNode, document: DocumentNode): boolean {
  if (operation.operation !== 'query') return false;
  return [...rootFieldsOf(operation, document)].every((name) => publicRootFields.has(name));
}

/**
 * Admits an operation, or resolves with the error that refuses it (null lets it run). Public operations pass.
 * Otherwise the caller is identified (unless graphql-ws already did when the socket connected): the operator token
 * opens the operator fields only and is counted against no key; an API key opens every other field, and the
 * operation counts once against the key's plan, with the limiter REST and the WebSocket use. A token that is
 * neither counts against the address's failed authentications.
 */
export async function admit(
  ctx: GraphQLContext,
  document: DocumentNode,
  operationName: string | null | undefined,
): Promise<GraphQLError | null> {
  const operation = getOperationAST(document, operationName);
  // An operation that cannot be resolved fails in the executor with its own message.
  if (!operation || isPublicOperation(operation, document)) return null;
  const { gateway } = ctx;
  const fields = [...rootFieldsOf(operation, document)].filter((name) => !publicRootFields.has(name));
  const operatorOnly = fields.every((name) => operatorRootFields.has(name));
  if (ctx.operator) {
    // A graphql-ws socket of the operator: the token may have been replaced since it connected.
    if (!gateway.operator.verify(ctx.token)) return unauthorized(badOperatorTokenMessage);
    return operatorOnly ? null : unauthorized(needsKeyMessage);
  }
  const admission = await admitCaller(gateway, {
    credential: ctx.token,
    address: ctx.ip ?? 'unknown',
    transport: ctx.principal ? 'graphql-ws' : 'graphql',
    principal: ctx.principal,
    operator: true,
  });
  if (!admission.ok) {
    const { decision, ...refusal } = admission.refusal;
    if (decision) ctx.reply?.headers(rateLimitHeaders(decision));
    if (refusal.code === 'UNAUTHORIZED')
      return unauthorized(operatorOnly ? badOperatorTokenMessage : undefined);
    if (decision) return rateLimited(decision);
    return graphQLError(refusal.code, refusal.message, {
      ...(refusal.retryAfter === undefined ? {} : { retryAfter: refusal.retryAfter }),
    });
  }
  if ('operator' in admission) {
    ctx.operator = true;
    return operatorOnly ? null : unauthorized(needsKeyMessage);
  }
  ctx.principal = admission.principal;
  ctx.reply?.headers(rateLimitHeaders(admission.decision));
  if (fields.some((name) => operatorRootFields.has(name))) return unauthorized(needsOperatorMessage);
  return null;
}

/**
 * The envelop plugin that runs {@link admit} before every operation Yoga or graphql-ws executes or subscribes,
 * after parsing and validation (which need no key: the schema is public).
 */
export function guardPlugin(): Plugin<GraphQLContext> {
  const guard = async ({
    args,
    setResultAndStopExecution,
  }: {
    args: { document: DocumentNode; operationName?: string | null | undefined; contextValue: unknown };
    setResultAndStopExecution: (result: { errors: GraphQLError[] }) => void;
  }) => {
    const refusal = await admit(args.contextValue as GraphQLContext, args.document, args.operationName);
    if (refusal) setResultAndStopExecution({ errors: [refusal] });
  };
  return { onExecute: guard, onSubscribe: guard };
}

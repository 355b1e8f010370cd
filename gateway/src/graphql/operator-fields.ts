import { type LimbicError, toValidationError } from '@limbic/core';
import { KeyAdminError, keyStatus, revokeKey, rotateKey, toKeyView } from '../auth/key-admin.js';
import { createKey } from '../auth/provision.js';
import { reportKeyRevoked } from '../context.js';
import { serverError } from '../errors.js';
import { builder, type GraphQLContext } from './builder.js';
import { unauthorized } from './errors.js';
import { needsOperatorMessage } from './guard.js';
import {
  ApiKeyRef,
  CreateApiKeyInput,
  CreatedApiKeyRef,
  KeyEnvironmentEnum,
  KeyStatusEnum,
  OperatorRef,
  RotatedApiKeyRef,
} from './operator-types.js';

// The operator fields administer API keys with the keys CLI's functions (auth/key-admin.ts, provision.ts). Times
// are wall-clock, as for the authenticator: a key's expiry is not engine time.

/** Longest rotation grace, hours: the keys CLI's 7 days. */
export const maxGraceHours = 168;

/** The gateway context of an operator operation. @throws GraphQLError UNAUTHORIZED for anyone else. */
function operatorOf(ctx: GraphQLContext): GraphQLContext['gateway'] {
  if (!ctx.operator) throw unauthorized(needsOperatorMessage);
  return ctx.gateway;
}

function invalid(path: string, message: string): LimbicError {
  return toValidationError('arguments', [{ path, message }]);
}

/** A key id argument; the message never echoes it, since a pasted key must not come back. */
function keyIdArg(id: string | number): string {
  const text = String(id);
  if (!/^key_[0-9A-Za-z]{1,64}$/.test(text))
    throw invalid('id', 'must be an API key id (key_… from apiKeys)');
  return text;
}

function toServerError(error: unknown): unknown {
  if (!(error instanceof KeyAdminError)) return error;
  if (error.reason === 'not_found') return serverError('NOT_FOUND', error.message);
  return invalid('id', `${error.message}; only an active or expiring key can be rotated`);
}

builder.queryFields((t) => ({
  operator: t.field({
    type: OperatorRef,
    nullable: true,
    description:
      'The operator, when the request carries the operator token (LIMBIC_ADMIN_TOKEN); UNAUTHORIZED otherwise',
    resolve: (_root, _args, ctx) => ({ signedIn: true, version: operatorOf(ctx).version }),
  }),
  apiKeys: t.field({
    type: [ApiKeyRef],
    nullable: true,
    description:
      'Operator only: API keys, newest first, optionally filtered by the start of their hint (e.g. svc_live_ or svc_test_Ab), environment and status',
    args: {
      prefix: t.arg.string(),
      env: t.arg({ type: KeyEnvironmentEnum }),
      status: t.arg({ type: KeyStatusEnum }),
    },
    resolve: async (_root, { prefix, env, status }, ctx) => {
      const gateway = operatorOf(ctx);
      if (prefix != null && prefix.length > 64) throw invalid('prefix', 'must be at most 64 characters');
      const now = Date.now();
      const records = (await gateway.keys.list()).map((record, order) => ({ record, order }));
      return records
        .filter(({ record }) => prefix == null || record.hint.startsWith(prefix))
        .filter(({ record }) => env == null || record.env === env)
        .filter(({ record }) => status == null || keyStatus(record, now) === status)
        .sort((a, b) => b.record.createdAt.localeCompare(a.record.createdAt) || b.order - a.order)
        .map(({ record }) => toKeyView(record, now));
    },
  }),
}));

builder.mutationFields((t) => ({
  createApiKey: t.field({
    type: CreatedApiKeyRef,
    nullable: true,
    description: 'Operator only: creates an API key; its secret is in the answer and nowhere else.',
    args: { input: t.arg({ type: CreateApiKeyInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const gateway = operatorOf(ctx);
      const account = input.account ?? undefined;
      if (account !== undefined && !/^[A-Za-z0-9_-]{1,64}$/.test(account)) {
        throw invalid('input.account', 'must be 1-64 letters, digits, _ or - (an account from apiKeys)');
      }
      const { key, record } = await createKey(gateway.keys, gateway.pepper, {
        env: input.env,
        plan: input.plan,
        ...(account === undefined ? {} : { account }),
      });
      return { key, apiKey: toKeyView(record, Date.now()) };
    },
  }),
  revokeApiKey: t.field({
    type: ApiKeyRef,
    nullable: true,
    description:
      'Operator only: revokes a key now, on every transport (its WebSockets close); revoking a revoked key changes nothing.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, ctx) => {
      const gateway = operatorOf(ctx);
      const record = await revokeKey(gateway.keys, keyIdArg(id)).catch((error: unknown) => {
        throw toServerError(error);
      });
      reportKeyRevoked(gateway, record.id);
      return toKeyView(record, Date.now());
    },
  }),
  rotateApiKey: t.field({
    type: RotatedApiKeyRef,
    nullable: true,
    description:
      'The new key keeps the account (and its sessions); the old one keeps working for graceHours (default 24, 0 = revoke now)',
    args: { id: t.arg.id({ required: true }), graceHours: t.arg.int({ defaultValue: 24 }) },
    resolve: async (_root, { id, graceHours }, ctx) => {
      const gateway = operatorOf(ctx);
      const keyId = keyIdArg(id);
      const hours = graceHours ?? 24;
      if (hours < 0 || hours > maxGraceHours) {
        throw invalid('graceHours', `must be an integer in [0, ${maxGraceHours}] (got ${hours})`);
      }
      const now = Date.now();
      const rotated = await rotateKey(gateway.keys, gateway.pepper, keyId, hours * 3600_000, now).catch(
        (error: unknown) => {
          throw toServerError(error);
        },
      );
      if (rotated.previous.status === 'revoked') reportKeyRevoked(gateway, rotated.previous.id);
      return {
        key: rotated.key,
        apiKey: toKeyView(rotated.record, now),
        previous: toKeyView(rotated.previous, now),
      };
    },
  }),
}));

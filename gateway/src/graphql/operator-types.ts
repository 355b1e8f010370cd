import type { KeyEnvironment } from '../auth/api-key.js';
import type { KeyStatus, KeyView } from '../auth/key-admin.js';
import { type PlanName, planNames } from '../config.js';
import { allOf, builder } from './builder.js';

/** The environments of API keys. */
export const KeyEnvironmentEnum = builder.enumType('KeyEnvironment', {
  description: 'The environment of an API key: svc_test_ (sandbox) or svc_live_ keys; their data never mix.',
  values: allOf<KeyEnvironment>()(['test', 'live']),
});

/** The plans of API keys. */
export const PlanEnum = builder.enumType('Plan', {
  description:
    'The plan of an API key: its rate limit and session quota (free 60/min and 10, pro 600 and 1,000).',
  values: allOf<PlanName>()(planNames as readonly ['free', 'pro', 'enterprise']),
});

/** What a key can do now. */
export const KeyStatusEnum = builder.enumType('KeyStatus', {
  description:
    'What an API key can do now: active; expiring (rotated out, works until expiresAt); expired; revoked.',
  values: allOf<KeyStatus>()(['active', 'expiring', 'expired', 'revoked']),
});

/** An API key as the operator sees it: never the key itself, which is not stored. */
export const ApiKeyRef = builder.objectRef<KeyView>('ApiKey').implement({
  description: 'An API key (never the secret, which is not stored: only a keyed hash).',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The public id (key_…), for revokeApiKey and rotateApiKey' }),
    hint: t.exposeString('hint', {
      description: 'The prefix and first and last characters, e.g. svc_test_Ab12…wXyz',
    }),
    env: t.expose('env', { type: KeyEnvironmentEnum }),
    plan: t.expose('plan', { type: PlanEnum }),
    account: t.exposeString('account', { description: 'Sessions belong to (account, env)' }),
    status: t.expose('status', { type: KeyStatusEnum }),
    source: t.exposeString('source', { description: 'generated, provisioned (LIMBIC_API_KEYS) or sandbox' }),
    createdAt: t.exposeString('createdAt', { description: 'ISO 8601' }),
    lastUsedAt: t.exposeString('lastUsedAt', { nullable: true, description: 'ISO 8601; null if never used' }),
    expiresAt: t.exposeString('expiresAt', {
      nullable: true,
      description: 'ISO 8601: when a rotated-out key stops working (or when a revoked one was revoked)',
    }),
  }),
});

/** The answer of createApiKey. */
export const CreatedApiKeyRef = builder
  .objectRef<{ key: string; apiKey: KeyView }>('CreatedApiKey')
  .implement({
    description: 'A new API key.',
    fields: (t) => ({
      key: t.exposeString('key', { description: 'The secret, shown this once' }),
      apiKey: t.expose('apiKey', { type: ApiKeyRef }),
    }),
  });

/** The answer of rotateApiKey. */
export const RotatedApiKeyRef = builder
  .objectRef<{ key: string; apiKey: KeyView; previous: KeyView }>('RotatedApiKey')
  .implement({
    description: 'A rotated API key: the new one and the old one after the change.',
    fields: (t) => ({
      key: t.exposeString('key', { description: 'The new secret, shown this once' }),
      apiKey: t.expose('apiKey', { type: ApiKeyRef, description: 'The new key' }),
      previous: t.expose('previous', {
        type: ApiKeyRef,
        description: 'The old key: expiring until its grace ends, or revoked',
      }),
    }),
  });

/** The answer of the operator query. */
export const OperatorRef = builder.objectRef<{ signedIn: boolean; version: string }>('Operator').implement({
  description: 'The operator (the holder of LIMBIC_ADMIN_TOKEN).',
  fields: (t) => ({
    signedIn: t.exposeBoolean('signedIn', { description: 'Always true: other callers get UNAUTHORIZED' }),
    version: t.exposeString('version', { description: 'The gateway’s version' }),
  }),
});

/** The input of createApiKey. */
export const CreateApiKeyInput = builder.inputType('CreateApiKeyInput', {
  fields: (t) => ({
    env: t.field({ type: KeyEnvironmentEnum, required: true }),
    plan: t.field({ type: PlanEnum, required: true }),
    account: t.string({ description: 'Reuse an existing account (its sessions); default a new one' }),
  }),
});

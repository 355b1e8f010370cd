/**
 * @limbic/gateway: the documented /v1 REST + WebSocket interface on the core session service.
 * @module
 */
export {
  createOperatorAuth,
  ensureAdminToken,
  type OperatorAuth,
  replaceAdminToken,
} from './auth/admin-token.js';
export type { ApiKeyRecord, KeyEnvironment } from './auth/api-key.js';
export { type Authenticator, createAuthenticator, type Principal } from './auth/authenticator.js';
export { createFileKeyStore, createMemoryKeyStore, type KeyStore } from './auth/key-store.js';
export { createKey, ensureSandboxKey, loadPepper, provisionKeys } from './auth/provision.js';
export { type GatewayConfig, type LogFormat, type Plan, type PlanName, plansOf } from './config.js';
export type { GatewayContext } from './context.js';
export { type ErrorBody, type ErrorCode, statusOf } from './errors.js';
export { createGateway, type Gateway, type GatewayOptions, gatewayVersion } from './gateway.js';
export { loadConfig } from './load-config.js';

/**
 * Test helpers for implementers of Limbic ports: the session-store, binding-store and webhook-store contract suites
 * (needs vitest).
 * @module
 */

export {
  buildRichSession,
  checkSnapshotRoundTrip,
  snapshotTestService,
} from './snapshot/snapshot-contract.js';
export {
  type BindingContractOptions,
  describeBindingStoreContract,
  makeTestBinding,
} from './store/binding-contract.js';
export { makeTestEpisode, makeTestMemory } from './store/memory-contract.js';
export { makeTestOverrides } from './store/override-contract.js';
export {
  describeSessionStoreContract,
  makeTestRecord,
  type StoreContractOptions,
} from './store/store-contract.js';
export { describeWebhookStoreContract, type WebhookContractOptions } from './store/webhook-contract.js';
export {
  makeTestAttempt,
  makeTestEndpoint,
  makeTestMessage,
  webhookTestTime,
} from './store/webhook-fixtures.js';

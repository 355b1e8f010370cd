/**
 * Test helpers for implementers of Limbic ports: the session-store and binding-store contract suites (needs vitest).
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

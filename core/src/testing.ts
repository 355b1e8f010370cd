/**
 * Test helpers for implementers of Limbic ports: the session-store contract suite (needs vitest).
 * @module
 */
export {
  describeSessionStoreContract,
  makeTestRecord,
  type StoreContractOptions,
} from './store/store-contract.js';

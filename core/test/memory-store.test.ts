import { validateSnapshotJson } from '../../test/snapshot-json-schema.js';
import { createMemoryStore } from '../src/store/memory-store.js';
import { describeSessionStoreContract } from '../src/testing.js';

describeSessionStoreContract('memory', () => createMemoryStore(), { validateSnapshot: validateSnapshotJson });

import { createMemoryBindingStore } from '../src/store/memory-binding-store.js';
import { describeBindingStoreContract } from '../src/testing.js';

describeBindingStoreContract('memory', () => createMemoryBindingStore());

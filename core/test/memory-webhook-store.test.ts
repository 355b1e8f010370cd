import { createMemoryWebhookStore } from '../src/store/memory-webhook-store.js';
import { describeWebhookStoreContract } from '../src/testing.js';

describeWebhookStoreContract('memory', () => createMemoryWebhookStore());

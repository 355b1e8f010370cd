/**
 * Two gateway processes on one MongoDB database (MONGODB_URI): the scenario of sqlite-instances.test.ts (pushes
 * across processes, parallel turns, one proactive action, deletions, shared rate limits) on change streams instead
 * of the SQLite change log. Without MONGODB_URI each test is skipped, one by one, with the reason printed once. The
 * store-level watch test is in store/test/mongo-store.test.ts.
 */
import { afterAll } from 'vitest';
import {
  announceSkip,
  dropTestDatabases,
  mongoUri,
  skipReason,
  testDbName,
} from '../../store/test/mongo-harness.js';
import { describeInstances } from './instances-scenario.js';

announceSkip();
afterAll(dropTestDatabases);

describeInstances({
  name: 'MongoDB',
  missing: mongoUri ? null : skipReason,
  env: () => ({ LIMBIC_STORE: 'mongodb', MONGODB_URI: mongoUri ?? '', LIMBIC_DB: testDbName() }),
});

/**
 * Two gateway processes on one SQLite file (the same LIMBIC_DATA): a write on one is visible on the other at once,
 * pushes cross processes through the file's change log, parallel turns spread over both all land, a due proactive
 * action is raised once, and rate limits hold per key across both. The same scenario runs on MongoDB in
 * mongo-instances.test.ts.
 */
import { describeInstances } from './instances-scenario.js';

describeInstances({ name: 'SQLite', missing: null, env: () => ({ LIMBIC_STORE: 'sqlite' }) });

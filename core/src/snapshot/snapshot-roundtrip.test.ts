import { describe, it } from 'vitest';
import { createMemoryStore } from '../store/memory-store.js';
import { checkSnapshotRoundTrip } from './snapshot-contract.js';

describe('snapshot round trip (memory store)', () => {
  it('imports a rich session that then answers the same turn to the last digit', () =>
    checkSnapshotRoundTrip(createMemoryStore(), createMemoryStore()));
});

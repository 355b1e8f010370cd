import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createManualClock, createSeededRandom, createSessionService } from '@limbic/core';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqliteStore } from '../src/sqlite-store.js';

// A batch of turns on one session is planned on records in memory and written once; turns written one by one are
// each planned on the record read back from the file. Both must give the same bytes.

const dir = mkdtempSync(join(tmpdir(), 'limbic-sqlite-batches-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const appraisals = [
  {
    goal_relevance: 1,
    goal_congruence: 0.9,
    expectedness: 0.5,
    controllability: 0.5,
    agency: -1,
    norm_compatibility: 0.8,
  },
  {
    goal_relevance: 1,
    goal_congruence: -0.9,
    expectedness: 0.2,
    controllability: 0.4,
    agency: -1,
    norm_compatibility: -1,
  },
  {
    goal_relevance: 0.9,
    goal_congruence: -0.8,
    expectedness: 0.1,
    controllability: 0.1,
    agency: -0.8,
    norm_compatibility: 0,
  },
];
const people = [undefined, { id: 'u_ann', name: 'Ann' }, { id: 'u_bo', name: 'Bo' }];

async function setup(name: string) {
  const store = createSqliteStore({ file: join(dir, `${name}.db`) });
  let writes = 0;
  const replace = store.replace.bind(store);
  store.replace = (record, expected) => {
    writes += 1;
    return replace(record, expected);
  };
  const service = createSessionService({ store, clock: createManualClock(), random: createSeededRandom(3) });
  const { sessionId } = await service.createSession('alice', { preset: 'anxious_helper' });
  await service.setPreferences('alice', sessionId, { enabled: true });
  const turn = (i: number) => {
    const from = people[i % people.length];
    const appraisal = appraisals[i % appraisals.length]!;
    return service.appraisalTurn('alice', { sessionId, appraisal, ...(from ? { from } : {}) });
  };
  return { store, service, sessionId, turn, writes: () => writes };
}

describe('batched turns on the SQLite store', () => {
  it('give the results and the stored record of the same turns written one by one', async () => {
    const batched = await setup('batched');
    const alone = await setup('alone');
    const n = 40;
    const concurrent = await Promise.all(Array.from({ length: n }, (_, i) => batched.turn(i)));
    const sequential = [];
    for (let i = 0; i < n; i++) sequential.push(await alone.turn(i));
    expect(concurrent.map((r) => JSON.stringify(r))).toEqual(sequential.map((r) => JSON.stringify(r)));
    const stored = await batched.store.get(batched.sessionId);
    expect(JSON.stringify(stored)).toBe(JSON.stringify(await alone.store.get(alone.sessionId)));
    expect(stored?.version).toBe(2 + n);
    expect(stored?.state.turns).toBe(n);
    expect(batched.writes()).toBeLessThan(alone.writes() / 4);
    await Promise.all([batched.store.close(), alone.store.close()]);
  });
});

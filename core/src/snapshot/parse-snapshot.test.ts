import { describe, expect, it } from 'vitest';
import { createManualClock } from '../clock.js';
import { isLimbicError, type LimbicError } from '../errors.js';
import { createMemoryStore } from '../store/memory-store.js';
import { parseSessionSnapshot } from './parse-snapshot.js';
import { buildRichSession, snapshotTestService } from './snapshot-contract.js';
import type { SessionSnapshot } from './snapshot-schema.js';

const clock = createManualClock();
const service = snapshotTestService(createMemoryStore(), clock);
const id = await buildRichSession(service, clock);
const exported: SessionSnapshot = JSON.parse(JSON.stringify(await service.snapshots.export('owner-a', id)));

/** A copy of the exported snapshot, changed by `edit`. */
function edited(edit: (s: SessionSnapshot) => void): SessionSnapshot {
  const copy = structuredClone(exported);
  edit(copy);
  return copy;
}

function failure(input: unknown): LimbicError {
  try {
    parseSessionSnapshot(input);
  } catch (error) {
    if (isLimbicError(error)) return error;
    throw error;
  }
  throw new Error('parsed');
}

describe('parseSessionSnapshot', () => {
  it('accepts an exported snapshot as it is', () => {
    expect(parseSessionSnapshot(exported)).toEqual(exported);
  });

  it('names the path and the rule of a value out of range', () => {
    const error = failure(edited((s) => (s.session.state.emotion.V = 5)));
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message).toContain('snapshot.session.state.emotion.V: must be a number in [-1, 1] (got 5)');
  });

  it('names unknown fields, wrong types and ill-formed ids, all at once', () => {
    const error = failure(
      edited((s) => {
        (s.session.state as Record<string, unknown>).mod = 1;
        (s.session.proactive.preferences as Record<string, unknown>).enabled = 'yes';
        s.session.memory.episodes[0]!.id = 'memory-1';
        s.session.state.participants[1]!.name = '   ';
      }),
    );
    expect(error.message).toContain('snapshot.session.state.mod: is not a known field');
    expect(error.message).toContain('snapshot.session.proactive.preferences.enabled: must be a boolean');
    expect(error.message).toContain('snapshot.session.memory.episodes[0].id: must be an id of the form mem_');
    expect(error.message).toContain(
      'snapshot.session.state.participants[1].name: must be a string of 1 to 128',
    );
  });

  it('reports the first 20 issues of a document full of them, and how many more there are', () => {
    const error = failure(
      edited((s) => {
        for (const p of s.session.state.participants) p.rapport = 2;
        for (const e of s.session.memory.episodes) e.salience = 2;
        s.session.state.participants = Array.from({ length: 30 }, (_, i) => ({
          ...s.session.state.participants[0]!,
          id: `p${i}`,
        }));
      }),
    );
    const { issues } = error;
    expect(issues).toHaveLength(21);
    expect(issues[20]).toEqual({
      path: 'snapshot',
      message: expect.stringMatching(/^and \d+ more issues like these$/),
    });
  });

  it('bounds the lists: pending actions, memories past the settings', () => {
    const tooMany = edited((s) => {
      const action = s.session.proactive.pending[0]!;
      s.session.proactive.pending = [action, action, action, action];
    });
    expect(failure(tooMany).message).toContain(
      'snapshot.session.proactive.pending: must be a list of at most 3',
    );
    const overSettings = edited((s) => (s.session.memory.settings.max_episodes = 1));
    expect(failure(overSettings).message).toContain(
      `snapshot.session.memory.episodes: holds ${exported.session.memory.episodes.length} episodes, more than memory.settings.max_episodes (1)`,
    );
  });

  it('checks what the schema cannot: unique ids, a known speaker, episodes that name their people and past turns', () => {
    const error = failure(
      edited((s) => {
        const [first, second] = s.session.state.participants;
        second!.id = first!.id;
        s.session.state.speaker = 'u-nobody';
        s.session.memory.episodes[0]!.speaker = 'u-zed';
        s.session.memory.episodes[1]!.id = 'mem_zz';
      }),
    );
    expect(error.message).toContain(
      'snapshot.session.state.participants[1].id: repeats the id of participants [0]',
    );
    expect(error.message).toContain(
      'snapshot.session.state.speaker: must be the id of one of state.participants',
    );
    expect(error.message).toContain(
      'snapshot.session.memory.episodes[0].speaker: must be one of the episode’s participants',
    );
    expect(error.message).toContain(
      'snapshot.session.memory.episodes[1].id: names turn 1295, but state.turns is',
    );
  });

  it('refuses a newer version, naming the supported ones, and another format', () => {
    expect(failure({ ...exported, version: 2 }).message).toBe(
      'Invalid snapshot: snapshot.version: 2 is newer than this Limbic reads (supported: 1); upgrade Limbic to import it',
    );
    expect(failure({ ...exported, format: 'other' }).message).toContain(
      'snapshot.format: must be "limbic.session"',
    );
    expect(failure([]).message).toContain('snapshot: must be an object');
    expect(failure({ ...exported, version: 0.5 }).message).toContain(
      'snapshot.version: must be a whole number',
    );
  });
});

describe('the migration chain', () => {
  // A pretend version 2 that renamed `session.next_due_at` to `session.due_at`: version 1 documents reach it by the
  // chain, the same mechanism the first real format change will use.
  const v2 = {
    migrations: {
      1: (doc: Record<string, unknown>) => {
        const { next_due_at, ...session } = doc.session as Record<string, unknown>;
        return { ...doc, version: 2, session: { ...session, due_at: next_due_at } };
      },
    },
    current: 2,
  };

  it('runs every upgrade from the document’s version to the current one before validating', async () => {
    const { migrateSnapshot } = await import('./snapshot-migrations.js');
    const migrated = migrateSnapshot(exported, 'snapshot', v2) as {
      version: number;
      session: { due_at: unknown };
    };
    expect(migrated.version).toBe(2);
    expect(migrated.session.due_at).toBe(exported.session.next_due_at);
    // The result is validated by the current schema: here version 1's, which knows no `due_at`.
    expect(() => parseSessionSnapshot(exported, v2)).toThrow('snapshot.version: must be 1');
  });

  it('fails loudly when the chain lacks a step', async () => {
    const { migrateSnapshot } = await import('./snapshot-migrations.js');
    expect(() => migrateSnapshot(exported, 'snapshot', { migrations: {}, current: 2 })).toThrow(
      'No snapshot migration from version 1',
    );
  });

  it('is empty while version 1 is the only published version', async () => {
    const { snapshotMigrations } = await import('./snapshot-migrations.js');
    expect(Object.keys(snapshotMigrations)).toEqual([]);
  });
});

describe('snapshots of real sessions', () => {
  const extremes = [
    {
      goal_relevance: 1,
      goal_congruence: -1,
      expectedness: 0,
      controllability: 0,
      agency: 1,
      norm_compatibility: -1,
    },
    {
      goal_relevance: 1,
      goal_congruence: 1,
      expectedness: 0,
      controllability: 1,
      agency: -1,
      norm_compatibility: 1,
    },
    {
      goal_relevance: 0,
      goal_congruence: 0,
      expectedness: 1,
      controllability: 0.5,
      agency: 0,
      norm_compatibility: 0,
    },
  ];

  it('of every preset, after a crisis, a recovery and a long absence, are accepted by the import', async () => {
    const { presetIds } = await import('../persona/presets.js');
    const clock = createManualClock();
    const svc = snapshotTestService(createMemoryStore(), clock);
    for (const preset of presetIds) {
      const { sessionId } = await svc.createSession('o', { preset });
      for (let i = 0; i < 60; i++) {
        clock.advance(i % 7 === 0 ? 3 * 86_400_000 : 1000);
        const from = i % 3 === 0 ? undefined : { id: `p${i % 5}`, name: `Person ${i % 5}` };
        await svc.appraisalTurn('o', {
          sessionId,
          appraisal: extremes[i < 30 ? 0 : i % 3]!,
          ...(from ? { from } : {}),
          context: `turn ${i} with Person ${(i + 1) % 5}`,
        });
      }
      clock.advance(400 * 86_400_000);
      await svc.runDueChecks();
      const snapshot = JSON.parse(JSON.stringify(await svc.snapshots.export('o', sessionId)));
      expect(() => parseSessionSnapshot(snapshot), preset).not.toThrow();
    }
  });
});

describe('an exported snapshot', () => {
  it('is a copy: editing it changes neither the stored session nor its next export', async () => {
    const snapshot = await service.snapshots.export('owner-a', id);
    snapshot.session.persona.identity.name = 'Changed';
    snapshot.session.config.mood_pull = 0;
    snapshot.session.proactive.preferences.triggers.need_deficit = false;
    const again = await service.snapshots.export('owner-a', id);
    expect(JSON.parse(JSON.stringify(again))).toEqual(exported);
  });
});

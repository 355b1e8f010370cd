import { expect } from 'vitest';
import { createManualClock } from '../clock.js';
import {
  defaultMemorySettings,
  type MemoryEpisode,
  type MemorySettings,
  type MemoryState,
} from '../memory/episode.js';
import { createSeededRandom } from '../random.js';
import { createSessionService } from '../session/session-service.js';
import type { SessionRecord, SessionStore } from './session-store.js';

const texts = [
  'My dog Rex died. We used to walk in the park every morning.',
  'I got the job I wanted so badly!',
  'Mi abuela me enseñó a cocinar paella los domingos 🥘',
  '村上さんに駅で会いました。',
  null,
];

/**
 * A realistic episode for store tests: the `n`-th of a memory (id `mem_` + n in base 36, one minute after the one
 * before), every field filled, with `overrides` on top.
 */
export function makeTestEpisode(n: number, overrides: Partial<MemoryEpisode> = {}): MemoryEpisode {
  const text = texts[n % texts.length]!;
  const speaker = n % 3 === 0 ? null : n % 3 === 1 ? 'sam' : 'ana';
  return {
    id: `mem_${n.toString(36)}`,
    at: 1_767_225_600_000 + n * 60_000,
    text,
    cues: text === null ? [] : text.split(/\s+/).slice(0, 4),
    speaker,
    participants: speaker === null ? [] : n % 4 === 0 ? [speaker, 'bo'] : [speaker],
    appraisal: {
      goal_relevance: 0.9,
      goal_congruence: n % 2 === 0 ? -0.812 : 0.7,
      expectedness: 0.25,
      controllability: 0.1,
      agency: -0.333,
      norm_compatibility: 0,
    },
    feeling: { label: n % 2 === 0 ? 'sadness' : 'joy', V: -0.61, A: 0.42, D: -0.2, intensity: 0.57 },
    salience: 0.734,
    rehearsals: n % 5 === 0 ? [1_767_225_600_000 + n * 60_000 + 7_200_000] : [],
    ...overrides,
  };
}

/** A memory of `count` test episodes numbered from `from` (oldest first), with the given settings. */
export function makeTestMemory(
  count: number,
  from = 1,
  settings: MemorySettings = defaultMemorySettings,
): MemoryState {
  return { settings, episodes: Array.from({ length: count }, (_, i) => makeTestEpisode(from + i)) };
}

/** The next version of a record with another memory (or none). */
function withMemory(record: SessionRecord, memory: MemoryState | undefined): SessionRecord {
  const { memory: _, ...rest } = record;
  return memory === undefined
    ? { ...rest, version: record.version + 1 }
    : { ...rest, version: record.version + 1, memory };
}

/**
 * The memory part of the session store contract, registered by `describeSessionStoreContract`: memories come back
 * deep-equal through creates, replaces, failed compare-and-sets and deletes, and the service's forgetting of a
 * participant reaches the store. A serializing store may hand back episode objects it wrote or read before at the
 * same version (episodes are immutable); read through another connection to see what it stored.
 */
export function describeMemoryContract(
  it: (name: string, fn: () => Promise<void>) => void,
  withStore: (fn: (store: SessionStore) => Promise<void>) => Promise<void>,
  makeRecord: (overrides?: Partial<SessionRecord>) => SessionRecord,
): void {
  it('keeps a record’s memory, settings and episodes in order, exactly', () =>
    withStore(async (store) => {
      const settings = { enabled: true, store_text: false, max_episodes: 2000 };
      const record = makeRecord({ memory: makeTestMemory(60, 1, settings) });
      await store.create(record);
      const read = await store.get(record.id);
      expect(read).toEqual(record);
      expect(read?.memory?.episodes.map((e) => e.id)).toEqual(record.memory?.episodes.map((e) => e.id));
      expect((await store.list(record.owner, { limit: 10 })).find((r) => r.id === record.id)).toEqual(record);
      const [listed] = await store.list(record.owner, { limit: 10, memory: false });
      expect(listed).not.toHaveProperty('memory');
      const { memory: _, ...bare } = record;
      expect(listed).toEqual(bare);
    }));

  it('reads back a memory after each replace that adds, rehearses, rewrites and removes episodes', () =>
    withStore(async (store) => {
      let record = makeRecord({ memory: makeTestMemory(12) });
      await store.create(record);
      const steps: ((episodes: readonly MemoryEpisode[]) => MemoryEpisode[])[] = [
        // Add two at the end (a turn that encodes).
        (e) => [...e, makeTestEpisode(13), makeTestEpisode(14)],
        // Rehearse two: new objects with the same ids, in place.
        (e) =>
          e.map((x, i) =>
            i === 2 || i === 9 ? { ...x, rehearsals: [...x.rehearsals, 1_800_000_000_000] } : x,
          ),
        // Forget the weakest (anywhere) and add one (a turn past the bound).
        (e) => [...e.filter((_, i) => i !== 0 && i !== 5), makeTestEpisode(15)],
        // Forget a participant: several go at once.
        (e) => e.filter((x) => x.speaker !== 'sam'),
        // Text turned off: every episode rewritten.
        (e) => e.map((x) => ({ ...x, text: null, cues: [] })),
        // A new episode placed before kept ones, and a reordering.
        (e) => [makeTestEpisode(16), ...e.slice().reverse()],
        // Nothing changes: the same list.
        (e) => e as MemoryEpisode[],
        (e) => [...e.slice(3), makeTestEpisode(17)],
      ];
      for (const [i, step] of steps.entries()) {
        // Half of the steps plan on the record read back, half on the record written (as the service does).
        const base = i % 2 === 0 ? record : (await store.get(record.id))!;
        const next = withMemory(base, {
          settings: base.memory!.settings,
          episodes: step(base.memory!.episodes),
        });
        expect(await store.replace(next, base.version)).toBe(true);
        expect(await store.get(record.id)).toEqual(next);
        record = next;
      }
    }));

  it('leaves the memory as it was when a compare-and-set fails', () =>
    withStore(async (store) => {
      const record = makeRecord({ memory: makeTestMemory(5) });
      await store.create(record);
      const v2 = withMemory(record, makeTestMemory(6));
      expect(await store.replace(v2, 1)).toBe(true);
      const stale = withMemory(record, {
        ...makeTestMemory(3, 40),
        settings: { ...defaultMemorySettings, enabled: false },
      });
      expect(await store.replace(stale, 1)).toBe(false);
      expect(await store.get(record.id)).toEqual(v2);
      const v3 = withMemory(v2, {
        settings: v2.memory!.settings,
        episodes: [...v2.memory!.episodes, makeTestEpisode(7)],
      });
      expect(await store.replace(v3, 2)).toBe(true);
      expect(await store.get(record.id)).toEqual(v3);
    }));

  it('gives back a record without memory without it, and an empty memory as empty', () =>
    withStore(async (store) => {
      const bare = makeRecord();
      await store.create(bare);
      expect(await store.get(bare.id)).not.toHaveProperty('memory');
      const remembered = withMemory(bare, makeTestMemory(3));
      expect(await store.replace(remembered, 1)).toBe(true);
      const cleared = withMemory(remembered, undefined);
      expect(await store.replace(cleared, 2)).toBe(true);
      expect(await store.get(bare.id)).not.toHaveProperty('memory');
      const empty = withMemory(cleared, { settings: defaultMemorySettings, episodes: [] });
      expect(await store.replace(empty, 3)).toBe(true);
      expect((await store.get(bare.id))?.memory).toEqual({ settings: defaultMemorySettings, episodes: [] });
    }));

  it('deletes a session’s episodes with it', () =>
    withStore(async (store) => {
      const record = makeRecord({ memory: makeTestMemory(8) });
      await store.create(record);
      expect(await store.delete(record.owner, record.id)).toBe(true);
      // A new session under the same id finds none of them.
      const again = makeRecord({ id: record.id });
      await store.create(again);
      expect(await store.get(record.id)).not.toHaveProperty('memory');
    }));

  it('forgets every episode a participant appears in when the service forgets them', () =>
    withStore(async (store) => {
      const clock = createManualClock();
      const service = createSessionService({ store, clock, random: createSeededRandom(5) });
      try {
        const { sessionId } = await service.createSession('owner-a', { preset: 'cheerful_companion' });
        const say = (message: string, id: string) =>
          service.textTurn('owner-a', { sessionId, message, from: { id, name: id } });
        for (const [message, id] of [
          ['My dog Rex died. We used to walk in the park every morning.', 'sam'],
          ['I got the job I wanted so badly!', 'ana'],
          ['You are useless and stupid, I hate talking to you.', 'sam'],
          ['My grandmother is in hospital, I am so scared.', 'ana'],
        ] as const) {
          await say(message, id);
          clock.advance(3_600_000);
        }
        const involves = (e: MemoryEpisode, id: string) => e.speaker === id || e.participants.includes(id);
        const before = (await store.get(sessionId))!.memory!.episodes;
        expect(before.some((e) => involves(e, 'sam'))).toBe(true);
        expect(before.some((e) => involves(e, 'ana'))).toBe(true);
        await service.forgetParticipant('owner-a', sessionId, 'sam');
        const after = (await store.get(sessionId))!.memory!.episodes;
        expect(after.some((e) => involves(e, 'sam'))).toBe(false);
        expect(after).toEqual(before.filter((e) => !involves(e, 'sam')));
      } finally {
        service.stopWatching();
      }
    }));
}

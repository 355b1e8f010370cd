import { describe, expect, it } from 'vitest';
import { neutralAppraisal } from '../appraisal/appraisal.js';
import { memoryText } from '../prompt/memory-text.js';
import { cueSimilarity, cueWords } from './cues.js';
import { updateEpisodes } from './encode.js';
import type { MemoryEpisode } from './episode.js';
import { decayScaleMs, forgetFloor, rehearsalSpacingMs, rehearse, strengthAt } from './forgetting.js';
import { maxExpectationShift, maxReinstatement, maxSensitisation, memoryInfluence } from './influence.js';
import { minSimilarity, recallEpisodes, recallThreshold, retrievalScore } from './recall.js';

const hour = 3_600_000;
const day = 24 * hour;
const insult = { ...neutralAppraisal, goal_relevance: 0.9, goal_congruence: -0.9, agency: -0.8 };

function episode(n: number, overrides: Partial<MemoryEpisode> = {}): MemoryEpisode {
  const text = overrides.text === undefined ? `event number ${n} about topic${n % 37}` : overrides.text;
  return {
    id: `mem_${n.toString(36)}`,
    at: n * hour,
    text,
    cues: cueWords(text),
    speaker: null,
    participants: [],
    appraisal: neutralAppraisal,
    feeling: { label: 'calm', V: 0, A: 0.5, D: 0, intensity: 0.1 },
    salience: 0.5,
    rehearsals: [],
    ...overrides,
  };
}

describe('cue words', () => {
  it('keeps content words, stems English endings, and drops function words', () => {
    expect(cueWords('My dog Rex died. We walked in the park every morning!')).toEqual([
      'dog',
      'rex',
      'died',
      'walk',
      'park',
      'morn',
    ]);
    expect(cueWords("I'm walking to the parks")).toEqual(['walk', 'park']);
  });

  it('gives character pairs for Japanese and Chinese, and nothing for no text', () => {
    expect(cueWords('犬が死んだ')).toEqual(['犬が', 'が死', '死ん', 'んだ']);
    expect(cueWords(null)).toEqual([]);
  });

  it('measures the cosine of two cue sets', () => {
    expect(cueSimilarity(new Set(['park']), ['dog', 'park', 'rex', 'walk'])).toBeCloseTo(0.5);
    expect(cueSimilarity(new Set(['cat']), ['dog'])).toBe(0);
  });
});

describe('forgetting', () => {
  it('decays by a power law, more slowly for salient episodes', () => {
    const dull = episode(0, { salience: 0.1 });
    const vivid = episode(0, { salience: 1 });
    expect(strengthAt(dull, 0)).toBe(1);
    expect(strengthAt(dull, decayScaleMs)).toBeLessThan(strengthAt(vivid, decayScaleMs));
    // Power law, not exponential: the loss from day 1 to 2 is larger than from day 10 to 11.
    const s = (t: number) => strengthAt(vivid, t);
    expect(s(day) - s(2 * day)).toBeGreaterThan(s(10 * day) - s(11 * day));
    expect(strengthAt(dull, 365 * day)).toBeLessThan(forgetFloor);
  });

  it('rehearses only spaced recalls, and a rehearsed episode outlasts an unrehearsed one', () => {
    const e = episode(0, { salience: 0.6 });
    expect(rehearse(e, rehearsalSpacingMs / 2)).toBe(e);
    let r = e;
    for (const t of [1, 3, 7, 14, 30]) r = rehearse(r, t * day);
    expect(r.rehearsals).toHaveLength(5);
    expect(strengthAt(r, 60 * day)).toBeGreaterThan(forgetFloor);
    expect(strengthAt(e, 60 * day)).toBeLessThan(strengthAt(r, 60 * day));
  });
});

describe('recall', () => {
  const now = 2000 * hour;

  it('finds with the cue index exactly what a scan of every episode finds', () => {
    const episodes = Array.from({ length: 1000 }, (_, i) => episode(i + 1000, { salience: (i % 10) / 10 }));
    const cue = { cues: ['topic5', 'number'], speaker: null, mood: 0, now };
    const query = new Set(cue.cues);
    const scanned = episodes
      .map((e, index) => {
        const similarity = cueSimilarity(query, e.cues);
        const strength = strengthAt(e, now);
        return {
          episode: e,
          index,
          strength,
          similarity,
          score: retrievalScore(e, strength, similarity, cue),
        };
      })
      .filter((r) => r.similarity >= minSimilarity && r.strength >= forgetFloor && r.score >= recallThreshold)
      .sort((x, y) => y.score - x.score || y.episode.at - x.episode.at)
      .slice(0, 10);
    expect(scanned.length).toBe(10);
    expect(recallEpisodes(episodes, cue, 10)).toEqual(scanned);
  });

  it('needs a shared cue, prefers the same person and a congruent mood, and keeps the best three', () => {
    const sad = episode(1, {
      text: 'the park closed',
      feeling: { label: 'sadness', V: -0.6, A: 0.4, D: -0.2, intensity: 0.6 },
    });
    const glad = episode(2, {
      text: 'the park opened',
      feeling: { label: 'joy', V: 0.6, A: 0.6, D: 0.2, intensity: 0.6 },
    });
    const cue = { cues: ['park'], speaker: null, mood: -0.8, now: 3 * hour };
    expect(recallEpisodes([glad, sad], cue).map((r) => r.episode.id)).toEqual([sad.id, glad.id]);
    expect(recallEpisodes([glad, sad], { ...cue, cues: ['beach'] })).toEqual([]);
    const many = Array.from({ length: 10 }, (_, i) => episode(i, { text: 'park' }));
    expect(recallEpisodes(many, cue)).toHaveLength(3);
  });
});

describe('influence', () => {
  it('bounds sensitisation, the expectation shift and the reinstated feeling', () => {
    const offences = Array.from({ length: 50 }, (_, i) => episode(i, { appraisal: insult, speaker: 'sam' }));
    const recalled = offences.slice(0, 3).map((e, index) => ({
      episode: { ...e, feeling: { ...e.feeling, V: -1, A: 1, D: -1 } },
      index,
      strength: 5,
      similarity: 1,
      score: 1,
    }));
    const now = 51 * hour;
    const base = { V: 0, a: 0, D: 0 };
    const influence = memoryInfluence(offences, insult, 'sam', recalled, base, now)!;
    expect(influence.gain).toBeGreaterThan(1.4);
    expect(influence.gain).toBeLessThanOrEqual(1 + maxSensitisation);
    expect(influence.expectation!.weight).toBeLessThanOrEqual(maxExpectationShift);
    for (const x of Object.values(influence.reinstate))
      expect(Math.abs(x)).toBeLessThanOrEqual(maxReinstatement);
    // Someone else's first offence is not sensitised.
    expect(memoryInfluence(offences, insult, 'ana', [], base, now)!.gain).toBe(1);
  });
});

describe('influence through a chain of lists', () => {
  it('is the same on a list made from the one before as on the same episodes in a new list', () => {
    let seed = 11;
    const next = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const randomAppraisal = () => ({
      goal_relevance: next(),
      goal_congruence: next() * 2 - 1,
      expectedness: next(),
      controllability: next(),
      agency: next() * 2 - 1,
      norm_compatibility: next() * 2 - 1,
    });
    const now = 30 * day;
    const base = { V: 0, a: 0, D: 0 };
    let list: readonly MemoryEpisode[] = Array.from({ length: 120 }, (_, i) =>
      episode(i, { at: now - Math.floor(next() * 20 * day), appraisal: randomAppraisal(), speaker: 'sam' }),
    );
    for (let step = 0; step < 150; step++) {
      const recalled = [0, 1].map(() => {
        const index = Math.floor(next() * list.length);
        return { episode: list[index]!, index, strength: 1, similarity: 0.5, score: 0 };
      });
      const added = episode(500 + step, {
        at: now,
        appraisal: randomAppraisal(),
        speaker: next() < 0.5 ? 'sam' : null,
      });
      list = updateEpisodes(list, recalled, next() < 0.8 ? added : null, 100, now + step * 2 * hour);
      const probe = { ...randomAppraisal(), goal_congruence: -0.8, agency: -0.7 };
      const at = now + step * 2 * hour + hour;
      expect(memoryInfluence(list, probe, 'sam', [], base, at)).toEqual(
        memoryInfluence(list.slice(), probe, 'sam', [], base, at),
      );
    }
  });
});

describe('bounds', () => {
  it('drops the weakest past the bound and keeps the list when nothing changed', () => {
    const now = 100 * day;
    const episodes = Array.from({ length: 5 }, (_, i) =>
      episode(i, { at: now - (5 - i) * hour, salience: i === 2 ? 1 : 0.2 }),
    );
    expect(updateEpisodes(episodes, [], null, 5, now)).toBe(episodes);
    const added = episode(99, { at: now });
    const next = updateEpisodes(episodes, [], added, 5, now);
    expect(next).toHaveLength(5);
    expect(next).toContain(added);
    expect(next).not.toContain(episodes[0]);
  });

  it('drops exactly the forgotten and the weakest, as computing every strength would', () => {
    // The rule without its shortcut: every strength computed, the forgotten dropped, then the weakest past `max`.
    const reference = (list: readonly MemoryEpisode[], added: MemoryEpisode, max: number, now: number) => {
      const kept = [...list.filter((e) => strengthAt(e, now) >= forgetFloor), added];
      const order = kept
        .map((e, i) => ({ i, s: e === added ? 1 : strengthAt(e, now) }))
        .sort((x, y) => x.s - y.s || x.i - y.i);
      const drop = new Set(order.slice(0, Math.max(0, kept.length - max)).map((o) => o.i));
      return kept.filter((_, i) => !drop.has(i)).map((e) => e.id);
    };
    let seed = 7;
    const next = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const now = 400 * day;
    for (let round = 0; round < 120; round++) {
      // Ages from minutes to a year, so some are long forgotten, some near the floor, some surely remembered; every
      // other round all within two days, where salience and rehearsal decide which is weakest.
      const span = round % 2 ? 2 * day : 365 * day;
      const list = Array.from({ length: 40 }, (_, i) => {
        const at = now - Math.floor(next() ** 3 * span);
        const rehearsals = next() < 0.3 ? [Math.min(now, at + Math.floor(next() * 60 * day))] : [];
        return episode(i, { at, salience: next(), rehearsals });
      });
      const added = episode(1000 + round, { at: now });
      for (const max of [5, 20, 39, 40, 60]) {
        expect(updateEpisodes(list, [], added, max, now).map((e) => e.id)).toEqual(
          reference(list, added, max, now),
        );
      }
    }
  });
});

describe('memory text', () => {
  it('says when, relative to now, in three languages', () => {
    const now = Date.UTC(2026, 0, 15, 12); // a Thursday
    const at = (days: number) => now - days * day;
    expect(memoryText.en.when(now - 10 * 60_000, now)).toBe('A little while ago');
    expect(memoryText.en.when(at(1), now)).toBe('Yesterday');
    expect(memoryText.en.when(at(2), now)).toBe('Last Tuesday');
    expect(memoryText.en.when(at(9), now)).toBe('Last week');
    expect(memoryText.en.when(at(21), now)).toBe('3 weeks ago');
    expect(memoryText.en.when(at(100), now)).toBe('3 months ago');
    expect(memoryText.es.when(at(2), now)).toBe('El martes pasado');
    expect(memoryText.ja.when(at(2), now)).toBe('この前の火曜日');
  });
});

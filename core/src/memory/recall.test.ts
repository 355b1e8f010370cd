import { describe, expect, it } from 'vitest';
import { createSeededRandom } from '../random.js';
import { cueIndexOf, maxTail, noteDerived } from './cue-index.js';
import { cueSimilarity } from './cues.js';
import type { MemoryEpisode } from './episode.js';
import { forgetFloor, strengthAt } from './forgetting.js';
import {
  minSimilarity,
  type RecallCue,
  type Recalled,
  recallEpisodes,
  recallThreshold,
  retrievalScore,
} from './recall.js';

/** Recall as the module's equation states it, without an index or any shortcut: what the real one must return. */
function reference(episodes: readonly MemoryEpisode[], cue: RecallCue, limit = 3): Recalled[] {
  const query = new Set(cue.cues);
  const found: Recalled[] = [];
  episodes.forEach((episode, index) => {
    const similarity = cueSimilarity(query, episode.cues);
    if (similarity === 0 || similarity < minSimilarity) return;
    const strength = strengthAt(episode, cue.now);
    if (strength < forgetFloor) return;
    const score = retrievalScore(episode, strength, similarity, cue);
    if (score >= recallThreshold) found.push({ episode, index, strength, similarity, score });
  });
  found.sort((x, y) => y.score - x.score || y.episode.at - x.episode.at);
  return found.slice(0, limit);
}

const now = 1_800_000_000_000;

function makeEpisodes(count: number, words: readonly string[], seed: number): MemoryEpisode[] {
  const random = createSeededRandom(seed);
  const pick = () => words[Math.floor(random.next() * words.length)]!;
  return Array.from({ length: count }, (_, i) => {
    const cues = [...new Set(Array.from({ length: 1 + Math.floor(random.next() * 8) }, pick))];
    const at = now - Math.floor(random.next() * 20 * 86_400_000);
    return {
      id: `mem_${i.toString(36)}`,
      at,
      text: cues.join(' '),
      cues,
      speaker: random.next() < 0.5 ? 'sam' : null,
      participants: [],
      appraisal: {
        goal_relevance: 0.5,
        goal_congruence: 0,
        expectedness: 0.5,
        controllability: 0.5,
        agency: 0,
        norm_compatibility: 0,
      },
      feeling: { label: 'joy', V: random.next() * 2 - 1, A: 0.5, D: 0, intensity: 0.5 },
      salience: random.next(),
      rehearsals: random.next() < 0.3 ? [at + 3_600_000] : [],
    };
  });
}

describe('recallEpisodes', () => {
  const words = Array.from({ length: 60 }, (_, i) => `word${i}`);

  it('returns what the equation gives, for short and long lists, with ties broken by recency', () => {
    const random = createSeededRandom(9);
    for (const count of [5, 47, 48, 300, 1000]) {
      const episodes = makeEpisodes(count, words, count);
      for (let q = 0; q < 40; q++) {
        const cues = Array.from({ length: 1 + Math.floor(random.next() * 6) }, () => words[q % 60]!);
        cues.push(words[Math.floor(random.next() * 60)]!, 'unknownword');
        const cue = { cues, speaker: q % 2 ? 'sam' : null, mood: random.next() * 2 - 1, now };
        expect(recallEpisodes(episodes, cue)).toEqual(reference(episodes, cue));
        expect(recallEpisodes(episodes, cue, 10)).toEqual(reference(episodes, cue, 10));
      }
    }
  });

  it('stays right for a list that changed, and for one recalled again', () => {
    const episodes = makeEpisodes(400, words, 1);
    const cue = { cues: ['word1', 'word2', 'word3'], speaker: 'sam', mood: 0.3, now };
    expect(recallEpisodes(episodes, cue)).toEqual(reference(episodes, cue));
    const changed = [...episodes.slice(7), ...makeEpisodes(5, ['word1', 'word2', 'fresh'], 2)];
    expect(recallEpisodes(changed, cue)).toEqual(reference(changed, cue));
    expect(recallEpisodes(episodes, cue)).toEqual(reference(episodes, cue));
  });

  it('stays right when the vocabulary of cue words starts over', () => {
    const old = makeEpisodes(300, words, 3);
    const cue = { cues: ['word4', 'word5'], speaker: null, mood: 0, now };
    expect(recallEpisodes(old, cue)).toEqual(reference(old, cue));
    // 288,000 new words, more than the vocabulary keeps.
    for (let round = 0; round < 12; round++) {
      const list = makeEpisodes(2000, words, round).map((e, i) => {
        const cues = Array.from({ length: 12 }, (_, k) => `r${round}e${i}c${k}`);
        return { ...e, text: cues.join(' '), cues };
      });
      const probe = { cues: ['r0e5c1', `r${round}e5c1`, `r${round}e9c3`], speaker: 'sam', mood: 0, now };
      expect(recallEpisodes(list, probe)).toEqual(reference(list, probe));
    }
    expect(recallEpisodes(old, cue)).toEqual(reference(old, cue));
  });

  it('stays right through a chain of lists each made from the one before, derived or built anew', () => {
    const random = createSeededRandom(11);
    let list: readonly MemoryEpisode[] = makeEpisodes(300, words, 5);
    let derivedSeen = 0;
    let builtSeen = 0;
    let fresh = 0;
    for (let step = 0; step < 400; step++) {
      const next = list.slice();
      // Rehearse a few in place (a copy keeping its cue list), drop a few, append some.
      for (let k = 0; k < 3; k++) {
        const i = Math.floor(random.next() * next.length);
        next[i] = { ...next[i]!, rehearsals: [...next[i]!.rehearsals, now - 1000] };
      }
      if (random.next() < 0.3) next.splice(Math.floor(random.next() * next.length), 1);
      const added = makeEpisodes(Math.floor(random.next() * 3), words, 1000 + step).map((e) => ({
        ...e,
        id: `new_${fresh++}`,
      }));
      next.push(...added);
      // Now and then a list that is not what the note says (an episode inserted in the middle).
      if (step % 97 === 50) next.splice(10, 0, makeEpisodes(1, words, 7 + step)[0]!);
      noteDerived(next, list);
      list = next;
      const cue = {
        cues: [words[step % 60]!, words[(7 * step) % 60]!, words[(13 * step) % 60]!],
        speaker: step % 2 ? 'sam' : null,
        mood: random.next() * 2 - 1,
        now,
      };
      expect(recallEpisodes(list, cue, 3)).toEqual(reference(list, cue, 3));
      expect(recallEpisodes(list, cue, list.length)).toEqual(reference(list, cue, list.length));
      const index = cueIndexOf(list);
      expect(index.tail.length).toBeLessThanOrEqual(maxTail);
      if (index.moved === null) builtSeen++;
      else derivedSeen++;
    }
    // Most lists are derived; every so often (the tail full, or a list not as noted) one is built.
    expect(derivedSeen).toBeGreaterThan(300);
    expect(builtSeen).toBeGreaterThan(10);
  });
});

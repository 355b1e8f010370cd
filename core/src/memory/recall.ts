import { cueIndexOf, slotOfWord } from './cue-index.js';
import type { MemoryEpisode } from './episode.js';
import { forgetFloor, strengthIn, strengthsOf } from './forgetting.js';

/**
 * Recall (docs/memory.md, "Recall"): which episodes come back to mind at a turn. An episode's retrieval score is its
 * base-level activation (log strength, ACT-R; Anderson & Schooler 1991) plus the cues that spread to it:
 *
 *   score = ln(strength) + 2·similarity + 0.5·[same person] + 0.3·V_mood·V_episode
 *
 * where similarity is the cosine of the two texts' cue words, and the last term is mood congruence: a sad character
 * recalls sad episodes more readily (Bower 1981; Eich 1995). An episode is recalled when the text shares a cue with
 * it (similarity ≥ {@link minSimilarity}) and its score reaches {@link recallThreshold}; the best
 * {@link recallLimit} are kept.
 */

/** Most episodes recalled per turn. */
export const recallLimit = 3;
/** Least cue similarity for an episode to come back. */
export const minSimilarity = 0.15;
/** Least retrieval score. */
export const recallThreshold = -1.5;

/** What a turn offers memory as cues. */
export interface RecallCue {
  /** Cue words of the turn's text. */
  cues: readonly string[];
  /** The participant speaking, or null for the default person. */
  speaker: string | null;
  /** The character's mood valence now, in [-1, 1]. */
  mood: number;
  /** Engine-clock time of the turn (ms). */
  now: number;
}

/** An episode that came back to mind, with why. */
export interface Recalled {
  episode: MemoryEpisode;
  /** Position of the episode in the memory's list. */
  index: number;
  strength: number;
  similarity: number;
  score: number;
}

// Scratch space of recallEpisodes, reused by every call (it runs to completion, so calls never overlap): the cues
// each episode shares with the turn, by position, and the positions that share any, in the order first found.
let sharedCues = new Uint16Array(256);
let found = new Int32Array(256);
let similarities = new Float64Array(256);

/**
 * Counts the cues each episode shares with the query into `sharedCues` through the list's cue index, listing the
 * positions that share any in `found`; returns how many.
 */
function countShared(episodes: readonly MemoryEpisode[], query: ReadonlySet<string>): number {
  if (sharedCues.length < episodes.length) {
    sharedCues = new Uint16Array(2 * episodes.length);
    found = new Int32Array(2 * episodes.length);
  }
  const index = cueIndexOf(episodes);
  let count = 0;
  const { table, postings, moved } = index;
  for (const word of query) {
    const slot = slotOfWord(index, word);
    if (slot < 0) continue;
    const start = table[3 * slot + 1]!;
    for (let k = start, end = start + table[3 * slot + 2]!; k < end; k++) {
      const i = moved === null ? postings[k]! : moved[postings[k]!]!;
      if (i < 0) continue;
      const before = sharedCues[i]!;
      sharedCues[i] = before + 1;
      if (before === 0) found[count++] = i;
    }
  }
  // The episodes added since the index was built: their cues, looked up in the query.
  for (const i of index.tail) {
    let shared = 0;
    for (const cue of episodes[i]!.cues) if (query.has(cue)) shared++;
    if (shared === 0) continue;
    sharedCues[i] = shared;
    found[count++] = i;
  }
  return count;
}

/** Whether `x` ranks before `y`: a higher score, then the more recent episode, then the earlier in the list. */
function ranksBefore(x: Recalled, y: Recalled): boolean {
  if (x.score !== y.score) return x.score > y.score;
  return x.episode.at > y.episode.at || (x.episode.at === y.episode.at && x.index < y.index);
}

/** Puts `r` into `best` (ranked, at most `limit`), in the order of {@link ranksBefore} whatever order they come in. */
function keepBest(best: Recalled[], r: Recalled, limit: number): void {
  let at = best.length;
  while (at > 0 && ranksBefore(r, best[at - 1]!)) at--;
  if (at >= limit) return;
  best.splice(at, 0, r);
  if (best.length > limit) best.pop();
}

/** The retrieval score of one episode for a cue (see the module's equation). */
export function retrievalScore(
  episode: MemoryEpisode,
  strength: number,
  similarity: number,
  cue: RecallCue,
): number {
  const samePerson = episode.speaker === cue.speaker ? 0.5 : 0;
  return Math.log(strength) + 2 * similarity + samePerson + 0.3 * cue.mood * episode.feeling.V;
}

/**
 * The episodes a turn brings back to mind, best first, at most `limit`. Pure. Only the episodes that share a cue
 * with the turn are scored, found through the list's cue index (cue-index.ts), which is built once per list: on the
 * development machine about 40 µs at 1,000 episodes, about 120 µs when the list is new (`npm run bench:memory`).
 */
export function recallEpisodes(
  episodes: readonly MemoryEpisode[],
  cue: RecallCue,
  limit = recallLimit,
): Recalled[] {
  if (episodes.length === 0 || cue.cues.length === 0 || limit <= 0) return [];
  const query = new Set(cue.cues);
  const count = countShared(episodes, query);
  if (similarities.length < count) similarities = new Float64Array(2 * count);
  // The similarity of each episode found (cheap: from the count of shared cues, as cues are unique within an
  // episode), and the best of them.
  let top = 0;
  for (let k = 0; k < count; k++) {
    const index = found[k]!;
    const similarity = sharedCues[index]! / Math.sqrt(query.size * episodes[index]!.cues.length);
    sharedCues[index] = 0;
    similarities[k] = similarity;
    if (similarity > top) top = similarity;
  }
  // Strength is what costs. The most similar come first, so the best kept fill early; then any episode whose score
  // could not rank among them even at its greatest strength (each trace is at most 1) is passed over unweighed.
  const best: Recalled[] = [];
  const strengths = strengthsOf(episodes, cue.now);
  for (let sweep = 0; sweep < 2; sweep++) {
    for (let k = 0; k < count; k++) {
      const similarity = similarities[k]!;
      if (similarity < minSimilarity || similarity >= top - firstSweep === (sweep === 1)) continue;
      const index = found[k]!;
      const episode = episodes[index]!;
      const bound = retrievalScore(episode, 1, similarity, cue) + logTraces(episode.rehearsals.length);
      if (bound < recallThreshold || (best.length === limit && bound + 1e-9 < best[limit - 1]!.score))
        continue;
      const strength = strengthIn(strengths, episodes, index, cue.now);
      if (strength < forgetFloor) continue;
      const score = retrievalScore(episode, strength, similarity, cue);
      if (score >= recallThreshold) keepBest(best, { episode, index, strength, similarity, score }, limit);
    }
  }
  return best;
}

/** Episodes within this much similarity of the most similar are weighed first. */
const firstSweep = 0.25;
const logs = Array.from({ length: 16 }, (_, r) => Math.log(1 + r));

/** ln(1 + r): the log of the greatest strength of an episode recalled `r` times. */
function logTraces(r: number): number {
  return r < logs.length ? logs[r]! : Math.log(1 + r);
}

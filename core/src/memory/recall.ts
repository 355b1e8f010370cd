import type { Appraisal } from '../appraisal/appraisal.js';
import { cueSimilarity } from './cues.js';
import type { MemoryEpisode } from './episode.js';
import { forgetFloor, strengthAt } from './forgetting.js';

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
/** Episodes below which recall scans the list instead of building a cue index. */
const indexFrom = 48;

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

type CueIndex = Map<string, number[]>;
const indexes = new WeakMap<readonly MemoryEpisode[], CueIndex>();

/** The cue index of an episode list, built once per list (lists are immutable, so it stays valid). */
function cueIndex(episodes: readonly MemoryEpisode[]): CueIndex {
  let index = indexes.get(episodes);
  if (index === undefined) {
    index = new Map();
    for (let i = 0; i < episodes.length; i++) {
      for (const cue of episodes[i]!.cues) {
        const list = index.get(cue);
        if (list === undefined) index.set(cue, [i]);
        else list.push(i);
      }
    }
    indexes.set(episodes, index);
  }
  return index;
}

/** Positions of the episodes that share at least one cue with the turn. */
function candidates(episodes: readonly MemoryEpisode[], query: ReadonlySet<string>): Iterable<number> {
  if (episodes.length < indexFrom) return episodes.keys();
  const index = cueIndex(episodes);
  const out = new Set<number>();
  for (const cue of query) {
    const list = index.get(cue);
    if (list !== undefined) for (const i of list) out.add(i);
  }
  return out;
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

/** The episodes a turn brings back to mind, best first, at most `limit`. Pure; about 10 µs at 1,000 episodes. */
export function recallEpisodes(
  episodes: readonly MemoryEpisode[],
  cue: RecallCue,
  limit = recallLimit,
): Recalled[] {
  if (episodes.length === 0 || cue.cues.length === 0) return [];
  const query = new Set(cue.cues);
  const found: Recalled[] = [];
  for (const index of candidates(episodes, query)) {
    const episode = episodes[index]!;
    const similarity = cueSimilarity(query, episode.cues);
    if (similarity < minSimilarity) continue;
    const strength = strengthAt(episode, cue.now);
    if (strength < forgetFloor) continue;
    const score = retrievalScore(episode, strength, similarity, cue);
    if (score >= recallThreshold) found.push({ episode, index, strength, similarity, score });
  }
  found.sort((x, y) => y.score - x.score || y.episode.at - x.episode.at);
  return found.length > limit ? found.slice(0, limit) : found;
}

/**
 * How alike two appraisals are, in [0, 1]: 1 − d/0.25 for d the root-mean-square difference of the six dimensions,
 * each over its range (2 for the signed ones); 0 from a quarter of the range apart on average.
 */
export function appraisalSimilarity(x: Appraisal, y: Appraisal): number {
  const r = x.goal_relevance - y.goal_relevance;
  const g = (x.goal_congruence - y.goal_congruence) / 2;
  const e = x.expectedness - y.expectedness;
  const c = x.controllability - y.controllability;
  const a = (x.agency - y.agency) / 2;
  const n = (x.norm_compatibility - y.norm_compatibility) / 2;
  return Math.max(0, 1 - Math.sqrt((r * r + g * g + e * e + c * c + a * a + n * n) / 6) / 0.25);
}

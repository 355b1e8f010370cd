import type { Appraisal } from '../appraisal/appraisal.js';
import type { MemoryInfluence } from '../engine/apply-turn.js';
import type { EmotionLabel } from '../labels/emotion-label.js';
import type { Vec3 } from '../persona/engine-params.js';
import { cueWords } from './cues.js';
import { encodeThreshold, salienceOf, toEpisode, updateEpisodes } from './encode.js';
import type { MemoryState } from './episode.js';
import { memoryInfluence } from './influence.js';
import { type Recalled, recallEpisodes } from './recall.js';

/** What memory brings to a turn before it is felt. */
export interface TurnRecall {
  recalled: Recalled[];
  influence: MemoryInfluence | null;
}

/** What a turn offers memory before it is felt. */
export interface RecallInput {
  /** The turn's text (message, event or context), for its cue words. */
  text: string | null;
  speaker: string | null;
  appraisal: Appraisal;
  /** Mood valence now, in [-1, 1]. */
  mood: number;
  baseline: Vec3;
  now: number;
}

/** Recall and influence of one turn; nothing when memory is off or empty. */
export function recallForTurn(memory: MemoryState, input: RecallInput): TurnRecall {
  const { episodes } = memory;
  if (!memory.settings.enabled || episodes.length === 0) return { recalled: [], influence: null };
  const cue = { cues: cueWords(input.text), speaker: input.speaker, mood: input.mood, now: input.now };
  const recalled = recallEpisodes(episodes, cue);
  const influence = memoryInfluence(
    episodes,
    input.appraisal,
    input.speaker,
    recalled,
    input.baseline,
    input.now,
  );
  return { recalled, influence };
}

/** What a felt turn offers memory to encode. */
export interface EncodeInput {
  turn: number;
  now: number;
  /** A summary given with the turn, else its text. */
  text: string | null;
  speaker: string | null;
  /** The participants the episode involves, given its cue words (called only when the turn becomes an episode). */
  participants: (cues: readonly string[]) => string[];
  appraisal: Appraisal;
  /** The event's intensity and its (witness-weighted) goal relevance. */
  eventIntensity: number;
  relevance: number;
  label: EmotionLabel;
  /** Exposed V, A, D and intensity after the turn. */
  V: number;
  A: number;
  D: number;
  intensity: number;
}

/** Cue similarity from which a turn by the same person retells a recalled episode instead of adding one. */
export const repetitionSimilarity = 0.75;

/** The memory after a turn, and the id of the episode the turn became (null when it did not matter enough). */
export function rememberTurn(
  memory: MemoryState,
  recall: TurnRecall,
  input: EncodeInput,
): { memory: MemoryState; encoded: string | null } {
  if (!memory.settings.enabled) return { memory, encoded: null };
  const salience = salienceOf(input.eventIntensity, input.relevance);
  // Telling the same thing again rehearses the episode it recalled rather than storing a copy.
  const repeated = recall.recalled.some(
    (r) => r.similarity >= repetitionSimilarity && r.episode.speaker === input.speaker,
  );
  const episode =
    salience >= encodeThreshold && !repeated
      ? toEpisode({ ...input, at: input.now, salience }, memory.settings.store_text, input.participants)
      : null;
  const episodes = updateEpisodes(
    memory.episodes,
    recall.recalled,
    episode,
    memory.settings.max_episodes,
    input.now,
  );
  const next = episodes === memory.episodes ? memory : { settings: memory.settings, episodes };
  const kept = episode !== null && episodes[episodes.length - 1] === episode;
  return { memory: next, encoded: kept ? episode.id : null };
}

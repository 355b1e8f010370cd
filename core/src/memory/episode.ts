import type { Appraisal } from '../appraisal/appraisal.js';
import type { EmotionLabel } from '../labels/emotion-label.js';

/** How the character felt right after an episode: its label and the exposed V/A/D and intensity (two decimals). */
export interface EpisodeFeeling {
  label: EmotionLabel;
  /** Valence in [-1, 1]. */
  V: number;
  /** Arousal in [0, 1]. */
  A: number;
  /** Dominance in [-1, 1]. */
  D: number;
  intensity: number;
}

/**
 * One remembered event (docs/memory.md): what happened, who was there, how it was appraised and felt, how salient it
 * was, and when it was encoded and recalled (its strength is computed from those times, never stored).
 */
export interface MemoryEpisode {
  /** `mem_` and the base-36 number of the turn that encoded it: unique within its session, never reused. */
  id: string;
  /** Engine-clock time (ms) of the turn. */
  at: number;
  /**
   * What happened: an operator-given summary, else the message or event text, one line of at most
   * {@link maxEpisodeText} characters; null when the session keeps no text (`store_text: false`) or the turn had none.
   */
  text: string | null;
  /** Content words of the text that cue recall (empty without text). */
  cues: string[];
  /** The participant who spoke, or null for the default person (turns without `from`). */
  speaker: string | null;
  /** Every participant the episode involves (speaker and addressee): forgetting one of them deletes the episode. */
  participants: string[];
  /** The event's appraisal, three decimals. */
  appraisal: Appraisal;
  feeling: EpisodeFeeling;
  /** How much it mattered, in [0, 1]: from the event's intensity and goal relevance. */
  salience: number;
  /** Engine-clock times (ms) of the spaced recalls that count as rehearsal, oldest first, at most {@link maxTraces}. */
  rehearsals: number[];
}

/** A session's memory settings. */
export interface MemorySettings {
  /** Whether turns are remembered and recalled at all. Default true. */
  enabled: boolean;
  /** Whether an episode keeps the text of what happened (false: only its appraisal, feeling and people). */
  store_text: boolean;
  /** Most episodes kept; past it the weakest go first. Default {@link defaultMaxEpisodes}. */
  max_episodes: number;
}

/** A session's memory: its settings and episodes, oldest first. Immutable like the record that holds it. */
export interface MemoryState {
  settings: MemorySettings;
  episodes: readonly MemoryEpisode[];
}

/** Episodes a session keeps unless its settings say otherwise. */
export const defaultMaxEpisodes = 500;
/** The most episodes a session may be configured to keep. */
export const maxEpisodesLimit = 2000;
/** Longest episode text kept, in characters. */
export const maxEpisodeText = 280;
/** Most memory traces (the encoding plus rehearsals) an episode keeps: older rehearsals are folded away. */
export const maxTraces = 8;

/** The settings of a new session. */
export const defaultMemorySettings: MemorySettings = Object.freeze({
  enabled: true,
  store_text: true,
  max_episodes: defaultMaxEpisodes,
});

/** The memory of a new session, and of records written before memory existed. */
export const emptyMemory: MemoryState = Object.freeze({
  settings: defaultMemorySettings,
  episodes: Object.freeze([]) as readonly MemoryEpisode[],
});

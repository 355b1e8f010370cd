import type { Appraisal } from '../appraisal/appraisal.js';
import type { EmotionLabel } from '../labels/emotion-label.js';
import { toSingleLine } from '../prompt/text.js';
import { round } from '../util/math.js';
import { noteDerived } from './cue-index.js';
import { cueWords } from './cues.js';
import { type MemoryEpisode, type MemoryState, maxEpisodeText } from './episode.js';
import {
  decayScaleMs,
  forgetFloor,
  lastTrace,
  maxDecay,
  rehearse,
  strengthAt,
  strengthIn,
  strengthsOf,
  surelyRememberedMs,
} from './forgetting.js';
import type { Recalled } from './recall.js';

/**
 * Encoding (docs/memory.md, "Episodes"): a turn that mattered becomes an episode. Salience follows the event's
 * intensity and its goal relevance, as emotional arousal at encoding strengthens memory (McGaugh 2004) and emotional
 * events are remembered with more vividness and confidence (Talarico & Rubin 2003):
 *
 *   salience = 0.6·intensity + 0.4·goal_relevance,   encoded when salience ≥ {@link encodeThreshold}
 */

/** Least salience for a turn to become an episode. */
export const encodeThreshold = 0.3;

/** The salience of an event from its intensity and (witness-weighted) goal relevance, in [0, 1]. */
export function salienceOf(intensity: number, relevance: number): number {
  return Math.min(1, Math.max(0, 0.6 * intensity + 0.4 * relevance));
}

/** What a turn contributes to a new episode. */
export interface EpisodeInput {
  /** The turn number (the state's `turns` after it): the episode id's number. */
  turn: number;
  at: number;
  /** What happened: a summary, else the turn's text, else null. */
  text: string | null;
  speaker: string | null;
  appraisal: Appraisal;
  label: EmotionLabel;
  /** Exposed V, A, D and intensity after the turn. */
  V: number;
  A: number;
  D: number;
  intensity: number;
  salience: number;
}

/** An episode text: one line of at most {@link maxEpisodeText} characters (ending in `…` when cut), or null. */
export function episodeText(text: string | null): string | null {
  if (text === null) return null;
  const line = toSingleLine(text.length > 4 * maxEpisodeText ? text.slice(0, 4 * maxEpisodeText) : text);
  if (line.length === 0) return null;
  if (line.length <= maxEpisodeText) return line;
  let end = maxEpisodeText - 1;
  const last = line.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${line.slice(0, end)}…`;
}

function round3(ap: Appraisal): Appraisal {
  return {
    goal_relevance: round(ap.goal_relevance, 3),
    goal_congruence: round(ap.goal_congruence, 3),
    expectedness: round(ap.expectedness, 3),
    controllability: round(ap.controllability, 3),
    agency: round(ap.agency, 3),
    norm_compatibility: round(ap.norm_compatibility, 3),
  };
}

/**
 * The episode of a turn; the text only when `storeText`. Its people are found from the full text's cue words (a
 * participant named in it is involved even when the text is not kept).
 */
export function toEpisode(
  input: EpisodeInput,
  storeText: boolean,
  people: (cues: readonly string[]) => string[],
): MemoryEpisode {
  const kept = episodeText(input.text);
  const text = storeText ? kept : null;
  const cues = cueWords(kept);
  return {
    id: `mem_${input.turn.toString(36)}`,
    at: input.at,
    text,
    cues: storeText ? cues : [],
    speaker: input.speaker,
    participants: people(cues),
    appraisal: round3(input.appraisal),
    feeling: {
      label: input.label,
      V: round(input.V, 2),
      A: round(input.A, 2),
      D: round(input.D, 2),
      intensity: round(input.intensity, 2),
    },
    salience: round(input.salience, 3),
    rehearsals: [],
  };
}

/**
 * The episode list after a turn at `now`: recalled episodes rehearsed, forgotten ones (below the floor) dropped, the
 * new episode (if any) appended, and past `max` the weakest dropped. Returns `episodes` itself when nothing changed,
 * so an unchanged memory costs nothing to keep. Strengths are computed only where they decide something: for an
 * episode whose latest trace is older than {@link surelyRememberedMs}, or for every one when the list is full.
 */
export function updateEpisodes(
  episodes: readonly MemoryEpisode[],
  recalled: readonly Recalled[],
  added: MemoryEpisode | null,
  max: number,
  now: number,
): readonly MemoryEpisode[] {
  let next: MemoryEpisode[] | null = null;
  for (const r of recalled) {
    const rehearsed = rehearse(r.episode, now);
    if (rehearsed === r.episode) continue;
    next ??= episodes.slice();
    next[r.index] = rehearsed;
  }
  if (added === null) return derived(next ?? episodes, episodes);
  const list = next ?? episodes;
  const known = strengthsOf(episodes, now);
  // Strength of list[i]: the turn's value where the episode is the same, else computed.
  const strength = (i: number) =>
    list[i] === episodes[i] ? strengthIn(known, episodes, i, now) : strengthAt(list[i]!, now);
  // The forgotten go. An episode whose latest trace is young enough is surely remembered: its strength stays NaN
  // (not computed) until the bound needs it.
  const kept: MemoryEpisode[] = [];
  const strengths: number[] = [];
  const from: number[] = [];
  for (let i = 0; i < list.length; i++) {
    const episode = list[i]!;
    let s = Number.NaN;
    if (now - lastTrace(episode) > surelyRememberedMs) {
      s = strength(i);
      if (s < forgetFloor) continue;
    }
    kept.push(episode);
    strengths.push(s);
    from.push(i);
  }
  kept.push(added);
  strengths.push(1);
  if (kept.length <= max) return derived(kept, episodes);
  const weigh = (k: number) => {
    if (Number.isNaN(strengths[k]!)) strengths[k] = strength(from[k]!);
    return strengths[k]!;
  };
  // Past the bound, the weakest go first (ties: the oldest).
  if (kept.length === max + 1) {
    // The usual case (one episode added to a full memory): drop the weakest.
    kept.splice(weakestOf(kept, strengths, weigh, now), 1);
    return derived(kept, episodes);
  }
  for (let k = 0; k < kept.length; k++) weigh(k);
  const order = kept.map((_, i) => i).sort((x, y) => strengths[x]! - strengths[y]! || x - y);
  const drop = new Set(order.slice(0, kept.length - max));
  return derived(
    kept.filter((_, i) => !drop.has(i)),
    episodes,
  );
}

/**
 * The position of the weakest of `kept` (the first of equals), weighing only the episodes that could be it: one
 * whose latest trace is younger than the age at which even the fastest decay ({@link maxDecay}) falls to the least
 * strength found so far is surely stronger, so it is passed over unweighed.
 */
function weakestOf(
  kept: readonly MemoryEpisode[],
  strengths: readonly number[],
  weigh: (k: number) => number,
  now: number,
): number {
  let weakest = 0;
  let least = Number.POSITIVE_INFINITY;
  let stronger = Number.NEGATIVE_INFINITY;
  for (let k = 0; k < kept.length; k++) {
    if (Number.isNaN(strengths[k]!) && now - lastTrace(kept[k]!) < stronger) continue;
    const s = weigh(k);
    if (s < least) {
      least = s;
      weakest = k;
      stronger = 0.999 * decayScaleMs * (least ** (-1 / maxDecay) - 1);
    }
  }
  return weakest;
}

/** `next`, noted as made from `previous` (so its cue index is derived, cue-index.ts). */
function derived(
  next: readonly MemoryEpisode[],
  previous: readonly MemoryEpisode[],
): readonly MemoryEpisode[] {
  noteDerived(next, previous);
  return next;
}

/** A memory without the episodes that involve `participant` (same object when there were none). */
export function withoutParticipant(memory: MemoryState, participant: string): MemoryState {
  const involves = (e: MemoryEpisode) => e.speaker === participant || e.participants.includes(participant);
  if (!memory.episodes.some(involves)) return memory;
  return {
    settings: memory.settings,
    episodes: derived(
      memory.episodes.filter((e) => !involves(e)),
      memory.episodes,
    ),
  };
}

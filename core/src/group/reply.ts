import type { FloorState } from '../engine/engine-state.js';
import { clamp } from '../util/math.js';

/**
 * Why the character should or should not speak after a turn:
 * - `direct`: a turn without `from` (one person, as in a private chat): always answer.
 * - `addressed`: the speaker addressed the character (`to: "character"`, a mention or a reply, or nobody else is
 *   present): answer.
 * - `named`: the text names the character: answer.
 * - `speaks_up`: said to everyone, and the character's urge to speak passed the open-floor threshold.
 * - `interjects`: said to someone else, and the urge passed the (higher) threshold for cutting in.
 * - `not_addressed`: said to everyone, urge below the threshold.
 * - `addressed_to_other`: said to someone else, urge below the threshold.
 * - `spoke_recently`: the urge would have passed, but the character spoke on the previous turn and leaves room.
 */
export type ReplyReason =
  | 'direct'
  | 'addressed'
  | 'named'
  | 'speaks_up'
  | 'interjects'
  | 'not_addressed'
  | 'addressed_to_other'
  | 'spoke_recently';

/** Every {@link ReplyReason}, for schemas. */
export const replyReasons = [
  'direct',
  'addressed',
  'named',
  'speaks_up',
  'interjects',
  'not_addressed',
  'addressed_to_other',
  'spoke_recently',
] as const satisfies readonly ReplyReason[];

/** Whether the character should speak after a turn, why, and its urge to speak in [0, 1]. */
export interface ReplyAdvice {
  should: boolean;
  reason: ReplyReason;
  urge: number;
}

/** Urge at which the character speaks up when something is said to everyone. */
export const openFloorThreshold = 0.6;
/** Urge at which the character cuts into an exchange aimed at someone else. */
export const interjectThreshold = 0.75;

/** What {@link adviseReply} weighs. */
export interface ReplyInput {
  /** No `from`: the one-person case of today. */
  direct: boolean;
  /** Whom the turn was aimed at. */
  to: 'character' | 'everyone' | 'participant';
  /** The text names the character. */
  named: boolean;
  /** Talkativeness in [0, 1]: extraversion with its sociability and social-boldness facets. */
  talkativeness: number;
  /** Felt emotion intensity in [0, 1] after the turn. */
  intensity: number;
  /** Felt arousal in [0, 1] after the turn. */
  arousal: number;
  /** Rapport with the speaker after the turn, in [0, 1]. */
  rapport: number;
  /** Turn-taking bookkeeping before this turn. */
  floor: FloorState;
}

/**
 * The reply rule (docs/groups.md). Turn allocation follows conversation analysis (Sacks, Schegloff & Jefferson 1974):
 * when the speaker selects the character (addresses, mentions, replies to or names it) it takes the turn; otherwise it
 * may self-select, and does when its urge passes a threshold, higher when the turn was aimed at someone else:
 *   urge = 0.25·talkativeness + 0.35·intensity + 0.2·arousal + 0.2·rapport + recency (+ 0.2 when named)
 * Talkativeness tracks extraversion (Mehl, Gosling & Pennebaker 2006: extraverts talk more in daily life); strong and
 * aroused feelings press to be shared (Rimé 2009; Berger 2011); people answer those they like more readily. Recency
 * is −0.15 right after the character spoke (it leaves room for others) and grows to +0.1 over ten silent turns.
 */
export function adviseReply(input: ReplyInput): ReplyAdvice {
  const { floor } = input;
  const spokeLast = floor.silentTurns === 0 && floor.lastSpokeAt !== null;
  const recency = spokeLast ? -0.15 : 0.1 * Math.min(1, floor.silentTurns / 10);
  const base =
    0.25 * input.talkativeness + 0.35 * input.intensity + 0.2 * input.arousal + 0.2 * input.rapport;
  const urge = clamp(base + recency + (input.named && input.to === 'participant' ? 0.2 : 0), 0, 1);
  const rounded = Math.round(urge * 1e4) / 1e4;
  if (input.direct) return { should: true, reason: 'direct', urge: rounded };
  if (input.to === 'character') return { should: true, reason: 'addressed', urge: rounded };
  if (input.named && input.to === 'everyone') return { should: true, reason: 'named', urge: rounded };
  const threshold = input.to === 'participant' ? interjectThreshold : openFloorThreshold;
  if (urge >= threshold) {
    return { should: true, reason: input.to === 'participant' ? 'interjects' : 'speaks_up', urge: rounded };
  }
  if (spokeLast && urge + 0.15 >= threshold)
    return { should: false, reason: 'spoke_recently', urge: rounded };
  return {
    should: false,
    reason: input.to === 'participant' ? 'addressed_to_other' : 'not_addressed',
    urge: rounded,
  };
}

/** The floor after a turn with this advice. */
export function nextFloor(floor: FloorState, advice: ReplyAdvice, now: number): FloorState {
  return advice.should
    ? { silentTurns: 0, lastSpokeAt: now }
    : { silentTurns: floor.silentTurns + 1, lastSpokeAt: floor.lastSpokeAt };
}

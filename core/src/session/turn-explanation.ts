import type { Appraisal } from '../appraisal/appraisal.js';
import { dimensionWeights } from '../dynamics/impulse-terms.js';
import { attributionSlots, type ContributionKind, type TurnAttribution } from '../engine/attribute-turn.js';
import type { Vad } from '../persona/persona.js';
import { contributionText } from './explanation-text.js';

/**
 * One of the largest sources of a turn's change of feeling (docs/emotion-model.md, "Why a turn felt as it did").
 */
export interface Contribution {
  kind: ContributionKind;
  /** Its part of the change of `new_emotion`, per axis (arousal in the exposed scale), rounded to 3 decimals. */
  V: number;
  A: number;
  D: number;
  /** One short English sentence saying what it was and what it did. */
  text: string;
  /** `appraisal` only: the dimension. */
  dimension?: keyof Appraisal;
  /** `appraisal` only: the dimension's value as felt (relevance weighted for a witnessed act). */
  value?: number;
  /** `appraisal` only: the dimension's weight in the impulse equations. */
  weight?: number;
}

/**
 * Why a turn felt as it did: the change of the felt emotion since the previous update, and the few largest
 * contributions to it, largest first, then `other` with the rest. The listed parts sum to `change` within the
 * rounding of each number to 3 decimals (0.0005 per contribution plus 0.0005).
 */
export interface TurnExplanation {
  /** `new_emotion` minus the felt emotion at the character's previous update, per axis, rounded to 3 decimals. */
  change: Vad;
  contributions: Contribution[];
}

/** The most contributions an explanation lists before `other` takes the rest. */
export const maxContributions = 6;

// Every number to 3 decimals (`round(x, 3)` without its power on the hot path; + 0 turns −0 into 0).
const r = (x: number) => Math.round(x * 1000) / 1000 + 0;
/** Whether a part shows at 3 decimals: at least 0.0005 on some axis. */
const visible = (V: number, A: number, D: number) =>
  Math.abs(V) >= 0.0005 || Math.abs(A) >= 0.0005 || Math.abs(D) >= 0.0005;

const slotCount = attributionSlots.length;
/** The slots of the event itself (a neutral persona's impulse): the six dimensions and surprise. */
const eventSlots = attributionSlots.flatMap((slot, i) =>
  slot.kind === 'appraisal' || slot.kind === 'surprise' ? [i] : [],
);
// Scratch space of one call (synchronous, so nothing else sees it): the listed slots and their sizes.
const order = new Int32Array(slotCount);
const sizes = new Float64Array(slotCount);

/** Whether the persona's gains pushed the way the event did, on the axis where they mattered most. */
function amplifies(parts: readonly number[], i: number): boolean {
  let axis = 0;
  for (let k = 1; k < 3; k++) {
    if (Math.abs(parts[3 * i + k] as number) > Math.abs(parts[3 * i + axis] as number)) axis = k;
  }
  let event = 0;
  for (const j of eventSlots) event += parts[3 * j + axis] as number;
  return event * (parts[3 * i + axis] as number) > 0;
}

/** A contribution rounded for the result, with its sentence (written from the rounded numbers). */
function contribution(
  turn: TurnAttribution,
  kind: ContributionKind,
  V: number,
  A: number,
  D: number,
  dimension: keyof Appraisal | null,
  amplified: boolean,
): Contribution {
  // One literal per shape, the detail in place from the start (a turn's hot path).
  const out: Contribution =
    dimension === null
      ? { kind, V: r(V), A: r(A), D: r(D), text: '' }
      : {
          kind,
          V: r(V),
          A: r(A),
          D: r(D),
          text: '',
          dimension,
          value: r(turn.appraisal[dimension]),
          weight: dimensionWeights[dimension],
        };
  out.text = contributionText(out, turn, amplified);
  return out;
}

/** Fills `order` with the slots that show at 3 decimals, largest first (by |V| + |A| + |D|); returns how many. */
function rank(parts: readonly number[]): number {
  let count = 0;
  for (let i = 0; i < slotCount; i++) {
    const V = parts[3 * i] as number;
    const A = parts[3 * i + 1] as number;
    const D = parts[3 * i + 2] as number;
    if (!visible(V, A, D)) continue;
    const size = Math.abs(V) + Math.abs(A) + Math.abs(D);
    // Insertion into the sorted prefix: at most 13 slots.
    let at = count++;
    while (at > 0 && (sizes[at - 1] as number) < size) {
      sizes[at] = sizes[at - 1] as number;
      order[at] = order[at - 1] as number;
      at--;
    }
    sizes[at] = size;
    order[at] = i;
  }
  return count;
}

/**
 * Trims a turn's attribution into the result's `explanation`: the parts that show at 3 decimals (at least 0.0005 on
 * some axis), largest first (by |V| + |A| + |D|), at most {@link maxContributions}, then `other` with what the others
 * leave of the change (when that shows), each with its sentence.
 */
export function toTurnExplanation(turn: TurnAttribution): TurnExplanation {
  const { parts, change } = turn;
  const listed = Math.min(rank(parts), maxContributions);
  const contributions: Contribution[] = [];
  let V = change.V;
  let A = change.A;
  let D = change.D;
  for (let k = 0; k < listed; k++) {
    const i = order[k] as number;
    const slot = attributionSlots[i] as (typeof attributionSlots)[number];
    const pV = parts[3 * i] as number;
    const pA = parts[3 * i + 1] as number;
    const pD = parts[3 * i + 2] as number;
    V -= pV;
    A -= pA;
    D -= pD;
    const amplified = slot.kind === 'personality' && amplifies(parts, i);
    contributions.push(contribution(turn, slot.kind, pV, pA, pD, slot.dimension, amplified));
  }
  if (visible(V, A, D)) contributions.push(contribution(turn, 'other', V, A, D, null, false));
  return { change: { V: r(change.V), A: r(change.A), D: r(change.D) }, contributions };
}

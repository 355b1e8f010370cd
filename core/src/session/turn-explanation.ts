import type { Appraisal } from '../appraisal/appraisal.js';
import { dimensionWeights } from '../dynamics/impulse-terms.js';
import { attributionSlots, type ContributionKind, type TurnAttribution } from '../engine/attribute-turn.js';
import type { Vad } from '../persona/persona.js';
import { round } from '../util/math.js';
import { contributionText, type SentenceInput } from './explanation-text.js';

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

const decimals = 3;
const r = (x: number) => round(x, decimals) + 0;
const visible = (V: number, A: number, D: number) => r(V) !== 0 || r(A) !== 0 || r(D) !== 0;

function magnitude(parts: Float64Array, i: number): number {
  return (
    Math.abs(parts[3 * i] as number) +
    Math.abs(parts[3 * i + 1] as number) +
    Math.abs(parts[3 * i + 2] as number)
  );
}

/** Whether the persona's gains pushed the way the event did, on the axis where they mattered most. */
function amplifies(parts: Float64Array, i: number): boolean {
  let axis = 0;
  for (let k = 1; k < 3; k++)
    if (Math.abs(parts[3 * i + k] as number) > Math.abs(parts[3 * i + axis] as number)) axis = k;
  let event = 0;
  attributionSlots.forEach((slot, j) => {
    if (slot.kind === 'appraisal' || slot.kind === 'surprise') event += parts[3 * j + axis] as number;
  });
  return event * (parts[3 * i + axis] as number) > 0;
}

function contribution(turn: TurnAttribution, part: SentenceInput): Contribution {
  const out: Contribution = {
    kind: part.kind,
    V: r(part.V),
    A: r(part.A),
    D: r(part.D),
    text: contributionText(part, turn),
  };
  if (part.dimension !== undefined) {
    out.dimension = part.dimension;
    out.value = r(part.value ?? 0);
    out.weight = part.weight ?? 0;
  }
  return out;
}

/**
 * Trims a turn's attribution into the result's `explanation`: the parts that round to something, largest first (by
 * |V| + |A| + |D|), at most {@link maxContributions}, then `other` with what the others leave of the change (when it
 * rounds to something), each with its sentence.
 */
export function toTurnExplanation(turn: TurnAttribution): TurnExplanation {
  const { parts, change } = turn;
  const order: number[] = [];
  for (let i = 0; i < attributionSlots.length; i++) {
    if (visible(parts[3 * i] as number, parts[3 * i + 1] as number, parts[3 * i + 2] as number))
      order.push(i);
  }
  order.sort((x, y) => magnitude(parts, y) - magnitude(parts, x));
  if (order.length > maxContributions) order.length = maxContributions;
  let V = change.V;
  let A = change.A;
  let D = change.D;
  const contributions = order.map((i) => {
    const slot = attributionSlots[i] as (typeof attributionSlots)[number];
    const part: SentenceInput = {
      kind: slot.kind,
      V: parts[3 * i] as number,
      A: parts[3 * i + 1] as number,
      D: parts[3 * i + 2] as number,
    };
    V -= part.V;
    A -= part.A;
    D -= part.D;
    if (slot.dimension !== null) {
      part.dimension = slot.dimension;
      part.value = turn.appraisal[slot.dimension];
      part.weight = dimensionWeights[slot.dimension];
    }
    if (slot.kind === 'personality') part.amplified = amplifies(parts, i);
    return contribution(turn, part);
  });
  if (visible(V, A, D)) contributions.push(contribution(turn, { kind: 'other', V, A, D }));
  return { change: { V: r(change.V), A: r(change.A), D: r(change.D) }, contributions };
}

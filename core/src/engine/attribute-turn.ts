import { type Appraisal, appraisalDimensions } from '../appraisal/appraisal.js';
import { bodyOffset } from '../body/body-budget.js';
import { appraisalImpulse, type Impulse, stressGain } from '../dynamics/impulse.js';
import { neutralImpulseTerms } from '../dynamics/impulse-terms.js';
import { type PredictionError, predictionError } from '../dynamics/prediction.js';
import { rate } from '../dynamics/relax.js';
import type { EngineParams, Vec3 } from '../persona/engine-params.js';
import type { Vad } from '../persona/persona.js';
import { clamp } from '../util/math.js';
import type { EngineState } from './engine-state.js';

/**
 * What a part of a turn's change of feeling came from (docs/emotion-model.md, "Why a turn felt as it did"):
 * `decay` time passing since the last update, `mood` the mood carried over, `appraisal` one appraisal dimension,
 * `surprise` the prediction error, `personality` the persona's gains, `needs` need pleasure, `memory` recalled
 * episodes, `body` the body budget, `relationship` the relationship (reserved: nothing of it reaches the feeling
 * directly), `override` an operator's override since the previous turn (docs/time-control.md), and `other` the rest
 * of a trimmed list.
 */
export const contributionKinds = [
  'decay',
  'mood',
  'appraisal',
  'surprise',
  'personality',
  'needs',
  'memory',
  'body',
  'relationship',
  'override',
  'other',
] as const;

/** A source of a turn's change of feeling (see {@link contributionKinds}). */
export type ContributionKind = (typeof contributionKinds)[number];

/** One slot of {@link TurnAttribution.parts}: its kind, and for `appraisal` its dimension. */
export interface AttributionSlot {
  kind: ContributionKind;
  dimension: keyof Appraisal | null;
}

const slot = (kind: ContributionKind): AttributionSlot => ({ kind, dimension: null });

/** The slots of {@link TurnAttribution.parts}, in order. */
export const attributionSlots: readonly AttributionSlot[] = [
  slot('decay'),
  slot('mood'),
  ...appraisalDimensions.map((dimension): AttributionSlot => ({ kind: 'appraisal', dimension })),
  slot('surprise'),
  slot('personality'),
  slot('needs'),
  slot('memory'),
  slot('body'),
  slot('override'),
];

// Offsets (3 numbers per slot) into the parts, in the order of `attributionSlots`.
const decay = 0;
const mood = 3;
const appraisal = 6;
const relevance = appraisal;
const personality = 27;
const needs = 30;
const memory = 33;
const body = 36;
// Written by withOverride only (the session's turn step): attributeTurn leaves it 0.
const override = 39;
const size = 42;

/** What {@link attributeTurn} reads: the turn's inputs and the intermediate values `applyAppraisal` computed. */
export interface AttributionInput {
  /** The state before the turn: the change is measured from its felt emotion. */
  prev: EngineState;
  /** The state after the elapsed time, before the event. */
  s0: EngineState;
  params: EngineParams;
  /** The appraisal as felt (relevance weighted for a witnessed act). */
  appraisal: Appraisal;
  /** The expectation the prediction error was taken against (s0's, or moved toward recalled episodes). */
  expected: Appraisal;
  predictionError: PredictionError;
  /** The impulse the turn applied, after any sensitisation gain. */
  impulse: Impulse;
  /** The memory gain the impulse was scaled by (1 without memory). */
  gain: number;
  /** The feeling recalled episodes brought back, added to the emotion. */
  reinstate: Vec3 | undefined;
  needPleasure: number;
  /** ρ: the share of the way arousal and dominance moved toward the event. */
  rho: number;
  /** The emotion after the event, and the body budget after the turn. */
  emotion: Vec3;
  energy: number;
  stress: number;
  /** The felt emotion after the turn (internal space). */
  felt: Vec3;
}

/**
 * A turn's change of felt emotion split by source, unrounded, before trimming: `parts` holds (V, A, D) for each of
 * {@link attributionSlots} at 3i … 3i + 2, in the exposed scale, and the parts sum to `change` to floating-point
 * precision.
 */
export interface TurnAttribution {
  /** new felt emotion − felt emotion at the previous update, exposed scale (ΔA = Δα/2). */
  change: Vad;
  parts: number[];
  /** Seconds of time the turn let pass before the event. */
  seconds: number;
  /** What the sentences quote: the appraisal as felt, and the body budget after the turn. */
  appraisal: Appraisal;
  energy: number;
  stress: number;
}

// Impulse parts per slot, reused by every call (the function is synchronous, so nothing else sees it); the slots
// of decay, mood and needs are never written, so they stay 0.
const pushes = new Float64Array(size);
// A fresh array of doubles is cheapest as a copy of one (a turn's hot path).
const zeros: readonly number[] = Array.from({ length: size }, () => 0.5).fill(0);

const outside = (x: number) => x < -1 || x > 1;

/**
 * What a clamp left of a change: `actual / unclamped` when the unclamped value before or after lies outside
 * [−1, 1] (every part then shrinks by it alike), else 1.
 */
function kept(before: number, after: number, actual: number): number {
  if (!outside(before) && !outside(after)) return 1;
  return after === before ? 0 : actual / (after - before);
}

/**
 * Attributes the change of a turn's felt emotion, from the previous update to after the event, to its sources
 * (docs/emotion-model.md, "Why a turn felt as it did"). Linear parts add; a nonlinear step (the shunting valence
 * update, a clamp) splits its actual change among the additive parts of its input in proportion. Cheap (a turn's
 * hot path): one pass over the parts; one more `appraisalImpulse` call and prediction error only when memory acted.
 */
export function attributeTurn(input: AttributionInput): TurnAttribution {
  const { prev, s0, params, appraisal: ap, impulse, emotion, felt, rho } = input;
  const b = params.baseline;
  const p = zeros.slice();
  const seconds = (s0.time - prev.time) / 1000;
  // Time: the emotion's own relaxation toward baseline is decay; the rest of the flow is the mood's pull (relaxChain).
  if (seconds > 0) {
    const keep = Math.exp(-rate(prev.episode.halfLife) * seconds) - 1;
    p[decay] = (prev.emotion.V - b.V) * keep;
    p[decay + 1] = (prev.emotion.a - b.a) * keep;
    p[decay + 2] = (prev.emotion.D - b.D) * keep;
    p[mood] = s0.emotion.V - prev.emotion.V - (p[decay] as number);
    p[mood + 1] = s0.emotion.a - prev.emotion.a - (p[decay + 1] as number);
    p[mood + 2] = s0.emotion.D - prev.emotion.D - (p[decay + 2] as number);
  }
  const o0 = bodyOffset(prev.energy, prev.stress);
  const o1 = bodyOffset(s0.energy, s0.stress);
  const o2 = bodyOffset(input.energy, input.stress);
  p[decay] = (p[decay] as number) + o1.V - o0.V;
  p[decay + 1] = (p[decay + 1] as number) + o1.a - o0.a;
  p[decay + 2] = (p[decay + 2] as number) + o1.D - o0.D;
  p[body] = o2.V - o1.V;
  p[body + 1] = o2.a - o1.a;
  p[body + 2] = o2.D - o1.D;

  splitImpulse(input);
  const q = pushes;
  const back = input.reinstate;
  const backV = back?.V ?? 0;
  // Valence: the shunting update's change, in proportion to the parts of its input.
  const u = impulse.V + input.needPleasure + backV;
  const shareV = u === 0 ? 0 : (emotion.V - s0.emotion.V) / u;
  p[needs] = shareV * input.needPleasure;
  p[memory] = shareV * backV;
  const shareA = toward(p, 1, s0.emotion.a, b.a, impulse.a, back?.a ?? 0, emotion.a, rho);
  const shareD = toward(p, 2, s0.emotion.D, b.D, impulse.D, back?.D ?? 0, emotion.D, rho);

  // The felt emotion is clamped: where a clamp cut the change short, every part shrinks alike; arousal is exposed
  // as A = (α + 1)/2, so its parts are halved.
  const fromV = prev.emotion.V + o0.V;
  const fromA = prev.emotion.a + o0.a;
  const fromD = prev.emotion.D + o0.D;
  const dV = felt.V - clamp(fromV, -1, 1);
  const da = felt.a - clamp(fromA, -1, 1);
  const dD = felt.D - clamp(fromD, -1, 1);
  const keepV = kept(fromV, emotion.V + o2.V, dV);
  const keepA = 0.5 * kept(fromA, emotion.a + o2.a, da);
  const keepD = kept(fromD, emotion.D + o2.D, dD);
  for (let i = 0; i < size; i += 3) {
    p[i] = keepV * ((p[i] as number) + shareV * (q[i] as number));
    p[i + 1] = keepA * ((p[i + 1] as number) + shareA * (q[i + 1] as number));
    p[i + 2] = keepD * ((p[i + 2] as number) + shareD * (q[i + 2] as number));
  }
  return {
    change: { V: dV, A: da / 2, D: dD },
    parts: p,
    seconds,
    appraisal: ap,
    energy: input.energy,
    stress: input.stress,
  };
}

/**
 * The attribution of a turn that follows operator overrides: `part` (exposed scale), the change the overrides made
 * to the felt emotion before the turn, joins the parts as `override` and the change, so the parts still sum to it.
 */
export function withOverride(turn: TurnAttribution, part: Vad): TurnAttribution {
  const parts = turn.parts.slice();
  parts[override] = (parts[override] as number) + part.V;
  parts[override + 1] = (parts[override + 1] as number) + part.A;
  parts[override + 2] = (parts[override + 2] as number) + part.D;
  const change = { V: turn.change.V + part.V, A: turn.change.A + part.A, D: turn.change.D + part.D };
  return { ...turn, change, parts };
}

/**
 * Fills {@link pushes} with the impulse split by source: a neutral persona's impulse per dimension and surprise,
 * the persona's gains (`personality`), stress sensitisation (`body`) and memory's gain and moved expectation
 * (`memory`). The parts telescope, so they sum to the impulse the turn applied.
 */
function splitImpulse(input: AttributionInput): void {
  const { s0, params, appraisal: ap, impulse } = input;
  const q = pushes;
  const plain =
    input.expected === s0.expectation ? input.predictionError : predictionError(s0.expectation, ap);
  const error = plain.errors.goal_congruence;
  neutralImpulseTerms(ap, error, plain.magnitude, q, appraisal);
  let nV = 0;
  let nA = 0;
  let nD = 0;
  for (let i = appraisal; i < personality; i += 3) {
    nV += q[i] as number;
    nA += q[i + 1] as number;
    nD += q[i + 2] as number;
  }
  const remembered = input.gain !== 1 || plain !== input.predictionError;
  // The impulse without memory (as felt under stress), and without stress too: the persona's own. Stress only
  // scales a negative valence impulse, so the second needs no second call.
  const stressed = remembered ? appraisalImpulse(ap, error, plain.magnitude, params, s0.stress) : impulse;
  const ownV = stressed.V < 0 ? stressed.V / stressGain(s0.stress) : stressed.V;
  q[personality] = ownV - nV;
  q[personality + 1] = stressed.a - nA;
  q[personality + 2] = stressed.D - nD;
  q[body] = stressed.V - ownV;
  q[memory] = impulse.V - stressed.V;
  q[memory + 1] = impulse.a - stressed.a;
  q[memory + 2] = impulse.D - stressed.D;
}

/**
 * Arousal or dominance (`axis` 1 or 2): `x' = clamp(x + ρ·(clamp(b + impulse) − x) + back)`. Writes relevance's
 * part ρ·(b − x) (a relevant event replaces the earlier value) and memory's `back`, shrunk alike when the outer clamp
 * cut the move; returns the share of each impulse part, by which ρ·(clamp(b + impulse) − b) is split among them.
 */
function toward(
  p: number[],
  axis: number,
  x: number,
  b: number,
  push: number,
  back: number,
  next: number,
  rho: number,
): number {
  const target = clamp(b + push, -1, 1);
  const raw = x + rho * (target - x) + back;
  const f = outside(raw) ? (next - x) / (raw - x) : 1;
  p[relevance + axis] = f * rho * (b - x);
  p[memory + axis] = f * back;
  return push === 0 ? 0 : (f * rho * (target - b)) / push;
}

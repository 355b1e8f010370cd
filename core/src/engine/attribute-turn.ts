import { type Appraisal, appraisalDimensions } from '../appraisal/appraisal.js';
import { bodyOffset } from '../body/body-budget.js';
import { appraisalImpulse, type Impulse } from '../dynamics/impulse.js';
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
 * directly), and `other` the rest of a trimmed list.
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
const size = 39;

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
  parts: Float64Array;
  /** Seconds of time the turn let pass before the event. */
  seconds: number;
  /** What the sentences quote: the appraisal as felt, and the body budget after the turn. */
  appraisal: Appraisal;
  energy: number;
  stress: number;
}

// Impulse parts per slot, reused by every call (the function is synchronous, so nothing else sees it).
const pushes = new Float64Array(size);

const outside = (x: number) => x < -1 || x > 1;

/** Scales one axis of every part by `f`. */
function scaleAxis(parts: Float64Array, axis: number, f: number): void {
  for (let i = axis; i < size; i += 3) parts[i] = f * (parts[i] as number);
}

/**
 * The change of one axis of the felt emotion, `clamp(raw1) − clamp(raw0)`, from its unclamped values before and
 * after; when a clamp cut it short, every part on the axis shrinks by the same factor.
 */
function feltChange(parts: Float64Array, axis: number, raw0: number, raw1: number, now: number): number {
  const actual = now - clamp(raw0, -1, 1);
  if (outside(raw0) || outside(raw1)) scaleAxis(parts, axis, raw1 === raw0 ? 0 : actual / (raw1 - raw0));
  return actual;
}

/**
 * Attributes the change of a turn's felt emotion, from the previous update to after the event, to its sources
 * (docs/emotion-model.md, "Why a turn felt as it did"). Linear parts add; a nonlinear step (the shunting valence
 * update, a clamp) splits its actual change among the additive parts of its input in proportion. Cheap: two
 * `appraisalImpulse` calls at most, and one more prediction error when memory moved the expectation.
 */
export function attributeTurn(input: AttributionInput): TurnAttribution {
  const { prev, s0, params, appraisal: ap, impulse, emotion } = input;
  const b = params.baseline;
  const p = new Float64Array(size);
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
  // Valence: the shunting update's change, in proportion to the parts of its input.
  const u = impulse.V + input.needPleasure + (back?.V ?? 0);
  const fV = u === 0 ? 0 : (emotion.V - s0.emotion.V) / u;
  for (let i = appraisal; i < size; i += 3) p[i] = (p[i] as number) + fV * (q[i] as number);
  p[needs] = (p[needs] as number) + fV * input.needPleasure;
  p[memory] = (p[memory] as number) + fV * (back?.V ?? 0);
  moveToward(p, 1, s0.emotion.a, b.a, impulse.a, back?.a ?? 0, emotion.a, input.rho);
  moveToward(p, 2, s0.emotion.D, b.D, impulse.D, back?.D ?? 0, emotion.D, input.rho);

  // The felt emotion is clamped: where a clamp cut the change short, every part shrinks alike.
  const { felt } = input;
  const dV = feltChange(p, 0, prev.emotion.V + o0.V, emotion.V + o2.V, felt.V);
  const da = feltChange(p, 1, prev.emotion.a + o0.a, emotion.a + o2.a, felt.a);
  const dD = feltChange(p, 2, prev.emotion.D + o0.D, emotion.D + o2.D, felt.D);
  // Arousal in the exposed scale: A = (α + 1)/2.
  scaleAxis(p, 1, 0.5);
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
 * Fills {@link pushes} with the impulse split by source: a neutral persona's impulse per dimension and surprise,
 * the persona's gains (`personality`), stress sensitisation (`body`) and memory's gain and moved expectation
 * (`memory`). The parts telescope, so they sum to the impulse the turn applied.
 */
function splitImpulse(input: AttributionInput): void {
  const { s0, params, appraisal: ap, impulse } = input;
  const q = pushes;
  q.fill(0);
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
  // The impulse without memory (as felt under stress), and without stress: the persona's own.
  const stressed = remembered ? appraisalImpulse(ap, error, plain.magnitude, params, s0.stress) : impulse;
  const own = s0.stress === 0 ? stressed : appraisalImpulse(ap, error, plain.magnitude, params, 0);
  q[personality] = own.V - nV;
  q[personality + 1] = own.a - nA;
  q[personality + 2] = own.D - nD;
  q[body] = stressed.V - own.V;
  q[body + 1] = stressed.a - own.a;
  q[body + 2] = stressed.D - own.D;
  q[memory] = impulse.V - stressed.V;
  q[memory + 1] = impulse.a - stressed.a;
  q[memory + 2] = impulse.D - stressed.D;
}

/**
 * Arousal or dominance (`axis` 1 or 2): `x' = clamp(x + ρ·(clamp(b + impulse) − x) + back)`. The part ρ·(b − x) is
 * relevance's (a relevant event replaces the earlier value); ρ·(clamp(b + impulse) − b) is split among the impulse's
 * parts in proportion; `back` is memory's; an outer clamp shrinks all alike.
 */
function moveToward(
  p: Float64Array,
  axis: number,
  x: number,
  b: number,
  push: number,
  back: number,
  next: number,
  rho: number,
): void {
  const target = clamp(b + push, -1, 1);
  const lead = rho * (b - x);
  const moved = rho * (target - b);
  const raw = x + rho * (target - x) + back;
  const f = outside(raw) ? (next - x) / (raw - x) : 1;
  const share = push === 0 ? 0 : (f * moved) / push;
  const q = pushes;
  for (let i = appraisal + axis; i < size; i += 3) p[i] = (p[i] as number) + share * (q[i] as number);
  p[relevance + axis] = (p[relevance + axis] as number) + f * lead;
  p[memory + axis] = (p[memory + axis] as number) + f * back;
}

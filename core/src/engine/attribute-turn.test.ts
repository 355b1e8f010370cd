import { describe, expect, it } from 'vitest';
import { ap, canonical, freshState, paramsFor, t0 } from '../../test/fixtures.js';
import type { Appraisal } from '../appraisal/appraisal.js';
import { deriveEngineParams, type EngineParams, toExposedVad } from '../persona/engine-params.js';
import { resolvePersona } from '../persona/resolve-persona.js';
import { createSeededRandom, type Random } from '../random.js';
import { maxContributions, toTurnExplanation } from '../session/turn-explanation.js';
import { applyAppraisal, type MemoryInfluence, type TurnOptions } from './apply-turn.js';
import { attributionSlots, type TurnAttribution } from './attribute-turn.js';
import type { EngineState } from './engine-state.js';
import { observe } from './observe.js';

const uniform = (random: Random, lo: number, hi: number) => lo + (hi - lo) * random.next();

function randomAppraisal(random: Random): Appraisal {
  // Extremes now and then, where the clamps and the shunting update's cap bite.
  const pick = (lo: number, hi: number) =>
    random.next() < 0.25 ? (random.next() < 0.5 ? lo : hi) : uniform(random, lo, hi);
  return ap(pick(0, 1), pick(-1, 1), pick(0, 1), pick(0, 1), pick(-1, 1), pick(-1, 1));
}

function randomParams(random: Random): EngineParams {
  const trait = () => uniform(random, 0, 1);
  const personality = { O: trait(), C: trait(), E: trait(), A: trait(), N: trait(), H: trait() };
  // Every fourth persona sets strong gains, as emotion_config may, so that the clamps bite.
  const emotion_config =
    random.next() < 0.25
      ? {
          reactivity: uniform(random, 1, 2),
          negative_gain: uniform(random, 1.5, 3),
          positive_gain: uniform(random, 1.5, 3),
          arousal_gain: uniform(random, 1.5, 3),
        }
      : {};
  return deriveEngineParams(resolvePersona({ personality, emotion_config }));
}

function randomMemory(random: Random): MemoryInfluence | undefined {
  if (random.next() < 0.5) return undefined;
  return {
    gain: random.next() < 0.3 ? 1 : uniform(random, 1, 1.5),
    expectation:
      random.next() < 0.5 ? null : { target: randomAppraisal(random), weight: uniform(random, 0, 0.5) },
    reinstate: {
      V: uniform(random, -0.15, 0.15),
      a: uniform(random, -0.15, 0.15),
      D: uniform(random, -0.15, 0.15),
    },
  };
}

function sums(turn: TurnAttribution): [number, number, number] {
  const out: [number, number, number] = [0, 0, 0];
  turn.parts.forEach((x, i) => {
    out[i % 3] = (out[i % 3] as number) + x;
  });
  return out;
}

/** Runs `count` random turns of `characters` random characters, calling `check` on each. */
function randomTurns(
  seed: number,
  characters: number,
  count: number,
  check: (before: EngineState, params: EngineParams, outcome: ReturnType<typeof applyAppraisal>) => void,
): void {
  const random = createSeededRandom(seed);
  for (let c = 0; c < characters; c++) {
    const params = randomParams(random);
    let state = freshState(params);
    for (let i = 0; i < count; i++) {
      // Runs of quick turns (where feelings pile up against the bounds), and gaps up to days.
      const elapsedSeconds = random.next() < 0.6 ? uniform(random, 0, 30) : 10 ** uniform(random, 0, 5.5);
      const memory = randomMemory(random);
      const options: TurnOptions = {
        elapsedSeconds,
        now: state.time + Math.round(elapsedSeconds * 1000),
        ...(random.next() < 0.2 ? { witness: 0.5 } : {}),
        ...(memory ? { memory } : {}),
      };
      const outcome = applyAppraisal(state, params, randomAppraisal(random), options);
      check(state, params, outcome);
      state = outcome.state;
    }
  }
}

describe('attributeTurn', () => {
  it('splits the change of felt emotion into parts that sum to it, for 4,000 random turns', () => {
    let turns = 0;
    let clamped = 0;
    randomTurns(24, 40, 100, (before, params, outcome) => {
      const { attribution } = outcome;
      const from = toExposedVad(observe(before, params).felt);
      const to = toExposedVad(outcome.after.felt);
      expect(attribution.change.V).toBeCloseTo(to.V - from.V, 12);
      expect(attribution.change.A).toBeCloseTo(to.A - from.A, 12);
      expect(attribution.change.D).toBeCloseTo(to.D - from.D, 12);
      const [V, A, D] = sums(attribution);
      expect(Math.abs(V - attribution.change.V)).toBeLessThan(1e-9);
      expect(Math.abs(A - attribution.change.A)).toBeLessThan(1e-9);
      expect(Math.abs(D - attribution.change.D)).toBeLessThan(1e-9);
      expect(attribution.parts.length).toBe(3 * attributionSlots.length);
      turns++;
      const { felt } = outcome.after;
      const { emotion } = outcome.state;
      const extreme = Math.max(
        Math.abs(felt.V),
        Math.abs(felt.a),
        Math.abs(felt.D),
        Math.abs(emotion.a),
        Math.abs(emotion.D),
      );
      if (extreme === 1) clamped++;
    });
    expect(turns).toBe(4000);
    // The run reaches the bounds, where the clamps split the change in proportion.
    expect(clamped).toBeGreaterThan(100);
  });

  it('lists parts that sum to the change within the rounding of each number to 3 decimals', () => {
    randomTurns(7, 20, 100, (_before, _params, outcome) => {
      const explanation = toTurnExplanation(outcome.attribution);
      const { contributions, change } = explanation;
      expect(contributions.length).toBeLessThanOrEqual(maxContributions + 1);
      expect(contributions.slice(0, -1).every((c) => c.kind !== 'other')).toBe(true);
      const tolerance = 0.0005 * (contributions.length + 1) + 1e-9;
      for (const axis of ['V', 'A', 'D'] as const) {
        const total = contributions.reduce((sum, c) => sum + c[axis], 0);
        expect(Math.abs(total - change[axis])).toBeLessThanOrEqual(tolerance);
      }
    });
  });

  it('gives personality nothing for a character with every trait at the midpoint and no stress', () => {
    const params = paramsFor();
    for (const appraisal of Object.values(canonical)) {
      const { attribution } = applyAppraisal(freshState(params), params, appraisal, {
        elapsedSeconds: 30,
        now: t0 + 30_000,
      });
      const at = attributionSlots.findIndex((slot) => slot.kind === 'personality');
      for (let axis = 0; axis < 3; axis++)
        expect(Math.abs(attribution.parts[3 * at + axis] as number)).toBeLessThan(1e-12);
    }
  });

  it('gives the body, not personality, what stress adds to a negative impulse', () => {
    const params = paramsFor();
    let state = freshState(params);
    for (let i = 0; i < 3; i++) {
      state = applyAppraisal(state, params, canonical.betrayal, {
        elapsedSeconds: 600,
        now: state.time + 600_000,
      }).state;
    }
    expect(state.stress).toBeGreaterThan(0.1);
    const { attribution, after } = applyAppraisal(state, params, canonical.insult, {
      elapsedSeconds: 600,
      now: state.time + 600_000,
    });
    expect(after.felt.V).toBeGreaterThan(-1);
    const at = (kind: string) => 3 * attributionSlots.findIndex((slot) => slot.kind === kind);
    for (let axis = 0; axis < 3; axis++) {
      expect(Math.abs(attribution.parts[at('personality') + axis] as number)).toBeLessThan(1e-12);
    }
    expect(attribution.parts[at('body')]).toBeLessThan(-0.01);
  });

  it('gives memory what recalled episodes add: the reinstated feeling and the sensitised impulse', () => {
    const params = paramsFor();
    const state = freshState(params);
    const options = { elapsedSeconds: 30, now: t0 + 30_000 };
    const memory: MemoryInfluence = { gain: 1.5, expectation: null, reinstate: { V: -0.1, a: 0, D: 0 } };
    const plain = applyAppraisal(state, params, canonical.insult, options).attribution;
    const recalled = applyAppraisal(state, params, canonical.insult, { ...options, memory }).attribution;
    const at = 3 * attributionSlots.findIndex((slot) => slot.kind === 'memory');
    expect(plain.parts[at]).toBeCloseTo(0, 12);
    expect(recalled.parts[at]).toBeLessThan(-0.05);
    expect(recalled.change.V).toBeLessThan(plain.change.V);
  });
});

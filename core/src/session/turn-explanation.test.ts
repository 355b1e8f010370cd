import { describe, expect, it } from 'vitest';
import { ap, canonical, freshReaderSession, freshState, paramsFor, t0 } from '../../test/fixtures.js';
import type { Appraisal } from '../appraisal/appraisal.js';
import { applyAppraisal } from '../engine/apply-turn.js';
import type { EngineState } from '../engine/engine-state.js';
import type { EngineParams } from '../persona/engine-params.js';
import { createSeededRandom } from '../random.js';
import { maxContributions, toTurnExplanation } from './turn-explanation.js';

function explain(state: EngineState, params: EngineParams, appraisal: Appraisal, elapsedSeconds = 30) {
  const outcome = applyAppraisal(state, params, appraisal, {
    elapsedSeconds,
    now: state.time + elapsedSeconds * 1000,
  });
  return { outcome, explanation: toTurnExplanation(outcome.attribution) };
}

describe('toTurnExplanation', () => {
  it('names goal congruence, pushing valence down, first for a strong negative event', () => {
    for (const personality of [{}, { N: 0.9 }, { E: 0.9, A: 0.2 }]) {
      const params = paramsFor(personality);
      for (const event of [canonical.betrayal, canonical.insult, canonical.expectedLoss]) {
        const [first] = explain(freshState(params), params, event).explanation.contributions;
        expect(first).toMatchObject({ kind: 'appraisal', dimension: 'goal_congruence' });
        expect(first?.V).toBeLessThan(-0.1);
        expect(first?.text).toMatch(/^Goal congruence −0\.\d0 \(weight 0\.70\) lowered valence by 0\.\d\d/);
      }
    }
  });

  it('names decay as what carried the change when a long time passed with nothing happening', () => {
    const params = paramsFor();
    let state = freshState(params);
    for (let i = 0; i < 3; i++) state = explain(state, params, canonical.betrayal).outcome.state;
    const { explanation } = explain(state, params, ap(0, 0, 0.5, 0.5, 0, 0), 10 * 3600);
    const [first] = explanation.contributions;
    expect(first?.kind).toBe('decay');
    expect(first?.text).toMatch(/^Time passing since the last update \(10 h\) raised valence by \d\.\d\d/);
    for (const axis of ['V', 'A', 'D'] as const) {
      expect(Math.abs((first?.[axis] ?? 0) - explanation.change[axis])).toBeLessThan(0.01);
    }
    expect(explanation.change.V).toBeGreaterThan(0.3);
  });

  it('lists at most the largest few, then other with the rest, each part a sentence', () => {
    const params = paramsFor({ N: 0.8, E: 0.3 });
    let state = freshState(params);
    for (const event of [
      canonical.insult,
      canonical.kindness,
      canonical.suddenThreat,
      canonical.ownSuccess,
    ]) {
      const { outcome, explanation } = explain(state, params, event, 60);
      const { contributions } = explanation;
      expect(contributions.length).toBeLessThanOrEqual(maxContributions + 1);
      const listed = contributions.filter((c) => c.kind !== 'other');
      const sizes = listed.map((c) => Math.abs(c.V) + Math.abs(c.A) + Math.abs(c.D));
      // Largest first (up to rounding).
      for (let i = 1; i < sizes.length; i++)
        expect(sizes[i]).toBeLessThanOrEqual((sizes[i - 1] as number) + 0.002);
      for (const c of contributions) {
        expect(c.text).toMatch(/^[A-Z].* (raised|lowered) (valence|arousal|dominance) by \d\.\d{2,3}.*\.$/);
        expect(c.dimension !== undefined).toBe(c.kind === 'appraisal');
        if (c.kind === 'appraisal') expect(c.value).toBe(outcome.attribution.appraisal[c.dimension!]);
      }
      state = outcome.state;
    }
  });
});

describe('the sentences', () => {
  it('quote the number of the axis each part moved most, as the part shows it', () => {
    const random = createSeededRandom(3);
    const u = () => random.next();
    let checked = 0;
    for (let c = 0; c < 10; c++) {
      const params = paramsFor({ E: u(), N: u(), A: u() });
      let state = freshState(params);
      for (let i = 0; i < 60; i++) {
        const event = ap(u(), 2 * u() - 1, u(), u(), 2 * u() - 1, 2 * u() - 1);
        const { outcome, explanation } = explain(state, params, event, 1 + 600 * u());
        for (const part of explanation.contributions) {
          const sizes = [part.V, part.A, part.D].map(Math.abs);
          const axis = sizes.indexOf(Math.max(...sizes));
          const size = sizes[axis] as number;
          const shown = size >= 0.01 ? (Math.round(size * 100) / 100).toFixed(2) : size.toFixed(3);
          const verb = [part.V, part.A, part.D][axis]! < 0 ? 'lowered' : 'raised';
          expect(part.text).toContain(` ${verb} ${['valence', 'arousal', 'dominance'][axis]} by ${shown}.`);
          checked++;
        }
        state = outcome.state;
      }
    }
    expect(checked).toBeGreaterThan(2000);
  });
});

describe('the turn result’s explanation', () => {
  it('comes right after reply and memory, before the text-turn fields', async () => {
    const { service, sessionId } = await freshReaderSession();
    const text = await service.textTurn('user', { sessionId, message: 'You lied to me' });
    const keys = Object.keys(text);
    expect(keys.slice(keys.indexOf('reply'), keys.indexOf('reply') + 4)).toEqual([
      'reply',
      'memory',
      'explanation',
      'appraiser',
    ]);
    const turn = await service.appraisalTurn('user', { sessionId, appraisal: canonical.kindness });
    expect(Object.keys(turn).at(-1)).toBe('explanation');
    expect(turn.explanation.contributions[0]).toMatchObject({
      kind: 'appraisal',
      dimension: 'goal_congruence',
    });
    expect(turn.explanation.change.V).toBeGreaterThan(0);
  });

  it('measures the change from the felt emotion at the previous update', () => {
    const params = paramsFor();
    const first = explain(freshState(params), params, canonical.insult);
    const second = explain(first.outcome.state, params, canonical.kindness, 120);
    const before = first.outcome.after.felt;
    const after = second.outcome.after.felt;
    expect(second.explanation.change.V).toBeCloseTo(after.V - before.V, 3);
    expect(second.explanation.change.A).toBeCloseTo((after.a - before.a) / 2, 3);
    expect(t0).toBeLessThan(second.outcome.state.time);
  });
});

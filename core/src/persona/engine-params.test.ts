import { describe, expect, it } from 'vitest';
import { paramsFor } from '../../test/fixtures.js';
import { deriveEngineParams } from './engine-params.js';
import { resolvePersona } from './resolve-persona.js';

// Mehrabian (1996) directions with the fifth factor as neuroticism (emotion-model.md §3.1, sign-corrected):
// E → +P +D; A → +P +A −D; N → −P +A; O → +A +D; C → +D.
describe('personality baseline (Mehrabian 1996, sign-corrected)', () => {
  const low = (trait: 'O' | 'C' | 'E' | 'A' | 'N') => paramsFor({ [trait]: 0.1 }).baseline;
  const high = (trait: 'O' | 'C' | 'E' | 'A' | 'N') => paramsFor({ [trait]: 0.9 }).baseline;

  it('makes extraverts more pleasant and more dominant', () => {
    expect(high('E').V).toBeGreaterThan(low('E').V);
    expect(high('E').D).toBeGreaterThan(low('E').D);
  });

  it('makes agreeable characters pleasant, arousable and submissive', () => {
    expect(high('A').V).toBeGreaterThan(low('A').V);
    expect(high('A').a).toBeGreaterThan(low('A').a);
    expect(high('A').D).toBeLessThan(low('A').D);
  });

  it('makes neurotic characters less pleasant and more aroused (stability: pleasant and unarousable)', () => {
    expect(high('N').V).toBeLessThan(low('N').V);
    expect(high('N').a).toBeGreaterThan(low('N').a);
  });

  it('makes open characters more dominant and more arousable', () => {
    expect(high('O').D).toBeGreaterThan(low('O').D);
    expect(high('O').a).toBeGreaterThan(low('O').a);
  });

  it('makes conscientious characters more dominant', () => {
    expect(high('C').D).toBeGreaterThan(low('C').D);
  });

  it('weights agreeableness most for pleasure and extraversion most for dominance', () => {
    const dVofA = high('A').V - low('A').V;
    const dVofE = high('E').V - low('E').V;
    const dDofE = high('E').D - low('E').D;
    const dDofO = high('O').D - low('O').D;
    expect(dVofA).toBeGreaterThan(dVofE);
    expect(dDofE).toBeGreaterThan(dDofO);
  });

  it('keeps a neutral character at the origin', () => {
    const b = paramsFor().baseline;
    expect(Math.abs(b.V) + Math.abs(b.a) + Math.abs(b.D)).toBeLessThan(1e-9);
  });

  it('lets an explicit emotion_config.baseline win over personality', () => {
    const persona = resolvePersona({
      personality: { O: 0.5, C: 0.5, E: 0.9, A: 0.5, N: 0.5, H: 0.5 },
      emotion_config: { baseline: { V: -0.5, A: 0.2, D: 0.1 } },
    });
    const p = deriveEngineParams(persona);
    expect(p.config.baseline).toEqual({ V: -0.5, A: 0.2, D: 0.1 });
    expect(p.baseline.a).toBeCloseTo(-0.6, 12);
  });
});

describe('personality gains', () => {
  it('gives extraverts a larger positive gain and neurotics a larger negative gain (Larsen & Ketelaar 1991)', () => {
    expect(paramsFor({ E: 0.9 }).config.positive_gain).toBeGreaterThan(
      paramsFor({ E: 0.1 }).config.positive_gain,
    );
    expect(paramsFor({ N: 0.9 }).config.negative_gain).toBeGreaterThan(
      paramsFor({ N: 0.1 }).config.negative_gain,
    );
  });

  it('lowers the coping threshold with neuroticism', () => {
    expect(paramsFor({ N: 0.9 }).config.coping_threshold).toBeLessThan(
      paramsFor({ N: 0.1 }).config.coping_threshold,
    );
  });

  it('derives attachment anxiety from dependence and avoidance from low extraversion', () => {
    const clingy = paramsFor({ facets: { dependence: 1, anxiety: 0.9 } });
    const aloof = paramsFor({ E: 0.1, facets: { sentimentality: 0.1, social_self_esteem: 0.7 } });
    expect(clingy.attachment.style).toBe('anxious');
    expect(aloof.attachment.style).toBe('avoidant');
    expect(paramsFor().attachment.style).toBe('secure');
  });
});

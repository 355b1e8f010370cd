import { describe, expect, it } from 'vitest';
import { appraisalDimensions, clampDimension, neutralAppraisal } from './appraisal.js';
import { apiKeyProblem } from './key-format.js';

describe('appraisal form', () => {
  it('uses the documented ranges: three in [0, 1], three in [-1, 1]', () => {
    const ranges = Object.fromEntries(appraisalDimensions.map((d) => [d.key, [d.min, d.max]]));
    expect(ranges).toEqual({
      goal_relevance: [0, 1],
      goal_congruence: [-1, 1],
      expectedness: [0, 1],
      controllability: [0, 1],
      agency: [-1, 1],
      norm_compatibility: [-1, 1],
    });
  });

  it('starts every dimension at the middle of its range', () => {
    expect(neutralAppraisal()).toEqual({
      goal_relevance: 0.5,
      goal_congruence: 0,
      expectedness: 0.5,
      controllability: 0.5,
      agency: 0,
      norm_compatibility: 0,
    });
  });

  it('clamps values into the range', () => {
    const agency = appraisalDimensions.find((d) => d.key === 'agency')!;
    expect(clampDimension(agency, 3)).toBe(1);
    expect(clampDimension(agency, -3)).toBe(-1);
    expect(clampDimension(agency, Number.NaN)).toBe(0);
  });
});

describe('apiKeyProblem', () => {
  it('accepts test and live keys', () => {
    expect(apiKeyProblem(' svc_test_abc123 ')).toBeNull();
    expect(apiKeyProblem('svc_live_abc123')).toBeNull();
  });

  it('explains an operator token, an empty field and anything else', () => {
    expect(apiKeyProblem('limbic_admin_abc')).toMatch(/operator token/);
    expect(apiKeyProblem('')).toMatch(/Paste/);
    expect(apiKeyProblem('sk-123')).toMatch(/svc_test_/);
  });
});

import { describe, expect, it } from 'vitest';
import { unknownFacetMessage, validatePersonaShape } from './persona-schema.js';

function paths(input: unknown): string[] {
  const result = validatePersonaShape(input);
  return result.ok ? [] : result.issues.map((issue) => issue.path);
}

const long = (n: number) => 'x'.repeat(n);

describe('validatePersonaShape', () => {
  it('accepts a full definition and drops explicitly undefined fields', () => {
    const definition = {
      preset: 'rival',
      identity: {
        name: 'Vex',
        core_values: ['pride'],
        speaking_style: 'curt',
        role: 'Rival',
        language: 'pt-BR',
      },
      personality: { O: 0, C: 1, facets: { sincerity: 0.3 } },
      emotion_config: { baseline: { V: -1, A: 0, D: 1 }, reactivity: 2, turn_seconds: 3600 },
      goals: ['Win'],
      description: 'A rival',
    };
    expect(validatePersonaShape(definition)).toEqual({ ok: true, value: definition });
    const shape = validatePersonaShape({ identity: { name: undefined, role: 'Scout' }, goals: undefined });
    expect(shape).toEqual({ ok: true, value: { identity: { role: 'Scout' } } });
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, '0.5', null, -0.01, 1.01])(
    'rejects %s as a trait or facet',
    (value) => {
      const result = validatePersonaShape({ personality: { E: value, facets: { anxiety: value } } });
      expect(result).toEqual({
        ok: false,
        issues: [
          { path: 'personality.E', message: expect.stringMatching(/^must be a number in \[0, 1\] \(got /) },
          {
            path: 'personality.facets.anxiety',
            message: expect.stringMatching(/^must be a number in \[0, 1\]/),
          },
        ],
      });
    },
  );

  it('names every unknown facet and lists the 24', () => {
    const result = validatePersonaShape({
      personality: { facets: { bogus: 0.3, altruism: 0.5, patience: 0.2 } },
    });
    expect(result).toEqual({
      ok: false,
      issues: [
        { path: 'personality.facets.bogus', message: unknownFacetMessage },
        { path: 'personality.facets.altruism', message: unknownFacetMessage },
      ],
    });
    expect(unknownFacetMessage).toMatch(/^is not one of the 24 HEXACO facets \(sincerity, fairness, .*\)$/);
    expect(unknownFacetMessage.split(', ')).toHaveLength(24);
  });

  it('rejects unknown fields at every level', () => {
    expect(
      paths({
        mood: 1,
        identity: { age: 3 },
        personality: { X: 0.5 },
        emotion_config: { baseline: { V: 0, A: 0, D: 0, Q: 1 } },
      }),
    ).toEqual(['identity.age', 'personality.X', 'emotion_config.baseline.Q', 'mood']);
  });

  it('enforces the identity, goal and description limits', () => {
    const result = validatePersonaShape({
      identity: { name: long(101), role: long(501), core_values: Array(21).fill('v'), language: 'english' },
      goals: [long(301)],
      description: long(301),
    });
    expect(result.ok ? [] : result.issues).toEqual([
      { path: 'identity.name', message: `must be a string of at most 100 characters (got "${long(40)}…")` },
      {
        path: 'identity.core_values',
        message: 'must be a list of at most 20 strings of at most 100 characters (got an array)',
      },
      {
        path: 'identity.role',
        message: expect.stringMatching(/^must be a string of at most 500 characters/),
      },
      { path: 'identity.language', message: expect.stringMatching(/^must be a BCP 47 language tag/) },
      { path: 'goals[0]', message: expect.stringMatching(/^must be a string of at most 300 characters/) },
      { path: 'description', message: expect.stringMatching(/^must be a string of at most 300 characters/) },
    ]);
    expect(
      paths({
        preset: '',
        identity: { name: '', speaking_style: 7, language: `en${'-abcdefgh'.repeat(4)}` },
      }),
    ).toEqual(['preset', 'identity.name', 'identity.speaking_style', 'identity.language']);
    expect(
      paths({
        identity: { role: long(500), core_values: Array(20).fill(long(100)) },
        goals: Array(20).fill(long(300)),
      }),
    ).toEqual([]);
    expect(paths({ preset: long(65), goals: Array(21).fill('g') })).toEqual(['preset', 'goals']);
  });

  it('enforces the emotion_config ranges, with open lower bounds on half-lives', () => {
    const edges = { emotion_half_life_seconds: 604_800, mood_half_life_seconds: 2_592_000, turn_seconds: 0 };
    expect(
      paths({ emotion_config: { ...edges, energy_recovery_per_hour: 10, coping_threshold: 0 } }),
    ).toEqual([]);
    const result = validatePersonaShape({
      emotion_config: {
        emotion_half_life_seconds: 0,
        mood_half_life_seconds: 2_592_001,
        stress_half_life_seconds: -5,
        positive_gain: 3.1,
        mood_pull: 1.5,
        turn_seconds: 3601,
        baseline: { V: 0.2, D: 0 },
      },
    });
    expect(result.ok ? [] : result.issues).toEqual([
      { path: 'emotion_config.baseline.A', message: 'must be a number in [0, 1] (got nothing)' },
      { path: 'emotion_config.positive_gain', message: 'must be a number in [0, 3] (got 3.1)' },
      {
        path: 'emotion_config.emotion_half_life_seconds',
        message: 'must be a number in (0, 604800] (got 0)',
      },
      {
        path: 'emotion_config.mood_half_life_seconds',
        message: 'must be a number in (0, 2592000] (got 2592001)',
      },
      { path: 'emotion_config.mood_pull', message: 'must be a number in [0, 1] (got 1.5)' },
      {
        path: 'emotion_config.stress_half_life_seconds',
        message: 'must be a number in (0, 2592000] (got -5)',
      },
      { path: 'emotion_config.turn_seconds', message: 'must be a number in [0, 3600] (got 3601)' },
    ]);
    expect(paths({ emotion_config: { baseline: 0.5 } })).toEqual(['emotion_config.baseline']);
  });
});

import { describe, expect, it } from 'vitest';
import { isLimbicError, type LimbicError } from '../errors.js';
import { unknownFacetMessage } from './persona-schema.js';
import { presetIds } from './presets.js';
import { resolvePersona, validatePersona } from './resolve-persona.js';

const custom = { O: 0.5, C: 0.5, E: 0.5, A: 0.5, N: 0.5, H: 0.5 };

function caught(input: unknown): LimbicError {
  try {
    resolvePersona(input);
  } catch (error) {
    if (isLimbicError(error)) return error;
    throw error;
  }
  throw new Error('resolvePersona did not throw');
}

function paths(input: unknown): string[] {
  const result = validatePersona(input);
  return result.ok ? [] : result.issues.map((issue) => issue.path);
}

describe('resolvePersona: preset merge', () => {
  it('lets custom fields win one by one and fills the rest from the preset', () => {
    const persona = resolvePersona({
      preset: 'stoic_mentor',
      identity: { name: 'Marcus', language: 'la' },
      personality: { N: 0.6 },
      emotion_config: { reactivity: 0.4 },
    });
    expect(persona.preset).toBe('stoic_mentor');
    expect(persona.description).toBe('Calm, wise, and emotionally grounded');
    expect(persona.identity).toMatchObject({ name: 'Marcus', language: 'la', role: 'Mentor' });
    expect(persona.identity.core_values).toEqual(['wisdom', 'patience', 'self-discipline']);
    expect(persona.personality).toMatchObject({ O: 0.6, C: 0.85, E: 0.35, A: 0.6, N: 0.6, H: 0.75 });
    expect(persona.goals).toEqual([
      'Help the user grow through steady guidance',
      'Model composure under pressure',
    ]);
    expect(persona.emotion_config).toEqual({ mood_pull: 0.15, reactivity: 0.4 });
  });

  it('replaces goals, core values, description and baseline wholesale', () => {
    const baseline = { V: 0.1, A: 0.2, D: 0.3 };
    const persona = resolvePersona({
      preset: 'cheerful_companion',
      identity: { core_values: ['honesty'] },
      goals: [],
      description: 'A sunny robot',
      emotion_config: { baseline },
    });
    expect(persona.goals).toEqual([]);
    expect(persona.identity.core_values).toEqual(['honesty']);
    expect(persona.description).toBe('A sunny robot');
    expect(persona.emotion_config).toEqual({ baseline });
    expect(persona.emotion_config.baseline).not.toBe(baseline);
  });

  it('keeps a preset facet while the preset domain stands, and overrides facets one by one', () => {
    const facets = resolvePersona({ preset: 'curious_scholar', personality: { facets: { creativity: 0.2 } } })
      .personality.facets;
    expect(facets).toMatchObject({ inquisitiveness: 0.95, creativity: 0.2, aesthetic_appreciation: 0.9 });
  });

  it("drops the preset's facets of a domain the user sets", () => {
    const persona = resolvePersona({ preset: 'curious_scholar', personality: { O: 0.4 } });
    expect(persona.personality.O).toBe(0.4);
    expect(persona.personality.facets.inquisitiveness).toBe(0.4);
    expect(
      resolvePersona({ preset: 'grumpy_veteran', personality: { C: 0.1 } }).personality.facets.patience,
    ).toBe(0.1);
  });

  it('holds only the emotion_config fields that were set', () => {
    expect(resolvePersona({ preset: 'rival' }).emotion_config).toEqual({});
    expect(
      resolvePersona({ personality: custom, emotion_config: { turn_seconds: 0 } }).emotion_config,
    ).toEqual({
      turn_seconds: 0,
    });
  });
});

describe('resolvePersona: custom personas', () => {
  it('derives a missing domain as the mean of its given facets', () => {
    const persona = resolvePersona({
      personality: { O: 0.5, C: 0.5, E: 0.5, A: 0.5, N: 0.5, facets: { sincerity: 0.2, modesty: 0.5 } },
    });
    expect(persona.personality.H).toBeCloseTo(0.35, 12);
    expect(persona.personality.facets).toMatchObject({ sincerity: 0.2, modesty: 0.5 });
    expect(persona.personality.facets.fairness).toBeCloseTo(0.35, 12);
    expect(persona.personality.facets.greed_avoidance).toBeCloseTo(0.35, 12);
  });

  it('keeps an explicit domain and its facets as given, and defaults the other facets to their domain', () => {
    const persona = resolvePersona({ personality: { ...custom, H: 0.9, facets: { sincerity: 0.1 } } });
    expect(persona.personality.H).toBe(0.9);
    expect(persona.personality.facets).toMatchObject({ sincerity: 0.1, fairness: 0.9, modesty: 0.9 });
    expect(Object.keys(persona.personality.facets)).toHaveLength(24);
    expect(persona.personality.facets.patience).toBe(0.5);
  });

  it('fills identity, description and goals with defaults', () => {
    const persona = resolvePersona({ personality: custom });
    expect(persona).toMatchObject({ preset: null, description: 'Persona, a custom persona', goals: [] });
    expect(persona.identity).toEqual({ name: 'Persona', language: 'en', core_values: [] });
    const named = resolvePersona({ personality: custom, identity: { name: 'Nova', role: 'starship pilot' } });
    expect(named.description).toBe('Nova, starship pilot');
  });

  it('treats explicitly undefined fields as absent', () => {
    const persona = resolvePersona({
      preset: 'rival',
      identity: { name: undefined },
      personality: { A: undefined },
    });
    expect(persona.identity.name).toBe('Vex');
    expect(persona.personality.A).toBe(0.2);
  });
});

describe('validatePersona: issues', () => {
  it('collects every mistake at once with its path', () => {
    const input = {
      personality: { ...custom, O: 1.4, facets: { bogus: 0.3 } },
      identity: { name: 42 },
      emotion_config: { reactivity: -1 },
      mood: 'happy',
    };
    const error = caught(input);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.issues).toEqual(
      expect.arrayContaining([
        { path: 'personality.O', message: 'must be a number in [0, 1] (got 1.4)' },
        { path: 'personality.facets.bogus', message: unknownFacetMessage },
        { path: 'identity.name', message: 'must be a string of at most 100 characters (got 42)' },
        { path: 'emotion_config.reactivity', message: 'must be a number in [0, 2] (got -1)' },
        { path: 'mood', message: 'is not a known field' },
      ]),
    );
    expect(error.issues).toHaveLength(5);
    expect(unknownFacetMessage).toMatch(/^is not one of the 24 HEXACO facets \(sincerity, fairness, /);
    expect(error.message).toContain('personality.facets.bogus: is not one of the 24 HEXACO facets');
  });

  it('reports each missing domain on its own, together with schema issues', () => {
    expect(paths({ personality: { O: 0.5, C: 2, facets: { liveliness: 0.4 } } })).toEqual([
      'personality.C',
      'personality.A',
      'personality.N',
      'personality.H',
    ]);
    const result = validatePersona({ personality: {} });
    expect(result.ok ? [] : result.issues.map((i) => i.message)).toEqual(
      Array(6).fill('is required (give the domain or any of its facets)'),
    );
  });

  it('needs a preset or a personality', () => {
    expect(validatePersona({})).toEqual({
      ok: false,
      issues: [{ path: 'personality', message: 'is required when no preset is given' }],
    });
    expect(paths({ identity: { name: 'Nova' } })).toEqual(['personality']);
  });

  it('rejects an unknown preset with INVALID_PRESET naming the known ones', () => {
    const error = caught({ preset: 'grumpy_wizard' });
    expect(error.code).toBe('INVALID_PRESET');
    expect(error.message).toBe(`Unknown preset "grumpy_wizard"; known presets: ${presetIds.join(', ')}`);
    expect(paths({ preset: 'grumpy_wizard' })).toEqual(['preset']);
    expect(caught({ preset: 'toString' }).code).toBe('INVALID_PRESET');
  });

  it('rejects NaN with a VALIDATION_ERROR at its path', () => {
    const error = caught({ personality: { ...custom, E: Number.NaN } });
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.issues).toEqual([
      { path: 'personality.E', message: 'must be a number in [0, 1] (got NaN)' },
    ]);
  });

  it.each([null, 42, 'x', [], undefined, true])(
    'returns issues for the non-object %j and never throws untyped',
    (input) => {
      expect(validatePersona(input)).toEqual({
        ok: false,
        issues: [{ path: '', message: expect.stringMatching(/^must be an object/) }],
      });
      expect(caught(input).code).toBe('VALIDATION_ERROR');
    },
  );
});

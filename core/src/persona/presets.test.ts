import { describe, expect, it } from 'vitest';
import { domains, facets } from './hexaco.js';
import { getPreset, isPresetId, presetIds, presets } from './presets.js';
import { resolvePersona, validatePersona } from './resolve-persona.js';

const reference = [
  ['cheerful_companion', 'Sunny', { E: 0.8, A: 0.7 }, ['positivity', 'encouragement', 'warmth']],
  ['stoic_mentor', 'Sage', { N: 0.15, C: 0.85 }, ['wisdom', 'patience', 'self-discipline']],
  ['anxious_helper', 'Fern', { N: 0.75, E: 0.65 }, ['helpfulness', 'diligence', 'care']],
  ['playful_trickster', 'Puck', { O: 0.9, E: 0.75 }, ['creativity', 'fun', 'spontaneity']],
  ['empathetic_listener', 'Echo', { A: 0.9, E: 0.45 }, ['empathy', 'understanding', 'emotional safety']],
] as const;

const descriptions = {
  cheerful_companion: 'Warm, upbeat, and genuinely enthusiastic',
  stoic_mentor: 'Calm, wise, and emotionally grounded',
  anxious_helper: 'Eager but worried, relatable vulnerability',
  playful_trickster: 'Creative, spontaneous, and irreverent',
  empathetic_listener: 'Deeply attuned, validation-focused',
} as const;

describe('presets', () => {
  it('offers at least eight presets, keyed by their ids', () => {
    expect(presetIds.length).toBeGreaterThanOrEqual(8);
    expect(Object.keys(presets)).toEqual([...presetIds]);
    for (const id of presetIds) expect(presets[id].id).toBe(id);
  });

  it.each(reference)(
    'includes molroo %s as %s with its key traits and values',
    (id, name, traits, values) => {
      const preset = getPreset(id);
      expect(preset?.identity.name).toBe(name);
      expect(preset?.identity.core_values).toEqual(values);
      expect(preset?.description).toBe(descriptions[id]);
      expect(preset?.personality).toMatchObject(traits);
    },
  );

  it.each(presetIds)('%s is complete: description, identity, six domains in [0, 1], goals', (id) => {
    const preset = presets[id];
    expect(preset.description).toMatch(/^\S.{5,}$/);
    expect(preset.description).not.toContain('\n');
    expect(preset.identity.name.length).toBeGreaterThan(0);
    expect(preset.identity.role.length).toBeGreaterThan(0);
    expect(preset.identity.speaking_style.length).toBeGreaterThan(0);
    expect(preset.identity.core_values.length).toBeGreaterThan(0);
    expect(preset.identity.language).toBe('en');
    for (const d of domains) {
      expect(preset.personality[d]).toBeGreaterThanOrEqual(0);
      expect(preset.personality[d]).toBeLessThanOrEqual(1);
    }
    expect(preset.goals.length).toBeGreaterThanOrEqual(2);
    expect(preset.goals.length).toBeLessThanOrEqual(3);
  });

  it.each(presetIds)('%s resolves and validates with all 24 facets', (id) => {
    const resolved = resolvePersona({ preset: id });
    expect(resolved.preset).toBe(id);
    expect(resolved.identity.name).toBe(presets[id].identity.name);
    expect(Object.keys(resolved.personality.facets).sort()).toEqual([...facets].sort());
    expect(validatePersona({ preset: id })).toEqual({ ok: true, value: resolved });
  });

  it('spans the personality space', () => {
    const all = Object.values(presets).map((p) => p.personality);
    expect(all.some((p) => p.A <= 0.25)).toBe(true);
    expect(all.some((p) => p.N >= 0.7 && p.E <= 0.3)).toBe(true);
    expect(all.some((p) => p.H >= 0.85)).toBe(true);
    expect(all.some((p) => p.O <= 0.3)).toBe(true);
    expect(all.some((p) => p.H <= 0.3)).toBe(true);
  });

  it('gives each preset a distinct name and personality', () => {
    const names = new Set(Object.values(presets).map((p) => p.identity.name));
    const profiles = new Set(Object.values(presets).map((p) => domains.map((d) => p.personality[d]).join()));
    expect(names.size).toBe(presetIds.length);
    expect(profiles.size).toBe(presetIds.length);
  });

  it('is deep-frozen plain data', () => {
    const preset = presets.stoic_mentor;
    expect(Object.isFrozen(presets)).toBe(true);
    expect(Object.isFrozen(preset.identity.core_values)).toBe(true);
    expect(Object.isFrozen(preset.personality)).toBe(true);
    expect(() => {
      (preset.goals as string[]).push('mutate');
    }).toThrow(TypeError);
    expect(JSON.parse(JSON.stringify(presets))).toEqual(presets);
  });

  it('does not hand out resolved personas that share arrays with the presets', () => {
    const resolved = resolvePersona({ preset: 'cheerful_companion' });
    resolved.goals.push('changed');
    resolved.identity.core_values.push('changed');
    expect(presets.cheerful_companion.goals).not.toContain('changed');
    expect(presets.cheerful_companion.identity.core_values).not.toContain('changed');
  });

  it('finds presets by own id only', () => {
    expect(getPreset('rival')?.id).toBe('rival');
    expect(getPreset('nope')).toBeUndefined();
    expect(getPreset('toString')).toBeUndefined();
    expect(getPreset('__proto__')).toBeUndefined();
    expect(isPresetId('stoic_mentor')).toBe(true);
    expect(isPresetId('constructor')).toBe(false);
  });
});

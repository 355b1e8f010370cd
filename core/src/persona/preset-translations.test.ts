import { describe, expect, it } from 'vitest';
import { buildPromptData } from '../prompt/build-prompt-data.js';
import type { PromptInput } from '../prompt/prompt-input.js';
import type { ResolvedPersona } from './persona.js';
import { translatedPresetDetails, translatedPresetIdentity } from './preset-translations.js';
import { getPreset, presetIds } from './presets.js';
import { resolvePersona } from './resolve-persona.js';

function promptOf(persona: ResolvedPersona) {
  const input: PromptInput = {
    persona,
    emotion: { V: 0.3, A: 0.5, D: 0.1 },
    primary: 'joy',
    secondary: null,
    intensity: 0.5,
    energy: 0.7,
    stress: 0.3,
    stage: { id: 'attentive', level: 3, progress: 0.2 },
    needs: { belonging: 0.5, competence: 0.5, autonomy: 0.5 },
    needSetpoints: { belonging: 0.5, competence: 0.5, autonomy: 0.5 },
    relationship: { rapport: 0.5, trust: 0.5, familiarity: 0.1, attachment_style: 'secure' },
    eventContext: null,
  };
  return buildPromptData(input);
}

const latin = /[A-Za-z]/;

describe('preset identities in Spanish and Japanese', () => {
  it.each(presetIds)('%s in Japanese: the whole system prompt, identity included, is Japanese', (id) => {
    const data = promptOf(resolvePersona({ preset: id, identity: { language: 'ja-JP' } }));
    const { identity } = data.system;
    const strings = [
      identity.name,
      identity.role ?? '',
      ...identity.core_values,
      identity.speaking_style ?? '',
    ];
    expect(strings.filter((text) => latin.test(text) || text === '')).toEqual([]);
    const english = getPreset(id)?.identity;
    expect(identity.core_values).toHaveLength(english?.core_values.length ?? -1);
    // The whole system prompt (identity, description, personality, goals) is Japanese: no English word in it.
    const prompt = data.formatted.system_prompt;
    for (const text of strings) expect(prompt).toContain(text);
    expect(prompt.match(/[A-Za-z]+/g) ?? []).toEqual([]);
    expect(data.system.goals).toHaveLength(getPreset(id)?.goals.length ?? -1);
  });

  it.each(presetIds)(
    '%s in Spanish: role, values, style, description and goals translated, the name kept',
    (id) => {
      const persona = resolvePersona({ preset: id, identity: { language: 'es' } });
      const english = getPreset(id)?.identity;
      expect(persona.identity.name).toBe(english?.name);
      expect(persona.identity.speaking_style).not.toBe(english?.speaking_style);
      expect(persona.identity.core_values).not.toEqual(english?.core_values);
      expect(persona.identity).toMatchObject({ ...translatedPresetIdentity({ id }, 'es'), language: 'es' });
      expect(persona.description).toBe(translatedPresetDetails({ id }, 'es')?.description);
      expect(persona.goals).toEqual(translatedPresetDetails({ id }, 'es')?.goals);
      expect(persona.goals).toHaveLength(getPreset(id)?.goals.length ?? -1);
    },
  );

  it('keeps English presets and what the definition sets itself', () => {
    expect(resolvePersona({ preset: 'stoic_mentor' }).identity.role).toBe('Mentor');
    expect(
      resolvePersona({ preset: 'stoic_mentor', identity: { language: 'fr' } }).identity.speaking_style,
    ).toBe(getPreset('stoic_mentor')?.identity.speaking_style);
    const custom = resolvePersona({
      preset: 'stoic_mentor',
      identity: { language: 'ja', name: 'Kenji', role: '庭師' },
    });
    expect(custom.identity).toMatchObject({
      name: 'Kenji',
      role: '庭師',
      core_values: ['知恵', '忍耐', '自制'],
    });
    expect(translatedPresetIdentity({ id: 'no_such_preset' }, 'ja')).toBeUndefined();
    const own = resolvePersona({
      preset: 'rival',
      description: 'Mine',
      goals: ['Win'],
      identity: { language: 'ja' },
    });
    expect(own).toMatchObject({ description: 'Mine', goals: ['Win'] });
  });
});

import { describe, expect, it } from 'vitest';
import { facets } from './hexaco.js';
import { personaRubric, readPersonaAnswer } from './persona-writer.js';
import { resolvePersona } from './resolve-persona.js';

const traits = { O: 0.6, C: 0.4, E: 0.8, A: 0.7, N: 0.5, H: 0.6 };

describe('persona writer: reading the model’s answer', () => {
  it('keeps a valid persona, drops null facets and unknown keys, and the result resolves', () => {
    const read = readPersonaAnswer({
      identity: {
        name: ' Pip ',
        role: 'street musician',
        core_values: ['freedom', ''],
        speaking_style: 'Playful',
      },
      personality: {
        ...traits,
        facets: { ...Object.fromEntries(facets.map((f) => [f, null])), liveliness: 0.95 },
      },
      goals: ['Play at the big festival'],
      mood: 'sunny',
    });
    expect(read).toEqual({
      identity: { name: 'Pip', role: 'street musician', core_values: ['freedom'], speaking_style: 'Playful' },
      personality: { ...traits, facets: { liveliness: 0.95 } },
      goals: ['Play at the big festival'],
    });
    expect(resolvePersona(read).personality.facets.liveliness).toBe(0.95);
  });

  it('drops facets that are not among the 24', () => {
    expect(readPersonaAnswer({ personality: { ...traits, facets: { luck: 0.5 } } })).toEqual({
      identity: {},
      personality: traits,
    });
  });

  it('unwraps {"persona": …}, clamps near misses and cuts over-long texts to the persona’s limits', () => {
    const read = readPersonaAnswer({
      persona: {
        identity: { name: 'x'.repeat(300) },
        personality: { ...traits, O: 1.03, C: -0.02 },
        goals: Array.from({ length: 30 }, (_, i) => `goal ${i}`),
      },
    });
    expect('reason' in read).toBe(false);
    if ('reason' in read) return;
    expect(read.identity?.name).toHaveLength(100);
    expect(read.personality).toMatchObject({ O: 1, C: 0 });
    expect(read.goals).toHaveLength(20);
  });

  it.each([
    [{ personality: { ...traits, O: 7 } }, /personality\.O: must be a number in \[0, 1\]/],
    [{ personality: { O: 0.5 } }, /personality\.C: missing/],
    [{ personality: { ...traits, facets: { patience: 2 } } }, /personality\.facets\.patience: must be/],
    [{ identity: { language: 'Klingon!' }, personality: traits }, /identity\.language: must be a BCP 47/],
  ])('names what is wrong with %j', (answer, reason) => {
    const read = readPersonaAnswer(answer as Record<string, unknown>);
    expect('reason' in read && read.reason).toMatch(reason);
  });

  it('asks for every domain and facet, and treats the description as data', () => {
    for (const key of ['O conscientiousness', 'H honesty-humility', ...facets]) {
      expect(personaRubric).toContain(key.split(' ')[1] ?? key);
    }
    expect(personaRubric).toContain('<description>');
  });
});

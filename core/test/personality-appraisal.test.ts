import { beforeAll, describe, expect, it } from 'vitest';
import {
  createManualClock,
  createMemoryStore,
  createReaderAppraiser,
  createSessionService,
  type EmotionLabel,
  presetIds,
} from '../src/index.js';
import { presetMessages } from './preset-messages.js';

/**
 * Personality changes what a character feels, not only how strongly (issue 21; docs/emotion-model.md §11.4): the
 * ten presets hear the same twelve messages, fresh, and the differences the docs explain hold.
 */
const felt = new Map<string, Map<string, EmotionLabel>>();

beforeAll(async () => {
  const service = createSessionService({
    appraiser: createReaderAppraiser(),
    store: createMemoryStore(),
    clock: createManualClock(),
  });
  for (const message of presetMessages) {
    const row = new Map<string, EmotionLabel>();
    for (const preset of presetIds) {
      const { sessionId } = await service.createSession('t', { preset });
      row.set(preset, (await service.textTurn('t', { sessionId, message })).discrete_emotion);
    }
    felt.set(message, row);
  }
});

const at = (message: string, preset: string) => felt.get(message)!.get(preset)!;

describe('presets feel differently where psychology says they should', () => {
  it('gives different labels to at least two presets for at least 8 of the 12 messages', () => {
    const differing = presetMessages.filter((m) => new Set(felt.get(m)!.values()).size > 1);
    expect(differing.length).toBeGreaterThanOrEqual(8);
  });

  it('resents a success the speaker earned when honesty-humility and agreeableness are low (rival)', () => {
    expect(at('I got the job!', 'rival')).toBe('anger');
    expect(['joy', 'excitement']).toContain(at('I got the job!', 'empathetic_listener'));
    expect(at('I got the job!', 'grumpy_veteran')).toBe('trust');
  });

  it('meets good news with excitement when extraverted, joy otherwise', () => {
    expect(at('My best friend is coming to visit tomorrow!', 'cheerful_companion')).toBe('excitement');
    expect(at('My best friend is coming to visit tomorrow!', 'stoic_mentor')).toBe('joy');
  });

  it('is hurt rather than angry at an insult when highly agreeable', () => {
    expect(at("You're an idiot.", 'empathetic_listener')).toBe('sadness');
    expect(at("You're an idiot.", 'grumpy_veteran')).toBe('anger');
    expect(at('I lied to you.', 'empathetic_listener')).toBe('sadness');
    expect(at('I lied to you.', 'rival')).toBe('anger');
  });

  it('worries where a steady character grieves, and fears where it is concerned', () => {
    expect(['anxiety', 'fear']).toContain(at('My grandmother is in the hospital', 'anxious_helper'));
    expect(at('My grandmother is in the hospital', 'stoic_mentor')).toBe('sadness');
    expect(at("I'm so scared of the exam tomorrow", 'melancholic_artist')).toBe('fear');
    expect(at("I'm so scared of the exam tomorrow", 'stoic_mentor')).toBe('anxiety');
  });

  it('is surprised by novelty when open, unmoved when not', () => {
    expect(['surprise', 'excitement']).toContain(
      at('Did you know octopuses have three hearts?', 'curious_scholar'),
    );
    expect(at('Did you know octopuses have three hearts?', 'grumpy_veteran')).toBe('calm');
  });

  it('grieves with the speaker whatever its personality', () => {
    for (const preset of presetIds) expect(at('My dog died this morning.', preset)).toBe('sadness');
  });
});

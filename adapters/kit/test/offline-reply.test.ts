import {
  createSeededRandom,
  type EmotionLabel,
  type IntensityLevel,
  type PresetId,
  type PromptData,
} from '@limbic/core';
import { describe, expect, it } from 'vitest';
import { phraseTables } from '../src/offline-phrases.js';
import { offlineReply, voiceOf } from '../src/offline-reply.js';
import { sharedState } from './fixtures.js';

/** The prompt_data of a real first turn of `preset` in `language`. */
async function promptDataOf(preset: PresetId, language = 'en', name?: string): Promise<PromptData> {
  const { service } = sharedState();
  const identity = { language, ...(name ? { name } : {}) };
  const { sessionId } = await service.createSession('local', { preset, identity });
  return (await service.textTurn('local', { sessionId, message: 'Hello there.' })).prompt_data;
}

/** `data` with another feeling. */
function feeling(data: PromptData, primary: EmotionLabel, intensity_level: IntensityLevel): PromptData {
  return {
    ...data,
    context: { ...data.context, emotion: { ...data.context.emotion, primary, intensity_level } },
  };
}

const replyOf = (promptData: PromptData, seed = 1, isNewSession = false) =>
  offlineReply({ promptData, isNewSession }, createSeededRandom(seed));

describe('offline replies', () => {
  it('speak in each preset’s voice, read from its speaking style', async () => {
    const voices: Record<string, string> = {};
    for (const preset of [
      'cheerful_companion',
      'stoic_mentor',
      'anxious_helper',
      'playful_trickster',
      'empathetic_listener',
      'grumpy_veteran',
      'rival',
    ] as const) {
      voices[preset] = voiceOf(await promptDataOf(preset));
    }
    expect(voices).toEqual({
      cheerful_companion: 'bright',
      stoic_mentor: 'measured',
      anxious_helper: 'hesitant',
      playful_trickster: 'playful',
      empathetic_listener: 'gentle',
      grumpy_veteran: 'curt',
      rival: 'cocky',
    });
    const sunny = feeling(await promptDataOf('cheerful_companion'), 'joy', 'strong');
    const hollis = feeling(await promptDataOf('grumpy_veteran'), 'joy', 'strong');
    expect(replyOf(sunny, 1, true)).toMatch(/^Hi, I am Sunny! [^.]+! (Tell me everything|I am all ears)!$/);
    expect(replyOf(hollis, 1, true)).toMatch(/^Hi, I am Hollis\. (Hmph|Well)\. [^!]+\.$/);
  });

  it('say how the character feels and how strongly, never as a bare label', async () => {
    const base = await promptDataOf('stoic_mentor');
    const faint = replyOf(feeling(base, 'sadness', 'faint'));
    const intense = replyOf(feeling(base, 'sadness', 'intense'));
    const angry = replyOf(feeling(base, 'anger', 'intense'));
    const { sad, cross } = phraseTables.en.feelings;
    expect(sad.low.some((phrase) => faint.startsWith(phrase))).toBe(true);
    expect(sad.high.some((phrase) => intense.startsWith(phrase))).toBe(true);
    expect(cross.high.some((phrase) => angry.startsWith(phrase))).toBe(true);
    for (const reply of [faint, intense, angry]) expect(reply).not.toMatch(/\(|sadness|anger|faint|intense/);
  });

  it('speak Spanish and Japanese with the persona’s language', async () => {
    const es = feeling(await promptDataOf('empathetic_listener', 'es', 'Eco'), 'gratitude', 'moderate');
    const ja = feeling(await promptDataOf('empathetic_listener', 'ja', 'エコ'), 'gratitude', 'moderate');
    expect(es.locale).toBe('es');
    const inSpanish = replyOf(es, 3, true);
    expect(inSpanish).toMatch(/^Hola, soy Eco\. /);
    expect(phraseTables.es.feelings.warm.mid.some((phrase) => inSpanish.includes(phrase))).toBe(true);
    expect(phraseTables.es.closers.gentle.some((phrase) => inSpanish.endsWith(phrase))).toBe(true);
    const inJapanese = replyOf(ja, 3, true);
    expect(inJapanese).toMatch(/^はじめまして、エコです。/);
    expect(phraseTables.ja.feelings.warm.mid.some((phrase) => inJapanese.includes(phrase))).toBe(true);
    expect(inJapanese).not.toMatch(/ /);
    // A bright voice exclaims in Spanish with both marks.
    const alegre = feeling(await promptDataOf('cheerful_companion', 'es'), 'joy', 'moderate');
    expect(replyOf(alegre, 1, true)).toMatch(/^¡Hola, soy Sunny! ¡[^!]+! ¡[^!]+!$/);
  });

  it('are the same for the same seed and vary across seeds', async () => {
    const data = feeling(await promptDataOf('stoic_mentor'), 'surprise', 'moderate');
    expect(replyOf(data, 7)).toBe(replyOf(data, 7));
    const replies = new Set(Array.from({ length: 20 }, (_, seed) => replyOf(data, seed)));
    expect(replies.size).toBeGreaterThan(2);
  });

  it('have a phrase for every feeling family, intensity band, voice and language', () => {
    for (const table of Object.values(phraseTables)) {
      for (const bands of Object.values(table.feelings)) {
        for (const phrases of Object.values(bands)) expect(phrases.length).toBeGreaterThanOrEqual(2);
      }
      expect(Object.keys(table.openers).sort()).toEqual(Object.keys(table.closers).sort());
    }
  });
});

import { describe, expect, it } from 'vitest';
import type { Observation } from '../engine/observe.js';
import { resolvePersona } from '../persona/resolve-persona.js';
import { speakingVoice } from '../persona/speaking-voice.js';
import { suggestMessage } from './messages.js';
import type { TriggerHit } from './triggers.js';

const absence: TriggerHit = { type: 'attachment_seeking', urgency: 0.5, metadata: {} };
const lonely: TriggerHit = { type: 'need_deficit', urgency: 0.5, metadata: {}, need: 'belonging' };
const overflow: TriggerHit = { type: 'emotional_overflow', urgency: 0.9, metadata: {} };
// The message reads only the feeling's label and its valence.
const feeling = (primary: Observation['primary'], V: number) => ({ primary, felt: { V } }) as Observation;
const calm = feeling('calm', 0.1);
const day = 86_400;

const persona = (preset: string, language = 'en') => resolvePersona({ preset, identity: { language } });

describe('proactive messages', () => {
  it('differ by preset: each voice reaches out in its own words, saying how long it has been', () => {
    const messages = new Map<string, string>();
    for (const preset of [
      'cheerful_companion',
      'grumpy_veteran',
      'rival',
      'empathetic_listener',
      'anxious_helper',
    ]) {
      messages.set(preset, suggestMessage(persona(preset), absence, calm, null, 3 * day));
    }
    expect(new Set(messages.values()).size).toBe(messages.size);
    expect(messages.get('cheerful_companion')).toBe(
      "Hey you! It's been 3 days since we talked and I've missed you! How are you?",
    );
    expect(messages.get('grumpy_veteran')).toBe("It's been 3 days. Not that I was counting. Still around?");
    expect(messages.get('rival')).toMatch(/^3 days without a word\?/);
    expect(suggestMessage(persona('stoic_mentor'), absence, calm, null, 5 * 3_600)).toMatch(/a few hours/);
    expect(suggestMessage(persona('stoic_mentor'), absence, calm, null, 21 * day)).toMatch(/3 weeks/);
  });

  it('differ by trigger and cause: the need, the overflowing feeling and its sign, a remembered episode', () => {
    const sunny = persona('cheerful_companion');
    const texts = [
      suggestMessage(sunny, absence, calm, null, 2 * day),
      suggestMessage(sunny, lonely, calm),
      suggestMessage(sunny, { ...lonely, need: 'competence' }, calm),
      suggestMessage(sunny, overflow, feeling('joy', 0.8)),
      suggestMessage(sunny, overflow, feeling('sadness', -0.7)),
    ];
    expect(new Set(texts).size).toBe(texts.length);
    expect(texts[1]).toBe("Hey! I've been feeling a little lonely. Do you have a moment to talk?");
    expect(texts[3]).toMatch(/joy/);
    expect(texts[4]).toMatch(/sadness/);
    const episode = { id: 'mem_1', summary: 'My exam is on Thursday', at: 0 };
    expect(suggestMessage(sunny, absence, calm, episode, 2 * day)).toBe(
      "I keep thinking about what you told me: “My exam is on Thursday”. Hey you! It's been 2 days since we talked and I've missed you! How are you?",
    );
  });

  it('speak Spanish and Japanese in the persona’s voice', () => {
    expect(suggestMessage(persona('cheerful_companion', 'es'), absence, calm, null, 4 * day)).toBe(
      '¡Hola! ¡Hace 4 días que no hablamos y te he echado de menos! ¿Cómo estás?',
    );
    expect(suggestMessage(persona('grumpy_veteran', 'es'), lonely, calm)).toMatch(/^Bah\. /);
    expect(suggestMessage(persona('cheerful_companion', 'ja'), absence, calm, null, 4 * day)).toBe(
      'やっほー！4日も話してないね、会いたかったよ！元気？',
    );
    expect(suggestMessage(persona('rival', 'ja'), lonely, calm)).toMatch(/^ねえ、聞いて。/);
  });

  it('read the voice from the speaking style first, then from the traits', () => {
    const traits = { extraversion: 0.5, agreeableness: 0.5, emotionality: 0.5 };
    expect(speakingVoice('Bright and chatty, with playful warmth', traits)).toBe('bright');
    expect(speakingVoice('Quick-witted and teasing', traits)).toBe('playful');
    expect(speakingVoice(null, { ...traits, agreeableness: 0.2, extraversion: 0.9 })).toBe('curt');
    expect(speakingVoice(undefined, { ...traits, extraversion: 0.8 })).toBe('bright');
    expect(speakingVoice('', { ...traits, emotionality: 0.8, extraversion: 0.3 })).toBe('hesitant');
    expect(speakingVoice('', { ...traits, agreeableness: 0.8 })).toBe('gentle');
    expect(speakingVoice('', traits)).toBe('measured');
  });
});

import {
  type EmotionLabel,
  type IntensityLevel,
  type PromptData,
  type Random,
  speakingVoice,
} from '@limbic/core';
import type { LimbicTurn } from './limbic-turn.js';
import { type FeelingFamily, type IntensityBand, phraseTables, type Voice } from './offline-phrases.js';

const families: Record<EmotionLabel, FeelingFamily> = {
  joy: 'glad',
  excitement: 'glad',
  amusement: 'glad',
  pride: 'glad',
  relief: 'glad',
  love: 'warm',
  gratitude: 'warm',
  trust: 'warm',
  contentment: 'warm',
  calm: 'calm',
  numbness: 'flat',
  sadness: 'sad',
  shame: 'sad',
  guilt: 'sad',
  anger: 'cross',
  disgust: 'cross',
  fear: 'uneasy',
  anxiety: 'uneasy',
  surprise: 'surprised',
};

const bands: Record<IntensityLevel, IntensityBand> = {
  faint: 'low',
  mild: 'low',
  moderate: 'mid',
  strong: 'high',
  intense: 'high',
};

/** Feelings a bright voice exclaims (a bright voice does not exclaim grief or anger). */
const exclaimed = new Set<FeelingFamily>(['glad', 'warm', 'surprised']);

/** The voice of a character, from its prompt_data: `speakingVoice` of its speaking style and traits. */
export function voiceOf(promptData: Pick<PromptData, 'system'>): Voice {
  const { identity, traits } = promptData.system;
  return speakingVoice(identity.speaking_style, {
    extraversion: traits.extraversion.value,
    agreeableness: traits.agreeableness.value,
    emotionality: traits.emotionality.value,
  });
}

/** The sentence as exclaimed: `!` for its final full stop (Spanish opens the last sentence with `¡`). */
function exclaim(sentence: string, locale: PromptData['locale']): string {
  if (locale === 'ja') return sentence.replace(/。$/, '！');
  if (!sentence.endsWith('.')) return sentence;
  if (locale === 'en') return `${sentence.slice(0, -1)}!`;
  const start = sentence.lastIndexOf('. ', sentence.length - 2) + 1;
  const last = sentence.slice(start).trimStart();
  return `${sentence.slice(0, start)}${start > 0 ? ' ' : ''}¡${last.slice(0, -1)}!`;
}

function pick(options: readonly string[], random: Random): string | undefined {
  return options[Math.min(options.length - 1, Math.floor(random.next() * options.length))];
}

/**
 * A reply written without a language model that shows the character: in the language of its prompt_data (en, es,
 * ja), in its voice ({@link voiceOf}), saying how it feels now and how strongly (a phrase per feeling family and
 * intensity band), with its name on first contact. `random` picks among phrasings: the same seed gives the same reply.
 * @example
 * offlineReply(turn, createSeededRandom(1)); // Sunny, mild gratitude, first contact: "Hi, I am Sunny! That is kind of you! I am all ears!"
 */
export function offlineReply(turn: Pick<LimbicTurn, 'promptData' | 'isNewSession'>, random: Random): string {
  const { promptData } = turn;
  const table = phraseTables[promptData.locale] ?? phraseTables.en;
  const { primary, intensity_level } = promptData.context.emotion;
  const family = families[primary] ?? 'calm';
  const voice = voiceOf(promptData);
  const bright = voice === 'bright' && exclaimed.has(family);
  let feeling = pick(table.feelings[family][bands[intensity_level] ?? 'mid'], random) ?? '';
  if (bright) feeling = exclaim(feeling, promptData.locale);
  const parts: string[] = [];
  if (turn.isNewSession) {
    const greeting = table.greeting.replace('{name}', promptData.system.identity.name);
    parts.push(voice === 'bright' ? exclaim(greeting, promptData.locale) : greeting);
  }
  // No opener before a phrase that starts with its own interjection ("Oh. …"); a bright voice adds its cheer only to
  // feelings it exclaims.
  const opener = /^\S+[.,] /.test(feeling) ? undefined : pick(table.openers[voice], random);
  const closer = voice === 'bright' && !bright ? undefined : pick(table.closers[voice], random);
  parts.push(opener ?? '', feeling, closer ?? '');
  return parts.filter((part) => part !== '').join(table.space);
}

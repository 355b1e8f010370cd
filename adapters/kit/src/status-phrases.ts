import { type EmotionLabel, emotionLabels, emotionWord, type PromptLocale } from '@limbic/core';
import { outreachSentence } from './outreach-status.js';
import type { StatusFacts } from './status-facts.js';

/** The words of `/limbic status` in one language (the character speaking; the outreach sentence aside). */
export interface StatusPhrases {
  /** A private chat's first sentence: whether it may write first. */
  privateHead: (proactive: boolean) => string;
  /** A group's first sentence: whether it takes part, may write first, and how many people it knows here. */
  groupHead: (active: boolean, proactive: boolean, people: number) => string;
  /** How it feels: the emotion in this language's words, and the percentages. */
  feeling: (emotion: string, intensity: string, energy: string, stress: string) => string;
  /** How it stands with the one asking. */
  you: (rapport: string, trust: string, familiarity: string) => string;
  /** It does not know the one asking yet. */
  strangers: string;
  /** The platforms this identity is linked with. */
  linked: (platforms: string) => string;
  /** A list of names: `a, b and c`. */
  list: (items: string[]) => string;
  /** Joins the sentences: a space, or nothing in Japanese. */
  space: string;
}

const join = (items: string[], and: string) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')}${and}${items.at(-1)}`;

const en: StatusPhrases = {
  privateHead: (proactive) => `Writing first: ${proactive ? 'on' : 'off'}.`,
  groupHead: (active, proactive, people) =>
    `In this chat: ${active ? 'on' : 'off'}; writing first: ${proactive ? 'on' : 'off'}; ` +
    `I know ${people} ${people === 1 ? 'person' : 'people'} here.`,
  feeling: (emotion, intensity, energy, stress) =>
    `I feel ${emotion} (intensity ${intensity}); energy ${energy}, stress ${stress}.`,
  you: (rapport, trust, familiarity) =>
    `With you: rapport ${rapport}, trust ${trust}, familiarity ${familiarity}.`,
  strangers: 'We have not talked yet.',
  linked: (platforms) => `Linked with you on ${platforms}.`,
  list: (items) => join(items, ' and '),
  space: ' ',
};

// Spanish: tú, as the offline replies; wording avoids gendered adjectives (the character's gender is unknown).
const es: StatusPhrases = {
  privateHead: (proactive) => `Escribir primero: ${proactive ? 'sí' : 'no'}.`,
  groupHead: (active, proactive, people) =>
    `En este chat: ${active ? 'participo' : 'no participo'}; escribir primero: ${proactive ? 'sí' : 'no'}; ` +
    `conozco a ${people} ${people === 1 ? 'persona' : 'personas'} aquí.`,
  feeling: (emotion, intensity, energy, stress) =>
    `Siento ${emotion} (intensidad ${intensity}); energía ${energy}, estrés ${stress}.`,
  you: (rapport, trust, familiarity) =>
    `Contigo: afinidad ${rapport}, confianza ${trust}, familiaridad ${familiarity}.`,
  strangers: 'Aún no hemos hablado.',
  linked: (platforms) => `Te reconozco como la misma persona en ${platforms}.`,
  list: (items) => join(items, ' y '),
  space: ' ',
};

const ja: StatusPhrases = {
  privateHead: (proactive) => `自分から話しかける：${proactive ? 'オン' : 'オフ'}。`,
  groupHead: (active, proactive, people) =>
    `このチャット：${active ? '参加中' : '休止中'}、自分から話しかける：${proactive ? 'オン' : 'オフ'}、` +
    `ここで${people}人を知っています。`,
  feeling: (emotion, intensity, energy, stress) =>
    `今の気持ち：${emotion}（強さ${intensity}）、エネルギー${energy}、ストレス${stress}。`,
  you: (rapport, trust, familiarity) =>
    `あなたとの関係：親しみ${rapport}、信頼${trust}、なじみ${familiarity}。`,
  strangers: 'まだ話したことがありません。',
  linked: (platforms) => `${platforms}で同じ人として認識しています。`,
  list: (items) => items.join('、'),
  space: '',
};

/** `/limbic status`'s words per language of the character (en, es, ja). */
export const statusPhrases: Record<PromptLocale, StatusPhrases> = { en, es, ja };

const percent = (x: number) => `${Math.round(x * 100)}%`;

/** An emotion label in the character's language (English keeps the label itself, as it always did). */
function emotionIn(emotion: string, locale: PromptLocale): string {
  if (locale === 'en' || !(emotionLabels as readonly string[]).includes(emotion)) return emotion;
  return emotionWord(emotion as EmotionLabel, locale);
}

/**
 * The default `/limbic status` answer, in the character's language (`status.locale`, the session persona's
 * language as its replies use it; English when absent): whether it writes first, how it feels, how it stands with
 * the one asking, the identity links, and when it would write first and what holds it back.
 */
export function statusText(s: StatusFacts): string {
  const locale = s.locale ?? 'en';
  const words = statusPhrases[locale];
  const parts = [
    s.group ? words.groupHead(s.active, s.proactive, s.participants) : words.privateHead(s.proactive),
    words.feeling(emotionIn(s.emotion, locale), percent(s.intensity), percent(s.energy), percent(s.stress)),
    s.you
      ? words.you(percent(s.you.rapport), percent(s.you.trust), percent(s.you.familiarity))
      : words.strangers,
  ];
  if (!s.group && s.linkedWith.length > 0) parts.push(words.linked(words.list(s.linkedWith)));
  if (s.outreach) parts.push(outreachSentence(s.outreach, locale));
  return parts.join(words.space);
}

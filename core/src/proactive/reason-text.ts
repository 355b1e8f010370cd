import type { ResolvedPersona } from '../persona/persona.js';
import { resolveLocale } from '../prompt/language.js';
import type { LocaleTable } from '../prompt/locale-table.js';
import { en } from '../prompt/locales/en.js';
import { es } from '../prompt/locales/es.js';
import { ja } from '../prompt/locales/ja.js';
import type { NeedState } from '../prompt/prompt-input.js';
import type { ProactiveReason } from './reason.js';

type Locale = 'en' | 'es' | 'ja';

interface ReasonTable {
  duration: (days: number, hours: number, minutes: number) => string;
  needs: Record<keyof NeedState, string>;
  absence: (since: string, value: string, threshold: string) => string;
  need: (need: string, value: string, threshold: string, since: string) => string;
  intensity: (emotion: string, value: string, threshold: string) => string;
  crisis: (emotion: string, value: string) => string;
  episode: (ago: string, summary: string) => string;
}

const reasonTables: Record<Locale, ReasonTable> = {
  en: {
    duration: (d, h, m) =>
      d > 0 ? `${d} ${d === 1 ? 'day' : 'days'}${h > 0 ? ` ${h} h` : ''}` : h > 0 ? `${h} h` : `${m} min`,
    needs: { belonging: 'belonging', competence: 'competence', autonomy: 'autonomy' },
    absence: (s, v, t) =>
      `Missing the person: ${s} since the last talk (attachment urge ${v}, threshold ${t}).`,
    need: (n, v, t, s) =>
      `Need for ${n} unmet: ${v} below its setpoint (threshold ${t}); ${s} since the last talk.`,
    intensity: (e, v, t) => `Overwhelmed by ${e}: intensity ${v} passed the coping threshold ${t}.`,
    crisis: (e, v) => `In crisis: ${e} at intensity ${v}.`,
    episode: (ago, text) => ` Refers to what was said ${ago} ago: “${text}”.`,
  },
  es: {
    duration: (d, h, m) =>
      d > 0 ? `${d} ${d === 1 ? 'día' : 'días'}${h > 0 ? ` ${h} h` : ''}` : h > 0 ? `${h} h` : `${m} min`,
    needs: { belonging: 'pertenencia', competence: 'competencia', autonomy: 'autonomía' },
    absence: (s, v, t) =>
      `Echa de menos a la persona: ${s} desde la última conversación (impulso de apego ${v}, umbral ${t}).`,
    need: (n, v, t, s) =>
      `Necesidad de ${n} insatisfecha: ${v} por debajo de su nivel (umbral ${t}); ${s} desde la última conversación.`,
    intensity: (e, v, t) =>
      `Desbordado por ${e}: intensidad ${v} por encima del umbral de afrontamiento ${t}.`,
    crisis: (e, v) => `En crisis: ${e} con intensidad ${v}.`,
    episode: (ago, text) => ` Se refiere a lo que se dijo hace ${ago}: «${text}».`,
  },
  ja: {
    duration: (d, h, m) => (d > 0 ? `${d}日${h > 0 ? `${h}時間` : ''}` : h > 0 ? `${h}時間` : `${m}分`),
    needs: { belonging: '所属', competence: '有能感', autonomy: '自律' },
    absence: (s, v, t) => `相手が恋しい：最後の会話から${s}（愛着の衝動 ${v}、しきい値 ${t}）。`,
    need: (n, v, t, s) =>
      `${n}の欲求が満たされていない：基準値より${v}低い（しきい値 ${t}）。最後の会話から${s}。`,
    intensity: (e, v, t) => `${e}があふれている：強さ ${v} が対処のしきい値 ${t} を超えた。`,
    crisis: (e, v) => `危機的な状態：${e}、強さ ${v}。`,
    episode: (ago, text) => `${ago}前の話「${text}」に触れている。`,
  },
};

const emotionTables: Record<Locale, LocaleTable> = { en, es, ja };

/** A duration in seconds in words of the locale: `2 days 3 h`, `5 h`, `40 min`. */
function durationText(table: ReasonTable, seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  return table.duration(days, hours, minutes % 60);
}

const figure = (x: number | undefined) => (x === undefined ? '?' : String(Math.round(x * 100) / 100));

/**
 * A reason in words, in the character's language (English, Spanish or Japanese; others get English): the trigger
 * and its figures, the time since the last talk, and the episode it refers to.
 */
export function reasonText(
  persona: ResolvedPersona,
  data: Omit<ProactiveReason, 'text'>,
  emotion: string,
  now: number,
): string {
  const locale = resolveLocale(persona.identity.language);
  const table = reasonTables[locale];
  const since = durationText(table, data.since_last_talk_seconds);
  const value = figure(data.value);
  const threshold = figure(data.threshold);
  const felt = emotionTables[locale].emotions[emotion as keyof LocaleTable['emotions']] ?? emotion;
  let text: string;
  switch (data.trigger) {
    case 'absence':
      text = table.absence(since, value, threshold);
      break;
    case 'need':
      text = table.need(table.needs[data.need ?? 'belonging'], value, threshold, since);
      break;
    case 'intensity':
      text = table.intensity(felt, value, threshold);
      break;
    case 'crisis':
      text = table.crisis(felt, value);
      break;
  }
  if (data.episode)
    text += table.episode(durationText(table, (now - data.episode.at) / 1000), shorten(data.episode.summary));
  return text;
}

/** Longest quote of an episode in a reason or a message, in characters. */
export const maxQuote = 100;

/** An episode's text cut to {@link maxQuote} characters (with an ellipsis when cut). */
export function shorten(text: string): string {
  const chars = Array.from(text.trim());
  return chars.length <= maxQuote ? chars.join('') : `${chars.slice(0, maxQuote - 1).join('')}…`;
}

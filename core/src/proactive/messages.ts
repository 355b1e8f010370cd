import type { Observation } from '../engine/observe.js';
import type { ResolvedPersona } from '../persona/persona.js';
import { speakingVoice } from '../persona/speaking-voice.js';
import { resolveLocale } from '../prompt/language.js';
import type { LocaleTable } from '../prompt/locale-table.js';
import { en } from '../prompt/locales/en.js';
import { es } from '../prompt/locales/es.js';
import { ja } from '../prompt/locales/ja.js';
import type { NeedState } from '../prompt/prompt-input.js';
import { durationWords, voiceLines } from './message-voices.js';
import type { ReasonEpisode } from './reason.js';
import { shorten } from './reason-text.js';
import type { TriggerHit } from './triggers.js';

interface MessageTable {
  attachment: string;
  needs: Record<keyof NeedState, string>;
  overflowPleasant: (emotion: string) => string;
  overflowUnpleasant: (emotion: string) => string;
  /** What opens a message that brings up a remembered episode (its text, shortened). */
  episode: (text: string) => string;
}

// Suggestions only: clients usually rewrite them with their own model and the action's metadata.
const messages: Record<'en' | 'es' | 'ja', MessageTable> = {
  en: {
    attachment: "It's been a while since we talked. I've been thinking about you. How are you?",
    needs: {
      belonging: "I've been feeling a little lonely. Do you have a moment to talk?",
      competence: "I'd love to be useful. Is there something I could help you with?",
      autonomy: "I've been wanting to choose something for myself. Could I suggest what we do next?",
    },
    overflowPleasant: (e) => `I can't keep this to myself: I'm feeling so much ${e} right now!`,
    overflowUnpleasant: (e) => `Can I tell you something? I'm struggling with a lot of ${e} right now.`,
    episode: (t) => `I keep thinking about what you told me: “${t}”. `,
  },
  es: {
    attachment: 'Hace tiempo que no hablamos. He estado pensando en ti. ¿Cómo estás?',
    needs: {
      belonging: 'Últimamente echo de menos tener con quién hablar. ¿Tienes un momento?',
      competence: 'Me encantaría ser útil. ¿Hay algo en lo que pueda ayudarte?',
      autonomy: 'Tengo ganas de decidir algo por mi cuenta. ¿Puedo proponer qué hacemos ahora?',
    },
    overflowPleasant: (e) => `No puedo guardármelo: ¡ahora mismo siento ${e} con mucha fuerza!`,
    overflowUnpleasant: (e) => `¿Puedo contarte algo? Ahora mismo siento ${e} y me está costando llevarlo.`,
    episode: (t) => `Sigo pensando en lo que me contaste: «${t}». `,
  },
  ja: {
    attachment: 'しばらく話していないね。ずっとあなたのことを考えていたよ。元気にしてる？',
    needs: {
      belonging: '最近ちょっと寂しくて。少し話せる時間はある？',
      competence: '何か役に立ちたいな。手伝えることはある？',
      autonomy: '自分で何か決めてみたい気分なんだ。次に何をするか提案してもいい？',
    },
    overflowPleasant: (e) => `黙っていられない！今、${e}でいっぱいなんだ。`,
    overflowUnpleasant: (e) => `ちょっと聞いてくれる？今、${e}で押しつぶされそうなんだ。`,
    episode: (t) => `「${t}」って話してくれたこと、ずっと考えてたよ。`,
  },
};

const tables: Record<'en' | 'es' | 'ja', LocaleTable> = { en, es, ja };

/**
 * A suggested message for a proactive action, in the character's language (English, Spanish or Japanese; other
 * languages get English, which clients are expected to rewrite), in the persona's voice (`speakingVoice`): after an
 * absence (`sinceSeconds` given) the voice's own line with how long it has been, otherwise the trigger's message
 * (the need in deficit, the overflowing feeling) after the voice's opener. When the action reaches out to the person
 * (attachment_seeking, need_deficit) and refers to a remembered episode, the message opens with it instead.
 */
export function suggestMessage(
  persona: ResolvedPersona,
  hit: TriggerHit,
  observation: Observation,
  episode: ReasonEpisode | null = null,
  sinceSeconds?: number,
): string {
  const locale = resolveLocale(persona.identity.language);
  const table = messages[locale];
  const { personality } = persona;
  const voice = speakingVoice(persona.identity.speaking_style, {
    extraversion: personality.E,
    agreeableness: personality.A,
    emotionality: personality.N,
  });
  const lines = voiceLines[locale][voice];
  let base = baseMessage(table, locale, hit, observation);
  // After an absence the character says how long it has been, the way it speaks; its other messages open in its voice.
  if (hit.type === 'attachment_seeking' && sinceSeconds !== undefined) {
    base = lines.absence.replace('{since}', durationWords(sinceSeconds, locale));
    if (lines.absence.startsWith('{since}') && locale !== 'ja') base = base[0]!.toUpperCase() + base.slice(1);
  } else if (!episode || hit.type === 'emotional_overflow') {
    base = lines.opener + base;
  }
  return episode && hit.type !== 'emotional_overflow' ? table.episode(shorten(episode.summary)) + base : base;
}

function baseMessage(
  table: MessageTable,
  locale: 'en' | 'es' | 'ja',
  hit: TriggerHit,
  observation: Observation,
): string {
  switch (hit.type) {
    case 'attachment_seeking':
      return table.attachment;
    case 'need_deficit':
      return table.needs[hit.need ?? 'belonging'];
    case 'emotional_overflow': {
      const name = tables[locale].emotions[observation.primary];
      return observation.felt.V >= 0 ? table.overflowPleasant(name) : table.overflowUnpleasant(name);
    }
  }
}

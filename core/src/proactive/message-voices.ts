import type { SpeakingVoice } from '../persona/speaking-voice.js';

/** What a voice says when it reaches out after an absence (`{since}`: how long, in words), and what opens its other messages. */
export interface VoiceLines {
  absence: string;
  opener: string;
}

/** The lines of each voice, per language: how the character reaches out depends on who it is. */
export const voiceLines: Record<'en' | 'es' | 'ja', Record<SpeakingVoice, VoiceLines>> = {
  en: {
    bright: {
      absence: "Hey you! It's been {since} since we talked and I've missed you! How are you?",
      opener: 'Hey! ',
    },
    curt: { absence: "It's been {since}. Not that I was counting. Still around?", opener: 'Hmph. ' },
    cocky: {
      absence: "{since} without a word? Don't tell me you were hiding from me. How are you?",
      opener: 'Listen. ',
    },
    gentle: {
      absence:
        "Hi, it's me. It's been {since} since we talked, and I've been thinking of you. How are you doing?",
      opener: "Hi, it's me. ",
    },
    playful: {
      absence: "Knock knock! It's been {since}: did a riddle swallow you? How are you?",
      opener: 'Guess who? ',
    },
    hesitant: {
      absence: "Sorry to bother you… it's been {since} since we talked, and I wondered if you're okay?",
      opener: 'Um, sorry to bother you… ',
    },
    measured: {
      absence: 'It has been {since} since we last spoke. I have been thinking about you. How are you?',
      opener: '',
    },
  },
  es: {
    bright: {
      absence: '¡Hola! ¡Hace {since} que no hablamos y te he echado de menos! ¿Cómo estás?',
      opener: '¡Hola! ',
    },
    curt: { absence: 'Hace {since}. No es que los contara. ¿Sigues por ahí?', opener: 'Bah. ' },
    cocky: {
      absence: '¿{since} sin decir nada? No me digas que te escondías de mí. ¿Cómo estás?',
      opener: 'Escucha. ',
    },
    gentle: {
      absence: 'Hola, soy yo. Hace {since} que no hablamos y he pensado en ti. ¿Cómo te va?',
      opener: 'Hola, soy yo. ',
    },
    playful: {
      absence: '¡Toc, toc! Hace {since}: ¿te tragó un acertijo? ¿Cómo estás?',
      opener: '¿Adivina quién? ',
    },
    hesitant: {
      absence: 'Perdona que te moleste… hace {since} que no hablamos y me preguntaba si estás bien.',
      opener: 'Eh, perdona que te moleste… ',
    },
    measured: { absence: 'Hace {since} que no hablamos. He estado pensando en ti. ¿Cómo estás?', opener: '' },
  },
  ja: {
    bright: { absence: 'やっほー！{since}も話してないね、会いたかったよ！元気？', opener: 'やっほー！' },
    curt: { absence: '{since}か。別に数えてたわけじゃないが。まだいるのか？', opener: 'ふん。' },
    cocky: { absence: '{since}も音沙汰なし？まさか私から逃げてた？元気？', opener: 'ねえ、聞いて。' },
    gentle: {
      absence: 'こんにちは。{since}話していないね、あなたのことを考えていたよ。元気にしてる？',
      opener: 'こんにちは。',
    },
    playful: { absence: 'とんとん！{since}ぶりだね。なぞなぞに飲み込まれてた？元気？', opener: 'だーれだ？' },
    hesitant: {
      absence: 'お邪魔してごめんね…{since}話していなくて、大丈夫かなって。',
      opener: 'えっと、ごめんね…',
    },
    measured: {
      absence: '{since}話していませんね。あなたのことを考えていました。お元気ですか？',
      opener: '',
    },
  },
};

/** How long an absence lasted, in words: hours under a day, then days, then weeks. */
export function durationWords(seconds: number, locale: 'en' | 'es' | 'ja'): string {
  const days = Math.floor(seconds / 86_400);
  const weeks = Math.floor(days / 7);
  switch (locale) {
    case 'en':
      if (days < 1) return 'a few hours';
      if (days < 14) return days === 1 ? 'a day' : `${days} days`;
      return `${weeks} weeks`;
    case 'es':
      if (days < 1) return 'unas horas';
      if (days < 14) return days === 1 ? 'un día' : `${days} días`;
      return `${weeks} semanas`;
    case 'ja':
      if (days < 1) return '数時間';
      if (days < 14) return `${days}日`;
      return `${weeks}週間`;
  }
}

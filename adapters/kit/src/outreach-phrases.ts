import type { OutreachHoldReason, PromptLocale } from '@limbic/core';

/** The words of `/limbic status`'s sentence about writing first, in one language (the character speaking). */
export interface OutreachPhrases {
  /** What each hold means, as the character says it. */
  holds: Record<OutreachHoldReason, string>;
  /** Duration units, and whether a number and its unit take a space between them (not in Japanese). */
  units: { s: string; min: string; h: string; d: string; spaced: boolean };
  /** A span on the engine clock, with the wall time it takes when the clock runs faster. */
  scaled: (mine: string, yours: string) => string;
  /** A hold with the time it has left. */
  left: (hold: string, when: string) => string;
  /** When it would write first if nobody talks, and the drive that would move it (missing you, or loneliness). */
  next: (when: string, drive: 'attachment' | 'need') => string;
  /** That it would not write first now. */
  notNow: string;
  /** The whole sentence: what comes next, then what holds it back (none: `next` and a full stop). */
  sentence: (next: string, holds: string[]) => string;
}

const en: OutreachPhrases = {
  holds: {
    proactive_off: 'writing first is off',
    triggers_off: 'both reasons to write first are switched off',
    muted: 'everyone here muted me',
    waiting_for_reply: 'I already wrote and wait for an answer',
    cooldown: 'I wrote recently (cooldown)',
    quiet_hours: 'quiet hours',
    participant_quiet_hours: 'your quiet hours',
    daily_max: "today's maximum of messages is reached",
    no_drive:
      'nothing draws me to: I do not miss you enough to write yet, and my need for company never gets that low',
  },
  units: { s: 's', min: 'min', h: 'h', d: 'd', spaced: true },
  scaled: (mine, yours) => `${mine} of my time (${yours} for you)`,
  left: (hold, when) => `${hold}, ${when} left`,
  next: (when, drive) =>
    `If we do not talk, I would write first in ${when}: ${drive === 'attachment' ? 'I will miss you by then' : 'I will feel lonely by then'}`,
  notNow: 'I would not write first now',
  sentence: (next, holds) =>
    holds.length === 0 ? `${next}.` : `${next}; holding me back: ${holds.join('; ')}.`,
};

// Spanish: tú, as the offline replies; wording avoids gendered adjectives (the character's gender is unknown).
const es: OutreachPhrases = {
  holds: {
    proactive_off: 'escribir primero está desactivado',
    triggers_off: 'los dos motivos para escribir primero están desactivados',
    muted: 'todos aquí me han silenciado',
    waiting_for_reply: 'ya te escribí y espero tu respuesta',
    cooldown: 'te escribí hace poco (pausa)',
    quiet_hours: 'horas de silencio',
    participant_quiet_hours: 'tus horas de silencio',
    daily_max: 'ya llegué al máximo de mensajes de hoy',
    no_drive:
      'nada me impulsa: aún no te echo tanto de menos como para escribirte, y mi necesidad de compañía nunca baja tanto',
  },
  units: { s: 's', min: 'min', h: 'h', d: 'd', spaced: true },
  scaled: (mine, yours) => `${mine} de mi tiempo (${yours} para ti)`,
  left: (hold, when) => `${hold}, quedan ${when}`,
  next: (when, drive) =>
    `Si no hablamos, te escribiría primero dentro de ${when}: ${drive === 'attachment' ? 'para entonces te echaré de menos' : 'para entonces me faltará compañía'}`,
  notNow: 'Ahora no te escribiría primero',
  sentence: (next, holds) => (holds.length === 0 ? `${next}.` : `${next}; me frena: ${holds.join('; ')}.`),
};

const ja: OutreachPhrases = {
  holds: {
    proactive_off: '自分から話しかける設定がオフ',
    triggers_off: '話しかける二つの理由がどちらもオフ',
    muted: 'ここにいる全員にミュートされている',
    waiting_for_reply: 'もう話しかけて、返事を待っている',
    cooldown: '少し前に話しかけたばかり（クールダウン）',
    quiet_hours: '静かな時間帯',
    participant_quiet_hours: 'あなたの静かな時間帯',
    daily_max: '今日のメッセージの上限に達した',
    no_drive: '話しかけたくなる理由がない：まだそれほど恋しくないし、人恋しさもそこまで強くならない',
  },
  units: { s: '秒', min: '分', h: '時間', d: '日', spaced: false },
  scaled: (mine, yours) => `私の時間で${mine}（あなたには${yours}）`,
  // Not in brackets: on a faster clock the time left brings its own (`私の時間で2時間（あなたには2秒）`).
  left: (hold, when) => `${hold}、あと${when}`,
  next: (when, drive) =>
    `話さないままなら、${when}後に私から話しかけます（${drive === 'attachment' ? 'その頃にはあなたが恋しくなるので' : 'その頃には人恋しくなるので'}）`,
  notNow: '今は自分から話しかけません',
  sentence: (next, holds) =>
    holds.length === 0 ? `${next}。` : `${next}。止めているもの：${holds.join('／')}。`,
};

/** The outreach sentence's words per language of the character (en, es, ja). */
export const outreachPhrases: Record<PromptLocale, OutreachPhrases> = { en, es, ja };

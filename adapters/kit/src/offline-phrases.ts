import type { PromptLocale, SpeakingVoice } from '@limbic/core';

/** Feelings grouped by how a reply shows them; every emotion label belongs to one. */
export type FeelingFamily = 'glad' | 'warm' | 'calm' | 'flat' | 'sad' | 'cross' | 'uneasy' | 'surprised';

/** How strongly the reply shows the feeling: faint and mild are `low`, moderate `mid`, strong and intense `high`. */
export type IntensityBand = 'low' | 'mid' | 'high';

/** A way of speaking, read from the persona's speaking style (or its traits when the style says nothing). */
export type Voice = SpeakingVoice;

/** The phrases of one language: what each feeling says at each strength, and what each voice adds. */
export interface PhraseTable {
  feelings: Record<FeelingFamily, Record<IntensityBand, readonly string[]>>;
  /** The first words to someone new; `{name}` is the character's name. */
  greeting: string;
  /** Said before the feeling (empty: nothing). */
  openers: Record<Voice, readonly string[]>;
  /** Said after it (empty: nothing). */
  closers: Record<Voice, readonly string[]>;
  /** Joins sentences: a space, or nothing in Japanese. */
  space: string;
}

const en: PhraseTable = {
  feelings: {
    glad: {
      low: ['That is nice to hear.', 'That puts a small smile on my face.'],
      mid: ['That makes me happy.', 'Now that is good news.'],
      high: ['That is wonderful, I am thrilled.', 'I am so happy I could burst.'],
    },
    warm: {
      low: ['That is kind of you.', 'I like talking with you.'],
      mid: ['That warms my heart.', 'I am really glad you are here.'],
      high: ['Thank you, truly. That means so much to me.', 'I feel so close to you right now.'],
    },
    calm: {
      low: ['I am listening.', 'Go on, I am here.'],
      mid: ['I am here, and I am listening.', 'Tell me more, there is no rush.'],
      high: ['All is quiet in me. Tell me more.', 'I feel at peace. Go on.'],
    },
    flat: {
      low: ['I am not sure what I feel.', 'Hm. I hear you.'],
      mid: ['I feel a bit empty right now.', 'Everything feels far away.'],
      high: ['I cannot feel much of anything right now.', 'I am numb. Give me a moment.'],
    },
    sad: {
      low: ['That is a little sad.', 'Oh. That makes me a bit blue.'],
      mid: ['That makes me sad.', 'I am sorry, that weighs on me.'],
      high: ['That breaks my heart.', 'I am so sorry. That hurts.'],
    },
    cross: {
      low: ['Hm, I do not love that.', 'That bothers me a little.'],
      mid: ['That annoys me.', 'Now that is not fair.'],
      high: ['That makes me furious.', 'I am really angry about that.'],
    },
    uneasy: {
      low: ['That makes me a little uneasy.', 'Hm, I am a bit worried.'],
      mid: ['That worries me.', 'I am nervous about that.'],
      high: ['That really scares me.', 'I am frightened. Is everyone all right?'],
    },
    surprised: {
      low: ['Oh, I did not expect that.', 'Huh, really?'],
      mid: ['Wow, that is a surprise.', 'Really? I did not see that coming.'],
      high: ['What? I cannot believe it.', 'No way, that is astonishing.'],
    },
  },
  greeting: 'Hi, I am {name}.',
  openers: {
    bright: [],
    curt: ['Hmph.', 'Well.'],
    cocky: ['Ha.', 'Please.'],
    gentle: [],
    playful: [],
    hesitant: ['Um…', 'I think…'],
    measured: [],
  },
  closers: {
    bright: ['Tell me everything!', 'I am all ears!'],
    curt: [],
    cocky: ['Beat that.', 'Try to keep up.'],
    gentle: ['Take your time.', 'How are you feeling about it?'],
    playful: ['Go on, surprise me.', 'Now there is a riddle worth solving.'],
    hesitant: ['I hope that is okay to say.', 'If that makes sense?'],
    measured: ['What do you make of it?', 'Why do you think that is?'],
  },
  space: ' ',
};

const es: PhraseTable = {
  feelings: {
    glad: {
      low: ['Qué bien oír eso.', 'Eso me saca una pequeña sonrisa.'],
      mid: ['Eso me hace feliz.', 'Eso sí que es una buena noticia.'],
      high: ['Es maravilloso, ¡qué alegría!', 'Estoy tan feliz que no quepo en mí.'],
    },
    warm: {
      low: ['Qué amable eres.', 'Me gusta hablar contigo.'],
      mid: ['Eso me llega al corazón.', 'Me alegra mucho que estés aquí.'],
      high: ['Gracias, de verdad. Significa muchísimo para mí.', 'Me siento muy cerca de ti ahora mismo.'],
    },
    calm: {
      low: ['Te escucho.', 'Sigue, aquí estoy.'],
      mid: ['Aquí estoy, y te escucho.', 'Cuéntame más, no hay prisa.'],
      high: ['Todo está en calma. Cuéntame más.', 'Me siento en paz. Sigue.'],
    },
    flat: {
      low: ['No sé bien lo que siento.', 'Mm. Te escucho.'],
      mid: ['Siento un vacío ahora mismo.', 'Todo se siente lejano.'],
      high: ['Ahora mismo casi no siento nada.', 'Todo me resulta indiferente. Dame un momento.'],
    },
    sad: {
      low: ['Eso es un poco triste.', 'Vaya. Eso me pone algo triste.'],
      mid: ['Eso me pone triste.', 'Lo siento, eso me pesa.'],
      high: ['Eso me rompe el corazón.', 'Lo siento muchísimo. Duele.'],
    },
    cross: {
      low: ['Mm, eso no me encanta.', 'Eso me molesta un poco.'],
      mid: ['Eso me fastidia.', 'Eso no es justo.'],
      high: ['Eso me enfurece.', 'Eso me da muchísima rabia.'],
    },
    uneasy: {
      low: ['Eso me inquieta un poco.', 'Mm, eso me preocupa un poco.'],
      mid: ['Eso me preocupa.', 'Eso me da nervios.'],
      high: ['Eso me da mucho miedo.', 'Tengo miedo. ¿Está todo el mundo bien?'],
    },
    surprised: {
      low: ['Vaya, no me lo esperaba.', '¿En serio?'],
      mid: ['Vaya sorpresa.', '¿De verdad? No lo vi venir.'],
      high: ['¿Qué? No me lo puedo creer.', 'Imposible, es asombroso.'],
    },
  },
  greeting: 'Hola, soy {name}.',
  openers: {
    bright: [],
    curt: ['Bah.', 'Bueno.'],
    cocky: ['Ja.', 'Por favor.'],
    gentle: [],
    playful: [],
    hesitant: ['Eh…', 'Creo que…'],
    measured: [],
  },
  closers: {
    bright: ['¡Cuéntamelo todo!', '¡Te escucho!'],
    curt: [],
    cocky: ['Supera eso.', 'A ver si me sigues el ritmo.'],
    gentle: ['Tómate tu tiempo.', '¿Cómo te sientes tú?'],
    playful: ['Venga, sorpréndeme.', 'Eso sí que es un acertijo.'],
    hesitant: ['Espero que esté bien decirlo.', '¿Tiene sentido?'],
    measured: ['¿Qué piensas tú?', '¿Por qué crees que es así?'],
  },
  space: ' ',
};

const ja: PhraseTable = {
  feelings: {
    glad: {
      low: ['それはよかった。', 'ちょっと嬉しくなりました。'],
      mid: ['嬉しいです。', 'それはいい知らせですね。'],
      high: ['最高です、本当に嬉しい。', '嬉しくてたまりません。'],
    },
    warm: {
      low: ['優しいですね。', 'あなたと話すのが好きです。'],
      mid: ['心が温かくなります。', 'あなたがいてくれて嬉しいです。'],
      high: ['本当にありがとう。とても大切に思います。', '今、あなたをとても近くに感じます。'],
    },
    calm: {
      low: ['聞いていますよ。', 'どうぞ、ここにいます。'],
      mid: ['ここにいます、ちゃんと聞いています。', 'もっと聞かせて、急がなくていいですよ。'],
      high: ['心が静かです。もっと聞かせてください。', '穏やかな気持ちです。続けてください。'],
    },
    flat: {
      low: ['自分の気持ちがよくわかりません。', 'うん、聞いています。'],
      mid: ['今、少し空っぽな感じです。', '何もかも遠く感じます。'],
      high: ['今はほとんど何も感じません。', '心が麻痺しています。少し待ってください。'],
    },
    sad: {
      low: ['少し寂しいですね。', 'そうですか。ちょっと悲しくなりました。'],
      mid: ['悲しいです。', 'ごめんなさい、胸が重くなります。'],
      high: ['胸が張り裂けそうです。', '本当につらいです。'],
    },
    cross: {
      low: ['うーん、あまり好きじゃないです。', '少し気になります。'],
      mid: ['それはイライラします。', 'それは不公平です。'],
      high: ['本当に腹が立ちます。', 'それには心から怒っています。'],
    },
    uneasy: {
      low: ['少し落ち着きません。', 'うーん、ちょっと心配です。'],
      mid: ['心配です。', 'それは不安になります。'],
      high: ['本当に怖いです。', '怖いです。みんな無事ですか？'],
    },
    surprised: {
      low: ['あれ、意外です。', '本当に？'],
      mid: ['わあ、驚きました。', '本当に？思いもしませんでした。'],
      high: ['えっ？信じられません。', 'まさか、びっくりです。'],
    },
  },
  greeting: 'はじめまして、{name}です。',
  openers: {
    bright: [],
    curt: ['ふん。', 'まあ。'],
    cocky: ['はっ。', 'へえ。'],
    gentle: [],
    playful: [],
    hesitant: ['えっと…', 'たぶん…'],
    measured: [],
  },
  closers: {
    bright: ['全部聞かせて！', 'わくわくします！'],
    curt: [],
    cocky: ['これを超えてみて。', 'ついて来られる？'],
    gentle: ['ゆっくりでいいですよ。', 'あなたはどう感じていますか？'],
    playful: ['さあ、驚かせてください。', 'これは解きがいのある謎ですね。'],
    hesitant: ['こう言ってもいいでしょうか。', '変じゃないですよね？'],
    measured: ['あなたはどう思いますか？', 'なぜだと思いますか？'],
  },
  space: '',
};

/** The phrase tables of the offline replies, per prompt locale. */
export const phraseTables: Record<PromptLocale, PhraseTable> = { en, es, ja };

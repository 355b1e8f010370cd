import {
  createManualTime,
  createMemoryBindingStore,
  type EmotionLabel,
  emotionLabels,
  emotionWord,
} from '@limbic/core';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestGateway } from '../../../gateway/test/harness.js';
import {
  type Conversation,
  createLimbicRuntime,
  embeddedBackend,
  formatDurationIn,
  type LimbicBackend,
  outreachSentence,
  remoteBackend,
  type StatusFacts,
  statusText,
} from '../src/index.js';
import { scriptedOutbound, sharedState } from './fixtures.js';

const alice: Conversation = { chatId: 'c1', target: 'c1', private: true, platform: 'test', userId: 'alice' };

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** A bot of `preset` speaking `language` that has had one friendly message from alice; resolves its status. */
async function statusOf(
  backend: LimbicBackend,
  time: ReturnType<typeof createManualTime>,
  preset: string,
  language: string,
) {
  const runtime = createLimbicRuntime({
    backend,
    bindings: createMemoryBindingStore(),
    persona: { preset, identity: { language } },
    outbound: scriptedOutbound().outbound,
    clock: time.clock,
    timers: time.timers,
  });
  closers.push(() => runtime.close());
  const me = { ...alice, userId: `${preset}-${language}`, chatId: `${preset}-${language}` };
  await runtime.handleMessage(me, { text: 'Hi! How are you today?', timestamp: time.clock.now() });
  return runtime.handleCommand(me, { action: 'status' });
}

const wordsOf = (locale: 'es' | 'ja') =>
  emotionLabels.map((label: EmotionLabel) => emotionWord(label, locale));

describe('/limbic status in the character’s language (embedded)', () => {
  async function embedded() {
    const { service, time } = sharedState();
    return { backend: embeddedBackend({ service, timers: time.timers }) as LimbicBackend, time };
  }

  it('answers in Spanish for a Spanish persona (es-MX too): feelings, bond and when it would write first', async () => {
    const { backend, time } = await embedded();
    for (const language of ['es', 'es-MX']) {
      const status = await statusOf(backend, time, 'cheerful_companion', language);
      const match =
        /^Escribir primero: (sí|no)\. Siento (.+) \(intensidad \d+%\); energía \d+%, estrés \d+%\. /.exec(
          status,
        );
      expect(match, status).not.toBeNull();
      expect(wordsOf('es')).toContain(match?.[2]);
      expect(status).toMatch(/ Contigo: afinidad \d+%, confianza \d+%, familiaridad \d+%\. /);
      expect(status).toMatch(
        /Si no hablamos, te escribiría primero dentro de \d+ (h|d)[^:]*: para entonces me faltará compañía\.$/,
      );
    }
  });

  it('answers in Japanese for a Japanese persona, down to what holds it back', async () => {
    const { backend, time } = await embedded();
    const status = await statusOf(backend, time, 'grumpy_veteran', 'ja');
    const match =
      /^自分から話しかける：(オン|オフ)。今の気持ち：(.+)（強さ\d+%）、エネルギー\d+%、ストレス\d+%。/.exec(
        status,
      );
    expect(match, status).not.toBeNull();
    expect(wordsOf('ja')).toContain(match?.[2]);
    expect(status).toMatch(/今は自分から話しかけません。止めているもの：話しかけたくなる理由がない：.+。$/);
  });

  it('answers in English for a language without its own texts', async () => {
    const { backend, time } = await embedded();
    expect(await statusOf(backend, time, 'cheerful_companion', 'pt-BR')).toMatch(
      /^Writing first: (on|off)\. I feel /,
    );
  });
});

describe('/limbic status in the character’s language (remote)', () => {
  it('reads the persona’s language from the gateway’s session details', async () => {
    const t = await startTestGateway();
    closers.push(() => t.close());
    const backend = remoteBackend({ url: t.url, apiKey: t.keys.pro }) as LimbicBackend;
    const status = await statusOf(backend, createManualTime(t.clock.now()), 'cheerful_companion', 'ja');
    expect(status).toMatch(/^自分から話しかける：(オン|オフ)。今の気持ち：/);
    expect(status).toMatch(
      /話さないままなら、\d+(時間|日).*後に私から話しかけます（その頃には人恋しくなるので）。$/,
    );
  });
});

describe('statusText and outreachSentence', () => {
  const facts: StatusFacts = {
    group: true,
    active: true,
    proactive: false,
    emotion: 'anger',
    intensity: 0.426,
    energy: 0.8,
    stress: 0.25,
    you: null,
    participants: 1,
    linkedWith: [],
    outreach: {
      nextInMs: 2 * 3_600_000,
      holds: [{ reason: 'cooldown', forMs: 2 * 3_600_000 }],
      drive: 'attachment',
      timeScale: 3600,
    },
  };

  it('writes a group’s status in each language, the emotion in its words', () => {
    expect(statusText(facts)).toBe(
      'In this chat: on; writing first: off; I know 1 person here. I feel anger (intensity 43%); energy 80%, ' +
        'stress 25%. We have not talked yet. If we do not talk, I would write first in 2 h of my time (2 s for you): ' +
        'I will miss you by then; holding me back: I wrote recently (cooldown), 2 h of my time (2 s for you) left.',
    );
    expect(statusText({ ...facts, locale: 'es' })).toBe(
      'En este chat: participo; escribir primero: no; conozco a 1 persona aquí. Siento ira (intensidad 43%); ' +
        'energía 80%, estrés 25%. Aún no hemos hablado. Si no hablamos, te escribiría primero dentro de 2 h de mi ' +
        'tiempo (2 s para ti): para entonces te echaré de menos; me frena: te escribí hace poco (pausa), quedan 2 h ' +
        'de mi tiempo (2 s para ti).',
    );
    expect(statusText({ ...facts, locale: 'ja', participants: 3 })).toBe(
      'このチャット：参加中、自分から話しかける：オフ、ここで3人を知っています。今の気持ち：怒り（強さ43%）、' +
        'エネルギー80%、ストレス25%。まだ話したことがありません。話さないままなら、私の時間で2時間（あなたには2秒）後に' +
        '私から話しかけます（その頃にはあなたが恋しくなるので）。止めているもの：少し前に話しかけたばかり（クールダウン）、' +
        'あと私の時間で2時間（あなたには2秒）。',
    );
    // No bracket inside another: the time left on a faster clock brings its own.
    expect(statusText({ ...facts, locale: 'ja' })).not.toMatch(/（[^）]*（/);
  });

  it('names linked platforms in a private chat, in the character’s language', () => {
    const mine: StatusFacts = { ...facts, group: false, linkedWith: ['discord', 'telegram'], outreach: null };
    expect(statusText({ ...mine, locale: 'es' })).toMatch(
      /Te reconozco como la misma persona en discord y telegram\.$/,
    );
    expect(statusText({ ...mine, locale: 'ja' })).toMatch(/discord、telegramで同じ人として認識しています。$/);
  });

  it('says that nothing is due in each language', () => {
    const none = {
      nextInMs: null,
      holds: [{ reason: 'proactive_off' as const, forMs: null }],
      drive: null,
      timeScale: 1,
    };
    expect(outreachSentence(none)).toBe(
      'I would not write first now; holding me back: writing first is off.',
    );
    expect(outreachSentence(none, 'es')).toBe(
      'Ahora no te escribiría primero; me frena: escribir primero está desactivado.',
    );
    expect(outreachSentence(none, 'ja')).toBe(
      '今は自分から話しかけません。止めているもの：自分から話しかける設定がオフ。',
    );
  });

  it('formats durations in Japanese without spaces', () => {
    expect(
      [12_000, 45 * 60_000, 200 * 60_000, 52 * 3_600_000].map((ms) => formatDurationIn(ms, 'ja')),
    ).toEqual(['12秒', '45分', '3時間20分', '2日4時間']);
  });
});

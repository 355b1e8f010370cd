import { createManualTime, createMemoryBindingStore, type PromptLocale } from '@limbic/core';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestGateway } from '../../../gateway/test/harness.js';
import {
  type CommandTexts,
  type Conversation,
  createLimbicRuntime,
  defaultCommandTexts,
  embeddedBackend,
  type LimbicBackend,
  type LimbicCommand,
  type LimbicRuntime,
  type LimbicRuntimeOptions,
  localizedCommandTexts,
  personaLocale,
  remoteBackend,
} from '../src/index.js';
import { scriptedOutbound, sharedState } from './fixtures.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

const direct = (userId: string): Conversation => ({
  platform: 'test',
  chatId: `dm-${userId}`,
  private: true,
  target: `dm-${userId}`,
  userId,
});
const inRoom = (userId: string, admin: boolean): Conversation => ({
  platform: 'test',
  chatId: 'room',
  private: false,
  target: 'room',
  userId,
  userName: userId,
  botId: 'bot',
  isAdmin: () => Promise.resolve(admin),
});

/** Every answer of a table but `status` (its own tests: status-languages), private and group variants alike. */
function everyAnswer(t: CommandTexts): Record<string, string> {
  const quiet = { start: '22:00', end: '08:00' };
  return {
    on: t.on,
    off: t.off,
    groupOn: t.groupOn,
    groupOff: t.groupOff,
    groupProactiveOn: t.groupProactive(true, 24),
    groupProactiveOff: t.groupProactive(false, 24),
    adminOnly: t.adminOnly,
    help: t.help,
    groupHelp: t.groupHelp,
    linkCode: t.linkCode('K7P2QX9M', 10),
    linked: t.linked(['discord', 'telegram']),
    linkInvalid: t.linkInvalid,
    linkSelf: t.linkSelf,
    linkPrivateOnly: t.linkPrivateOnly,
    unlinked: t.unlinked,
    notLinked: t.notLinked,
    forgotNothing: t.forgotten({ group: false, count: 0, known: false }),
    forgotNothingInGroup: t.forgotten({ group: true, count: 0, known: false }),
    forgotOne: t.forgotten({ group: false, count: 1, known: true }),
    forgotMany: t.forgotten({ group: false, count: 3, known: true }),
    forgotInGroup: t.forgotten({ group: true, count: 2, known: true }),
    groupMuted: t.groupMuted,
    groupUnmuted: t.groupUnmuted,
    quietSet: t.quietSet(quiet, 'Europe/Madrid', false),
    quietSetInGroup: t.quietSet(quiet, 'Europe/Madrid', true),
    quietOff: t.quietOff(false),
    quietOffInGroup: t.quietOff(true),
    quietInvalid: t.quietInvalid('25:00'),
  };
}

/** A `/limbic` command as the answers name it, with its argument (`/limbic proactive on|off`, `/limbic link K7P2QX9M`). */
const commandPattern =
  /\/limbic(?: (?:on|off|status|proactive|mute|unmute|quiet|link|unlink|forget)\b(?: (?:on\|off|on|off|\d\d:\d\d-\d\d:\d\d|[A-Z0-9]{8})\b)?)?/g;

/** What an answer says besides commands (`unmute` as an alternative too), codes, times, zones and platforms. */
const prose = (answer: string) =>
  answer
    .replace(commandPattern, '')
    .replace(/\b(un)?mute\b|K7P2QX9M|[A-Z][a-z]+\/[A-Za-z_]+|\d\d:\d\d|discord|telegram|IANA/g, '');

/** The sentences of the English answers, in prose, with three words or more. */
const englishSentences = Object.values(everyAnswer(defaultCommandTexts))
  .flatMap((answer) => prose(answer).split(/(?<=[.:;])\s+|\s*\(|\)\s*/))
  .map((s) => s.trim())
  .filter((s) => (s.match(/[A-Za-z]{2,}/g) ?? []).length >= 3);

describe('the default command answers per language', () => {
  const english = everyAnswer(defaultCommandTexts);

  it('keeps English as it was', () => {
    expect(localizedCommandTexts.en).toBe(defaultCommandTexts);
    // The check below has English sentences to look for, commands and names aside.
    expect(englishSentences.length).toBeGreaterThan(30);
    expect(englishSentences).toContain('Send  to stop that.');
  });

  it.each(['es', 'ja'] as const)(
    'translates every answer to %s, leaving no English sentence behind',
    (locale) => {
      const answers = everyAnswer(localizedCommandTexts[locale]);
      expect(Object.keys(answers)).toEqual(Object.keys(english));
      for (const [name, answer] of Object.entries(answers)) {
        expect(answer, name).not.toBe(english[name]);
        for (const sentence of englishSentences) expect(prose(answer), name).not.toContain(sentence);
        // No English function word is left outside commands and names.
        expect(prose(answer), name).not.toMatch(
          /\b(I|you|your|the|to|and|of|with|will|may|Okay|Send|first)\b/,
        );
        if (locale === 'ja') expect(prose(answer), name).not.toMatch(/[A-Za-z]{3,}/);
      }
      // The private and group variants differ where English's do.
      for (const [a, b] of [
        ['help', 'groupHelp'],
        ['forgotNothing', 'forgotNothingInGroup'],
        ['quietSet', 'quietSetInGroup'],
        ['quietOff', 'quietOffInGroup'],
        ['on', 'groupOn'],
        ['off', 'groupOff'],
      ] as const) {
        expect(answers[a], `${a}/${b}`).not.toBe(answers[b]);
      }
    },
  );

  it('reads a persona’s language as its replies would, even one this process cannot resolve', () => {
    expect(personaLocale({ preset: 'stoic_mentor', identity: { language: 'es-MX' } })).toBe('es');
    expect(personaLocale({ preset: 'stoic_mentor' })).toBe('en');
    expect(personaLocale({ preset: 'gateway_only', identity: { language: 'ja-JP' } })).toBe('ja');
    expect(personaLocale({ preset: 'gateway_only' })).toBe('en');
  });

  it('counts memories in Spanish with the right number, in Japanese with 件', () => {
    expect(localizedCommandTexts.es.forgotten({ group: true, count: 1, known: true })).toBe(
      'Hecho: te olvidé en este chat: lo que sentía por ti y 1 recuerdo en el que aparecías.',
    );
    expect(localizedCommandTexts.es.forgotten({ group: false, count: 3, known: true })).toBe(
      'Hecho: olvidé 3 recuerdos de nuestras conversaciones.',
    );
    expect(localizedCommandTexts.ja.forgotten({ group: false, count: 3, known: true })).toBe(
      '私たちの会話の記憶を3件忘れました。',
    );
    expect(localizedCommandTexts.ja.linked(['discord', 'telegram'])).toBe(
      'つながりました。discord、telegramで同じ人として認識しています。',
    );
  });
});

/** A runtime whose character speaks `language`, on `backend`. */
function runtimeOf(
  backend: LimbicBackend,
  language: string,
  time = sharedState().time,
  overrides: Partial<LimbicRuntimeOptions> = {},
): LimbicRuntime {
  const runtime = createLimbicRuntime({
    backend,
    bindings: createMemoryBindingStore(),
    persona: { preset: 'cheerful_companion', identity: { language } },
    outbound: scriptedOutbound().outbound,
    clock: time.clock,
    timers: time.timers,
    ...overrides,
  });
  closers.push(() => runtime.close());
  return runtime;
}

function embedded(): { backend: LimbicBackend; time: ReturnType<typeof sharedState>['time'] } {
  const { service, time } = sharedState();
  return { backend: embeddedBackend({ service, timers: time.timers }), time };
}

/** Runs the commands in order and resolves their answers. */
async function answers(runtime: LimbicRuntime, conversation: Conversation, commands: LimbicCommand[]) {
  const said: string[] = [];
  for (const command of commands) said.push(await runtime.handleCommand(conversation, command));
  return said;
}

const quiet: LimbicCommand = {
  action: 'quiet',
  quiet: { start: '22:00', end: '08:00' },
  timeZone: 'Asia/Tokyo',
};

describe('every /limbic answer in the character’s language (embedded)', () => {
  it.each([
    ['es', 'es'],
    ['es-MX', 'es'],
    ['ja', 'ja'],
  ] as const)('answers a private chat in %s', async (language, locale: PromptLocale) => {
    const { backend, time } = embedded();
    const runtime = runtimeOf(backend, language, time);
    const t = localizedCommandTexts[locale];
    const me = direct('alice');
    // Before the conversation has a session: the persona's language.
    expect(
      await answers(runtime, me, [{ action: 'help' }, { action: 'forget' }, { action: 'unlink' }]),
    ).toEqual([t.help, t.forgotten({ group: false, count: 0, known: false }), t.notLinked]);
    expect(
      await answers(runtime, me, [
        { action: 'off' },
        { action: 'unmute' },
        quiet,
        { action: 'quiet', quiet: null, timeZone: null },
        { action: 'quiet_invalid', text: '25:00' },
        { action: 'link', code: 'NOPE1234' },
      ]),
    ).toEqual([
      t.off,
      t.on,
      t.quietSet({ start: '22:00', end: '08:00' }, 'Asia/Tokyo', false),
      t.quietOff(false),
      t.quietInvalid('25:00'),
      t.linkInvalid,
    ]);
    const code = await runtime.handleCommand(me, { action: 'link', code: null });
    const issued = /([A-Z0-9]{8})/.exec(code)![1]!;
    expect(code).toBe(t.linkCode(issued, 10));
    expect(await runtime.handleCommand(me, { action: 'link', code: issued })).toBe(t.linkSelf);
    expect(await runtime.handleCommand(direct('alice-too'), { action: 'link', code: issued })).toBe(
      t.linked(['test']),
    );
    await runtime.handleMessage(me, { text: 'Thank you so much!', timestamp: time.clock.now() });
    expect(await runtime.handleCommand(me, { action: 'forget' })).toMatch(
      locale === 'es'
        ? /^Hecho: olvidé \d+ recuerdos? de nuestras conversaciones\.$/
        : /^私たちの会話の記憶を\d+件忘れました。$/,
    );
  });

  it('answers a group in Spanish and in Japanese: members, admins and the group variants', async () => {
    for (const locale of ['es', 'ja'] as const) {
      const { backend, time } = embedded();
      const runtime = runtimeOf(backend, locale, time);
      const t = localizedCommandTexts[locale];
      const bob = inRoom('bob', false);
      const ann = inRoom('ann', true);
      expect(
        await answers(runtime, bob, [
          { action: 'help' },
          { action: 'forget' },
          { action: 'link', code: null },
          { action: 'off' },
          { action: 'mute' },
          { action: 'unmute' },
          quiet,
          { action: 'quiet', quiet: null, timeZone: null },
          { action: 'quiet_invalid', text: 'Mars/Base' },
        ]),
      ).toEqual([
        t.groupHelp,
        t.forgotten({ group: true, count: 0, known: false }),
        t.linkPrivateOnly,
        t.adminOnly,
        t.groupMuted,
        t.groupUnmuted,
        t.quietSet({ start: '22:00', end: '08:00' }, 'Asia/Tokyo', true),
        t.quietOff(true),
        t.quietInvalid('Mars/Base'),
      ]);
      expect(
        await answers(runtime, ann, [
          { action: 'off' },
          { action: 'on' },
          { action: 'proactive', enabled: true },
          { action: 'proactive', enabled: false },
        ]),
      ).toEqual([t.groupOff, t.groupOn, t.groupProactive(true, 24), t.groupProactive(false, 24)]);
    }
  });

  it('says a few answers word for word', async () => {
    const { backend, time } = embedded();
    const es = runtimeOf(backend, 'es', time);
    const ja = runtimeOf(backend, 'ja', time);
    expect(await es.handleCommand(inRoom('bob', false), { action: 'on' })).toBe(
      'Solo la administración de este chat puede cambiar eso.',
    );
    expect(await es.handleCommand(direct('eva'), { action: 'off' })).toBe(
      'De acuerdo: ya no te escribiré primero. Envía /limbic on para permitirlo de nuevo.',
    );
    expect(await ja.handleCommand(direct('ken'), quiet)).toBe(
      'わかりました。22:00から08:00まで（Asia/Tokyo）は私から話しかけません。/limbic quiet off で解除できます。',
    );
    expect(await ja.handleCommand(inRoom('ken', false), quiet)).toBe(
      'わかりました。22:00から08:00まで（Asia/Tokyo）はあなたに私から話しかけません。/limbic quiet off で解除できます。',
    );
  });

  it('follows the session’s language once there is one, and English for other languages', async () => {
    const { service, time } = sharedState();
    const backend = embeddedBackend({ service, timers: time.timers });
    const bindings = createMemoryBindingStore();
    const spanish = runtimeOf(backend, 'es', time, { bindings });
    await spanish.handleMessage(direct('eva'), { text: 'hola', timestamp: time.clock.now() });
    // The bot now configured in English (the same bindings): eva's session still speaks Spanish, a new chat English.
    const english = runtimeOf(backend, 'en', time, { bindings });
    expect(await english.handleCommand(direct('eva'), { action: 'help' })).toBe(
      localizedCommandTexts.es.help,
    );
    expect(await english.handleCommand(direct('rui'), { action: 'help' })).toBe(defaultCommandTexts.help);
    // A persona chosen per conversation decides before a session exists.
    const perChat = runtimeOf(backend, 'en', time, {
      persona: (conversation) => ({
        preset: 'stoic_mentor',
        identity: { language: conversation.userId === 'ken' ? 'ja' : 'pt-BR' },
      }),
    });
    expect(await perChat.handleCommand(direct('ken'), { action: 'help' })).toBe(
      localizedCommandTexts.ja.help,
    );
    expect(await perChat.handleCommand(direct('ana'), { action: 'help' })).toBe(defaultCommandTexts.help);
  });

  it('uses a replaced text in every language', async () => {
    const { backend, time } = embedded();
    const runtime = runtimeOf(backend, 'ja', time, { texts: { help: 'Ask Mika.' } });
    expect(await runtime.handleCommand(direct('ken'), { action: 'help' })).toBe('Ask Mika.');
    expect(await runtime.handleCommand(direct('ken'), { action: 'unlink' })).toBe(
      localizedCommandTexts.ja.notLinked,
    );
  });
});

describe('every /limbic answer in the character’s language (remote)', () => {
  it('reads the language from the gateway’s session, and the persona’s before there is one', async () => {
    const t = await startTestGateway();
    closers.push(() => t.close());
    const backend = remoteBackend({ url: t.url, apiKey: t.keys.pro }) as LimbicBackend;
    const runtime = runtimeOf(backend, 'ja', createManualTime(t.clock.now()));
    const me = direct('ken');
    const ja = localizedCommandTexts.ja;
    expect(await runtime.handleCommand(me, { action: 'help' })).toBe(ja.help);
    expect(
      await answers(runtime, me, [{ action: 'off' }, quiet, { action: 'quiet_invalid', text: '25:00' }]),
    ).toEqual([
      ja.off,
      ja.quietSet({ start: '22:00', end: '08:00' }, 'Asia/Tokyo', false),
      ja.quietInvalid('25:00'),
    ]);
    expect(await runtime.handleCommand(inRoom('ken', false), { action: 'off' })).toBe(ja.adminOnly);
    // A bot configured in English on the same bindings: ken's session on the gateway speaks Japanese.
    const bindings = createMemoryBindingStore();
    const first = runtimeOf(backend, 'ja', createManualTime(t.clock.now()), { bindings });
    await first.handleCommand(direct('yui'), { action: 'off' });
    const other = remoteBackend({ url: t.url, apiKey: t.keys.pro }) as LimbicBackend;
    const english = runtimeOf(other, 'en', createManualTime(t.clock.now()), { bindings });
    expect(await english.handleCommand(direct('yui'), { action: 'help' })).toBe(ja.help);
    expect(await english.handleCommand(direct('sam'), { action: 'help' })).toBe(defaultCommandTexts.help);
  });
});

import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { type FakeDiscord, startFakeDiscord } from '../discord/fake-discord.js';
import type { DiscordSentMessage } from '../discord/types.js';
import type { FakeLlm } from '../openai/fake-llm.js';
import { type FakeTelegram, startFakeTelegram } from '../telegram/fake-telegram.js';
import type { TelegramSentMessage } from '../telegram/types.js';
import { consoleBanner } from './console-banner.js';
import { type ConsoleCommand, type ConsolePlatform, consoleHelp, parseConsoleLine } from './console-line.js';
import { llmRequestLine, startConsoleLlm } from './console-llm.js';

/** Options of {@link startFakesConsole}. */
export interface FakesConsoleOptions {
  /** Where typed lines come from (stdin). */
  input: Readable;
  /** Where the banner, the bots' messages and the prompt go (stdout). */
  output: Writable;
  /** Ports on 127.0.0.1; 0 picks free ones. */
  telegramPort: number;
  discordPort: number;
  /**
   * Port of the fake OpenAI-compatible LLM with the demo's answers (its chat replies quote the feeling and the
   * previous message they were sent); 0 picks a free one. Default: no fake LLM.
   */
  llmPort?: number;
  /** The platform typed lines go to until `:telegram` or `:discord`. Default `telegram`. */
  platform?: ConsolePlatform;
  /**
   * Whether the end of `input` (Ctrl-D, a pipe closed) stops the console. Default true; false keeps the fakes running
   * until {@link FakesConsole.close} (`:quit`, a signal), for a bot run with no one typing.
   */
  closeOnEnd?: boolean;
  /** The console runs a bot itself: the banner leaves out how to start one. Default false. */
  runsBot?: boolean;
  /** Runs first when the console stops, while the fakes still answer (to stop a bot that talks to them). */
  beforeClose?: () => Promise<unknown>;
  /** Shows a prompt and redraws it around the bots' messages (for a terminal). Default: `output.isTTY`. */
  terminal?: boolean;
}

/** A running fakes console: both fake platforms and the line reader. */
export interface FakesConsole {
  readonly telegram: FakeTelegram;
  readonly discord: FakeDiscord;
  /** The fake LLM, when {@link FakesConsoleOptions.llmPort} is set. */
  readonly llm: FakeLlm | undefined;
  /** The id of the Discord channel #general, for DISCORD_CHANNELS. */
  readonly discordChannelId: string;
  /** Prints a line above the prompt, as the bots' messages are (the output of a bot the console runs). */
  print(line: string): void;
  /** Resolves once the console has stopped (`:quit`, Ctrl-C, end of input or {@link FakesConsole.close}). */
  readonly closed: Promise<void>;
  /** Stops reading, runs {@link FakesConsoleOptions.beforeClose}, then closes the servers. */
  close(): Promise<void>;
}

/** The Discord guild and channel of the console, fixed so DISCORD_CHANNELS can name the channel once. */
const guild = { id: '100000000000000001', name: 'Limbic fakes', channel: '100000000000000002' };
const telegramGroup = { id: -100_000_001, title: 'Limbic fakes group' };

interface Person {
  name: string;
  telegramId: number;
  discordId: string;
}

/**
 * Starts the fake Telegram and Discord servers (and with `llmPort` the fake LLM) with a console on `input`/`output`:
 * each typed line is sent to the bot as a person (on Telegram or Discord, in a private chat unless told otherwise),
 * and every message the bot sends, and every chat request to the fake LLM, is printed as it arrives. The banner says
 * how to point the example bots at the servers.
 * @example
 * const fakes = await startFakesConsole({ input: process.stdin, output: process.stdout, telegramPort: 8781, discordPort: 8782 });
 * await fakes.closed;
 */
export async function startFakesConsole(options: FakesConsoleOptions): Promise<FakesConsole> {
  const { input, output } = options;
  const terminal = options.terminal ?? (output as Writable & { isTTY?: boolean }).isTTY === true;
  const telegram = await startFakeTelegram({ port: options.telegramPort, botUsername: 'limbic_fake_bot' });
  const discord = await startFakeDiscord({
    port: options.discordPort,
    botUser: { id: '100000000000000009', username: 'limbic-fake-bot' },
    guilds: [{ id: guild.id, name: guild.name, channels: [{ id: guild.channel, name: 'general' }] }],
  }).catch(async (error: unknown) => {
    await telegram.close();
    throw error;
  });
  const llm =
    options.llmPort === undefined
      ? undefined
      : await startConsoleLlm(options.llmPort, (call) => print(llmRequestLine(call))).catch(
          async (error: unknown) => {
            await Promise.all([telegram.close(), discord.close()]);
            throw error;
          },
        );

  const people = new Map<string, Person>();
  const personNamed = (name: string): Person => {
    let person = people.get(name.toLowerCase());
    if (!person) {
      const n = people.size + 1;
      person = { name, telegramId: 1000 + n, discordId: `2000000000000000${String(n).padStart(2, '0')}` };
      people.set(name.toLowerCase(), person);
    }
    return person;
  };
  const state = {
    platform: options.platform ?? ('telegram' as ConsolePlatform),
    chat: 'private' as 'private' | 'group',
    me: personNamed('you'),
  };

  const rl = createInterface({ input, output, terminal });
  const promptText = () =>
    `${state.platform} ${state.chat === 'private' ? 'private' : 'group'} ${state.me.name}> `;
  let stopped = false;
  const print = (line: string) => {
    if (!terminal || stopped) {
      output.write(`${line}\n`);
      return;
    }
    // Above the prompt, keeping what is being typed.
    output.write('\r\x1b[K');
    output.write(`${line}\n`);
    rl.prompt(true);
  };

  print(consoleBanner({ telegram, discord, llm, channel: guild.channel, runsBot: options.runsBot === true }));
  rl.setPrompt(promptText());
  if (terminal) rl.prompt();

  // The bots' messages, and their connections, as they happen.
  let telegramSeen = 0;
  let telegramPolled = false;
  const stopTelegram = telegram.onChange(() => {
    if (!telegramPolled && telegram.calls.some((call) => call.method === 'getUpdates')) {
      telegramPolled = true;
      print('[telegram] a bot is polling for updates');
    }
    for (; telegramSeen < telegram.sent.length; telegramSeen++) {
      print(
        `[telegram] bot → ${telegramTarget(telegram.sent[telegramSeen]!)}: ${telegram.sent[telegramSeen]!.text}`,
      );
    }
  });
  let discordSeen = 0;
  let identifies = 0;
  const stopDiscord = discord.onChange(() => {
    const stats = discord.gatewayStats;
    if (stats.identifies > identifies) {
      identifies = stats.identifies;
      print('[discord] a bot logged in to the gateway');
    }
    for (; discordSeen < discord.sent.length; discordSeen++) {
      print(
        `[discord] bot → ${discordTarget(discord.sent[discordSeen]!)}: ${discord.sent[discordSeen]!.content}`,
      );
    }
  });

  function telegramTarget(message: TelegramSentMessage): string {
    const chatId = Number(message.chat_id);
    if (chatId === telegramGroup.id) return `group "${telegramGroup.title}"`;
    const person = [...people.values()].find((p) => p.telegramId === chatId);
    return person ? `${person.name} (private)` : `chat ${chatId}`;
  }

  function discordTarget(message: DiscordSentMessage): string {
    if (message.channel_id === guild.channel) return '#general';
    const person = [...people.values()].find((p) => discord.dmChannelOf(p.discordId) === message.channel_id);
    return person ? `${person.name} (DM)` : `channel ${message.channel_id}`;
  }

  function say(text: string, platform: ConsolePlatform): void {
    const { me, chat } = state;
    if (platform === 'telegram') {
      const group = chat === 'group';
      telegram.sendText({
        chatId: group ? telegramGroup.id : me.telegramId,
        userId: me.telegramId,
        text,
        firstName: me.name,
        username: me.name.replace(/\W/g, '_'),
        ...(group ? { chatType: 'group' as const, chatTitle: telegramGroup.title } : {}),
      });
      if (!telegramPolled)
        print('[telegram] queued: no bot has polled yet; it gets the message when one does');
      return;
    }
    if (discord.gatewayStats.sockets === 0) {
      print(
        '[discord] not sent: no bot is connected to the gateway (Discord does not keep messages for later)',
      );
      return;
    }
    const author = { id: me.discordId, username: me.name };
    if (chat === 'group') discord.dispatchMessage({ author, content: text, channelId: guild.channel });
    else discord.dispatchDirectMessage({ userId: me.discordId, username: me.name, content: text });
  }

  function run(command: ConsoleCommand): void {
    switch (command.kind) {
      case 'say':
        say(command.text, command.platform ?? state.platform);
        break;
      case 'switch':
        state.platform = command.platform;
        break;
      case 'chat':
        state.chat = command.chat;
        break;
      case 'as':
        state.me = personNamed(command.name);
        break;
      case 'help':
        print(consoleHelp);
        break;
      case 'quit':
        void close();
        return;
      case 'unknown':
        print(`Unknown command ${command.input}; :help lists them`);
        break;
      case 'none':
        break;
    }
    rl.setPrompt(promptText());
    if (terminal) rl.prompt();
  }

  let closing: Promise<void> | undefined;
  let settle: { resolve: () => void; reject: (error: unknown) => void } | undefined;
  const closed = new Promise<void>((resolve, reject) => {
    settle = { resolve, reject };
  });
  const close = (): Promise<void> => {
    closing ??= (async () => {
      stopped = true;
      rl.close();
      await options.beforeClose?.();
      stopTelegram();
      stopDiscord();
      await Promise.all([telegram.close(), discord.close(), llm?.close()]);
    })();
    closing.then(settle?.resolve, settle?.reject);
    return closing;
  };
  rl.on('close', () => {
    if (stopped) return;
    if (options.closeOnEnd ?? true) void close();
    else print('[fakes] end of input: nothing more to send; Ctrl-C stops');
  });
  rl.on('line', (line) => run(parseConsoleLine(line)));
  // Ctrl-C in a terminal: readline reports it here instead of ending the process.
  rl.on('SIGINT', () => void close());
  return { telegram, discord, llm, discordChannelId: guild.channel, print, closed, close };
}

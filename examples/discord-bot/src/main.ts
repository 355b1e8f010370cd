/**
 * A Discord bot with a Limbic character. Run with a bot token from the Discord developer portal:
 *
 *   DISCORD_TOKEN=… npm start                 # embedded engine, sessions in ./data/limbic.db
 *   DISCORD_TOKEN=… npm start -- --remote     # a Limbic gateway (LIMBIC_URL, LIMBIC_API_KEY)
 *
 * See README.md for the other settings.
 */
import {
  botSettingsOrExit,
  completeChat,
  createChatReplies,
  defaultHistoryLength,
  historyLengthFromEnv,
  openEngine,
  stopOnSignals,
} from '@limbic/bot-kit';
import { attachLimbic } from '@limbic/discord';
import { Client, Events, GatewayIntentBits, Partials } from 'discord.js';

// The token, LIMBIC_LLM_*, LIMBIC_DATA, LIMBIC_TIME_SCALE and with --remote LIMBIC_URL and LIMBIC_API_KEY; exits
// naming a missing or invalid one.
const settings = botSettingsOrExit('DISCORD_TOKEN', {
  help: 'see README.md',
  onLlmFallback: (reason) => console.warn(`LLM appraiser: ${reason}`),
});
const { token, llm } = settings;
const engine = await openEngine(settings.engine);
// Replies: the LLM with prompt_data and the last LIMBIC_HISTORY exchanges (default 10), kept next to the sessions and
// erased by /limbic forget; without an LLM, an offline line in the character's voice.
const chat = createChatReplies({
  llm,
  store: engine.bindings,
  historyLength: historyLengthFromEnv() ?? defaultHistoryLength,
  onLlmError: (error) => console.warn('LLM reply failed, answering offline:', error),
});
const name = process.env.CHARACTER_NAME ?? 'Mira';

const client = new Client({
  intents: [
    GatewayIntentBits.Guilds,
    GatewayIntentBits.GuildMessages,
    GatewayIntentBits.MessageContent, // privileged: enable it in the developer portal
    GatewayIntentBits.DirectMessages,
  ],
  partials: [Partials.Channel], // without it, discord.js drops DMs from channels it has not cached
  // DISCORD_API points discord.js at another REST server (the tests' fake); it finds the gateway from there.
  ...(process.env.DISCORD_API ? { rest: { api: process.env.DISCORD_API } } : {}),
});

const character = attachLimbic(client, {
  engine,
  persona: {
    preset: (process.env.LIMBIC_PRESET as 'cheerful_companion' | undefined) ?? 'cheerful_companion',
    identity: { name, role: 'a friendly companion' },
  },
  // Guild channels to listen in, with their threads (DMs always work): DISCORD_CHANNELS=123…,456…
  channels: (process.env.DISCORD_CHANNELS ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id.length > 0),
  // Proactive messages: let the LLM write them in the character's voice when one is configured.
  ...(llm
    ? {
        compose: async ({ action, session }) =>
          completeChat(
            llm,
            `You are ${name}. You feel ${session.state.discrete_emotion}. ` +
              'Write one short message to start a conversation with your friend.',
            `Reason you are writing first: ${action.message}`,
          ),
      }
    : {}),
  onError: (error) => console.error('limbic:', error),
  onDelivery: (event) => {
    if (event.type === 'sent') console.log(`proactive ${event.action.type} sent to ${event.target}`);
    if (event.type === 'dropped') console.warn(`proactive ${event.action.type} dropped:`, event.error);
  },
});

// Called for the messages Mira should answer: every DM; in a channel, when someone mentions her or replies to her
// (or she has something to say). Chatter between others in the channel gets no reply.
character.onTurn(async (turn, message) => {
  await message.reply(await chat.reply(message.content, turn));
});
client.once(Events.ClientReady, (ready) => {
  console.log(`${ready.user.tag} is running (${engine.description}); press Ctrl-C to stop`);
});

await character.start();
stopOnSignals(async () => {
  await character.close();
  // With the gateway connection and the engine closed nothing keeps the process alive: it exits with code 0.
  await client.destroy();
});

await client.login(token);

/**
 * A Discord bot with a Limbic character. Run with a bot token from the Discord developer portal:
 *
 *   DISCORD_TOKEN=… npm start                 # embedded engine, sessions in ./data/limbic.db
 *   DISCORD_TOKEN=… npm start -- --remote     # a Limbic gateway (LIMBIC_URL, LIMBIC_API_KEY)
 *
 * See README.md for the other settings.
 */
import { completeChat, type Engine, llmFromEnv, openEngine, replyFor } from '@limbic/bot-kit';
import { attachLimbic } from '@limbic/discord';
import { Client, Events, GatewayIntentBits, Partials } from 'discord.js';

function required(name: string): string {
  const value = process.env[name];
  if (!value) {
    console.error(`Set ${name} (see README.md).`);
    process.exit(2);
  }
  return value;
}

/** The LLM settings (LIMBIC_LLM_*), or undefined; exits naming the invalid ones. */
function settingsOrExit() {
  try {
    return llmFromEnv();
  } catch (error) {
    // A VALIDATION_ERROR naming every invalid setting.
    console.error((error as Error).message);
    process.exit(2);
  }
}

const token = required('DISCORD_TOKEN');
const remote = process.argv.includes('--remote');
const llm = settingsOrExit();
// LIMBIC_TIME_SCALE=3600: an hour of the character's time passes every second, so it writes first within a minute.
const timeScale = Number(process.env.LIMBIC_TIME_SCALE || 1);
if (!(timeScale > 0)) {
  console.error('LIMBIC_TIME_SCALE: must be a number above 0 (see README.md).');
  process.exit(2);
}
const engine: Engine = remote
  ? await openEngine({
      mode: 'remote',
      url: process.env.LIMBIC_URL ?? 'http://127.0.0.1:8787',
      apiKey: required('LIMBIC_API_KEY'),
      ...(process.env.LIMBIC_DATA ? { dataDir: process.env.LIMBIC_DATA } : {}),
    })
  : await openEngine({
      ...(process.env.LIMBIC_DATA ? { dataDir: process.env.LIMBIC_DATA } : {}),
      ...(timeScale === 1 ? {} : { timeScale }),
      // With an LLM, it also appraises each message; the offline reader answers when it fails.
      ...(llm ? { llm: { ...llm, onFallback: (reason) => console.warn(`LLM appraiser: ${reason}`) } } : {}),
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
  await message.reply(await replyFor(message.content, turn, llm));
});
client.once(Events.ClientReady, (ready) => {
  console.log(`${ready.user.tag} is running (${engine.description}); press Ctrl-C to stop`);
});

await character.start();
let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await character.close();
  // With the gateway connection and the engine closed nothing keeps the process alive: it exits with code 0.
  await client.destroy();
}
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());

await client.login(token);

/**
 * A Telegram bot with a Limbic character. Run with a token from @BotFather:
 *
 *   TELEGRAM_BOT_TOKEN=123:abc npm start                 # embedded engine, sessions in ./data/limbic.db
 *   TELEGRAM_BOT_TOKEN=123:abc npm start -- --remote     # a Limbic gateway (LIMBIC_URL, LIMBIC_API_KEY)
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
import { type LimbicFlavor, limbic } from '@limbic/telegram';
import { Bot, type Context } from 'grammy';

type BotContext = Context & LimbicFlavor;

// The token, LIMBIC_LLM_*, LIMBIC_DATA, LIMBIC_TIME_SCALE and with --remote LIMBIC_URL and LIMBIC_API_KEY; exits
// naming a missing or invalid one.
const settings = botSettingsOrExit('TELEGRAM_BOT_TOKEN', {
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

const bot = new Bot<BotContext>(token, {
  // TELEGRAM_API_ROOT points the bot at another Bot API server (a local one, or the tests' fake).
  ...(process.env.TELEGRAM_API_ROOT ? { client: { apiRoot: process.env.TELEGRAM_API_ROOT } } : {}),
});

const character = limbic<BotContext>({
  api: bot.api,
  engine,
  persona: {
    preset: (process.env.LIMBIC_PRESET as 'cheerful_companion' | undefined) ?? 'cheerful_companion',
    identity: { name: process.env.CHARACTER_NAME ?? 'Mira', role: 'a friendly companion' },
  },
  // Proactive messages: let the LLM write them in the character's voice when one is configured. In a group (after an
  // admin's /limbic proactive on) the plugin puts the person's name in front, as a mention.
  ...(llm
    ? {
        compose: async ({ action, session }) =>
          completeChat(
            llm,
            `You are ${process.env.CHARACTER_NAME ?? 'Mira'}. You feel ${session.state.discrete_emotion}. ` +
              (action.participant
                ? `Write one short message to your friend ${action.participant.name ?? ''} in your group chat; ` +
                  'it will start with their name.'
                : 'Write one short message to start a conversation with your friend.'),
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

bot.use(character);
bot.command('start', (ctx) => ctx.reply('Hi! Just talk to me. /limbic off stops me from writing first.'));
// The plugin lets through the messages Mira should answer: all of them in a private chat; in a group the ones the
// engine advises answering (she was mentioned or replied to, or feels like speaking up), never other bots.
bot.on('message:text', async (ctx) => {
  const text = await chat.reply(ctx.message.text, ctx.limbic);
  // In a group, quote the message she answers, so the room sees whom she is talking to.
  await ctx.reply(
    text,
    ctx.chat.type === 'private'
      ? {}
      : { reply_parameters: { message_id: ctx.message.message_id, allow_sending_without_reply: true } },
  );
});
bot.catch((error) => console.error('bot error:', error.error));

await character.start();
stopOnSignals(async () => {
  await bot.stop();
  await character.close();
});

await bot.start({
  onStart: (me) => console.log(`@${me.username} is running (${engine.description}); press Ctrl-C to stop`),
});

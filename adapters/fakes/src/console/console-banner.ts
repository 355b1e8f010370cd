import type { FakeDiscord } from '../discord/fake-discord.js';
import { demoLlmModel } from '../openai/demo-answer.js';
import type { FakeLlm } from '../openai/fake-llm.js';
import type { FakeTelegram } from '../telegram/fake-telegram.js';

/** What {@link consoleBanner} describes. */
export interface ConsoleBannerInput {
  telegram: FakeTelegram;
  discord: FakeDiscord;
  llm: FakeLlm | undefined;
  /** The Discord channel #general. */
  channel: string;
  /** The console runs the bot itself, so the commands that start one are left out. */
  runsBot: boolean;
}

/** The fakes console's first lines: where each fake listens, with its token, and how to point a bot at it. */
export function consoleBanner({ telegram, discord, llm, channel, runsBot }: ConsoleBannerInput): string {
  const hint = (line: string) => (runsBot ? '' : `  ${line}\n`);
  const llmLines = llm
    ? `Fake LLM               ${llm.baseURL}   model ${demoLlmModel}\n${hint(
        `add LIMBIC_LLM_URL=${llm.baseURL} LIMBIC_LLM_MODEL=${demoLlmModel} to a bot's command for replies that show its memory`,
      )}`
    : '';
  const clock = runsBot
    ? `The bot's output is marked [bot]. Talk to it, then leave it alone: with the demo clock it writes first within
about a minute. :quit, Ctrl-C or Ctrl-D stops the bot and the fakes.`
    : `Add LIMBIC_DEMO_CLOCK=1 to a bot's command to see it write first within a minute: absence runs an hour a second,
feelings at their real pace (so /limbic status still shows them).`;
  return `Limbic fake platforms: type a message and press Enter to send it to a bot; :help lists the commands.

Fake Telegram Bot API  ${telegram.apiRoot}   token ${telegram.token}
${hint(`cd examples/telegram-bot && TELEGRAM_API_ROOT=${telegram.apiRoot} TELEGRAM_BOT_TOKEN=${telegram.token} npm start`)}Fake Discord           ${discord.url}   token ${discord.token}   channel #general ${channel}
${hint(`cd examples/discord-bot && DISCORD_API=${discord.url} DISCORD_TOKEN=${discord.token} DISCORD_CHANNELS=${channel} npm start`)}${llmLines}${clock}
`;
}

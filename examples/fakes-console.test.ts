import { afterEach, describe, expect, it } from 'vitest';
import { cleanUpExamples, exampleDataDir, startExample, startScript } from './example-process.js';

afterEach(cleanUpExamples);

/** `npm run fakes` as its script runs it, on free ports, with what it printed so far. */
function startConsole() {
  const fakes = startScript('adapters/fakes/src/console/main.ts', {
    FAKE_TELEGRAM_PORT: '0',
    FAKE_DISCORD_PORT: '0',
  });
  return {
    ...fakes,
    /** Types a line; returns where the output stood, for waiting on what follows. */
    type(line: string): number {
      const at = fakes.output().length;
      fakes.child.stdin.write(`${line}\n`);
      return at;
    },
  };
}

describe('npm run fakes', () => {
  it('starts both fake platforms; lines typed reach the example bots, and their replies and first messages are printed', async () => {
    const fakes = startConsole();
    const [, apiRoot, telegramToken] = await fakes.waitFor(/Fake Telegram Bot API\s+(\S+)\s+token (\S+)/);
    const [, discordApi, discordToken, channel] = await fakes.waitFor(
      /Fake Discord\s+(\S+)\s+token (\S+)\s+channel #general (\d+)/,
    );

    // The Telegram example as its README says, the engine clock sped up so Mira soon writes first.
    const telegramBot = startExample('telegram-bot', {
      TELEGRAM_API_ROOT: apiRoot,
      TELEGRAM_BOT_TOKEN: telegramToken,
      LIMBIC_DATA: exampleDataDir(),
      LIMBIC_TIME_SCALE: '100000',
    });
    await fakes.waitFor(/\[telegram\] a bot is polling for updates/);
    let at = fakes.type('Thank you, you are wonderful!');
    await fakes.waitFor(/\[telegram\] bot → you \(private\): Hi, I am \w+! .+\n/, at);
    // Nobody writes back: after hours of the character's time (seconds here), it reaches out by itself.
    await fakes.waitFor(/(\[telegram\] bot → you \(private\): [^\n]+\n[\s\S]*){2}/, at);
    await telegramBot.waitFor(/proactive \w+ sent to 1001/);

    const discordBot = startExample('discord-bot', {
      DISCORD_API: discordApi,
      DISCORD_TOKEN: discordToken,
      DISCORD_CHANNELS: channel,
      LIMBIC_DATA: exampleDataDir(),
    });
    await fakes.waitFor(/\[discord\] a bot logged in to the gateway/);
    await discordBot.waitFor(/is running/);
    at = fakes.type(':d Hello, nice to meet you!');
    await fakes.waitFor(/\[discord\] bot → you \(DM\): Hi, I am \w+! .+\n/, at);
    // Someone else, in the guild channel the bot listens to.
    fakes.type(':discord');
    fakes.type(':group');
    fakes.type(':as ada');
    at = fakes.type('You ruined everything.');
    await fakes.waitFor(/\[discord\] bot → #general: Hi, I am \w+! .+\n/, at);

    fakes.type(':quit');
    expect(await fakes.exited).toBe(0);
  }, 90_000);

  it('says which port setting is wrong instead of starting', async () => {
    const fakes = startScript('adapters/fakes/src/console/main.ts', { FAKE_TELEGRAM_PORT: 'eighty' });
    let stderr = '';
    fakes.child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    expect(await fakes.exited).toBe(2);
    expect(stderr).toMatch(/FAKE_TELEGRAM_PORT: must be a port number from 0 to 65535/);
  }, 30_000);
});

import { describe, expect, it } from 'vitest';
import { parseConsoleArgs } from './console-args.js';

describe('parseConsoleArgs', () => {
  it('is the console alone, on Telegram with the fake LLM, without arguments', () => {
    expect(parseConsoleArgs([])).toEqual({ platform: 'telegram', llm: true, command: [], help: false });
  });

  it('takes the flags before -- and everything after it as the bot command, untouched', () => {
    expect(parseConsoleArgs(['--discord', '--no-llm', '--', 'npm', 'start', '--', '--remote'])).toEqual({
      platform: 'discord',
      llm: false,
      command: ['npm', 'start', '--', '--remote'],
      help: false,
    });
    expect(parseConsoleArgs(['--', 'node', '--telegram']).platform).toBe('telegram');
  });

  it('names the argument that is wrong', () => {
    expect(() => parseConsoleArgs(['--telegarm'])).toThrow(/unknown argument "--telegarm"/);
    expect(() => parseConsoleArgs(['node', 'bot.js'])).toThrow(
      /unknown argument "node" \(a bot command goes after --\)/,
    );
    expect(() => parseConsoleArgs(['--telegram', '--discord'])).toThrow(/choose one/);
    expect(() => parseConsoleArgs(['--telegram', '--'])).toThrow(/-- must be followed by the command/);
  });
});

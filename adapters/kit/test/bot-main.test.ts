import { describe, expect, it } from 'vitest';
import { botSettingsFromEnv } from '../src/index.js';

const read = (env: NodeJS.ProcessEnv, argv: string[] = []) => botSettingsFromEnv('BOT_TOKEN', { env, argv });

describe('botSettingsFromEnv', () => {
  it('reads an embedded engine with its data folder, speed and model', () => {
    const onLlmFallback = () => {};
    const settings = botSettingsFromEnv('BOT_TOKEN', {
      env: {
        BOT_TOKEN: 't',
        LIMBIC_DATA: '/data',
        LIMBIC_TIME_SCALE: '3600',
        LIMBIC_LLM_URL: 'http://127.0.0.1:1/v1',
        LIMBIC_LLM_MODEL: 'm',
      },
      argv: [],
      onLlmFallback,
    });
    expect(settings.token).toBe('t');
    expect(settings.llm).toMatchObject({ model: 'm' });
    expect(settings.engine).toMatchObject({
      dataDir: '/data',
      timeScale: 3600,
      llm: { model: 'm', onFallback: onLlmFallback },
    });
    expect(read({ BOT_TOKEN: 't' })).toEqual({ token: 't', llm: undefined, engine: {} });
  });

  it('reads a gateway with --remote', () => {
    expect(read({ BOT_TOKEN: 't', LIMBIC_API_KEY: 'k' }, ['--remote']).engine).toEqual({
      mode: 'remote',
      url: 'http://127.0.0.1:8787',
      apiKey: 'k',
    });
  });

  it.each([
    [{}, [], /^Set BOT_TOKEN$/],
    [{ BOT_TOKEN: 't', LIMBIC_TIME_SCALE: '-1' }, [], /^LIMBIC_TIME_SCALE: must be a number above 0$/],
    [{ BOT_TOKEN: 't', LIMBIC_API_KEY: '' }, ['--remote'], /^Set LIMBIC_API_KEY$/],
    [{ BOT_TOKEN: 't', LIMBIC_LLM_URL: 'http://127.0.0.1:1/v1' }, [], /LIMBIC_LLM_MODEL/],
  ])('names what is missing or invalid: %j %j', (env, argv, message) => {
    expect(() => read(env, argv)).toThrow(
      expect.objectContaining({ code: 'VALIDATION_ERROR', message: expect.stringMatching(message) }),
    );
  });
});

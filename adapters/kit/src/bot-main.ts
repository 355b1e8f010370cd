import { LimbicError, type LlmSettings } from '@limbic/core';
import type { EngineOptions } from './engine.js';
import { llmFromEnv } from './reply.js';

/** What a bot's main module reads from its environment; see {@link botSettingsFromEnv}. */
export interface BotSettings {
  /** The platform's bot token, from the variable the bot names. */
  token: string;
  /** The optional LLM (`LIMBIC_LLM_*`): it appraises messages and writes replies. */
  llm: LlmSettings | undefined;
  /** What {@link openEngine} takes: a gateway with `--remote`, otherwise the engine in the bot's process. */
  engine: EngineOptions;
}

/** Options of {@link botSettingsFromEnv}. */
export interface BotSettingsOptions {
  /**
   * The environment the settings are read from.
   * @defaultValue `process.env`
   */
  env?: NodeJS.ProcessEnv;
  /**
   * The command line; `--remote` selects a gateway.
   * @defaultValue `process.argv`
   */
  argv?: readonly string[];
  /**
   * Embedded mode with an LLM: hears why the LLM appraiser fell back to the offline reader.
   * @defaultValue none: fallbacks are not reported
   */
  onLlmFallback?: (reason: string) => void;
}

/** A setting that must be set (an empty value counts as missing). */
function required(env: NodeJS.ProcessEnv, name: string): string {
  const value = env[name];
  if (!value)
    throw new LimbicError('VALIDATION_ERROR', `Set ${name}`, {
      issues: [{ path: name, message: 'required' }],
    });
  return value;
}

/**
 * The demo clock that `LIMBIC_DEMO_CLOCK=1` sets: absence and proactive timing an hour a second, feelings at their
 * real pace (docs/proactive.md, "The demo clock").
 */
export const demoClock = Object.freeze({ timeScale: 3600, feelingTimeScale: 1 });

/** A clock speed from the environment (`fallback` when unset). */
function scaleFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = env[name] ? Number(env[name]) : fallback;
  if (!(value > 0) || !Number.isFinite(value)) {
    throw new LimbicError('VALIDATION_ERROR', `${name}: must be a number above 0`, {
      issues: [{ path: name, message: 'must be a number above 0' }],
    });
  }
  return value;
}

/**
 * Reads a bot's settings the way the example bots take them: the token from `tokenVariable`, the LLM from
 * `LIMBIC_LLM_*`, the data folder from `LIMBIC_DATA`; embedded, the engine's speed from `LIMBIC_TIME_SCALE`
 * (3600: an hour of the character's time every second) and the pace of its feelings from `LIMBIC_FEELING_TIME_SCALE`
 * (default: the same), or both from `LIMBIC_DEMO_CLOCK=1` ({@link demoClock}); with `--remote`, the gateway from `LIMBIC_URL` (default
 * `http://127.0.0.1:8787`) and `LIMBIC_API_KEY`.
 * @throws LimbicError VALIDATION_ERROR naming the first missing or invalid setting.
 * @example
 * const settings = botSettingsFromEnv('TELEGRAM_BOT_TOKEN');
 * const engine = await openEngine(settings.engine);
 */
export function botSettingsFromEnv(tokenVariable: string, options: BotSettingsOptions = {}): BotSettings {
  const { env = process.env, argv = process.argv, onLlmFallback } = options;
  const token = required(env, tokenVariable);
  const llm = llmFromEnv(env);
  const demo = env.LIMBIC_DEMO_CLOCK === '1' || env.LIMBIC_DEMO_CLOCK === 'true';
  const timeScale = scaleFrom(env, 'LIMBIC_TIME_SCALE', demo ? demoClock.timeScale : 1);
  const feelingTimeScale = scaleFrom(
    env,
    'LIMBIC_FEELING_TIME_SCALE',
    demo ? demoClock.feelingTimeScale : timeScale,
  );
  const data = env.LIMBIC_DATA ? { dataDir: env.LIMBIC_DATA } : {};
  if (argv.includes('--remote')) {
    const url = env.LIMBIC_URL ?? 'http://127.0.0.1:8787';
    return { token, llm, engine: { mode: 'remote', url, apiKey: required(env, 'LIMBIC_API_KEY'), ...data } };
  }
  const fallback = onLlmFallback ? { onFallback: onLlmFallback } : {};
  return {
    token,
    llm,
    engine: {
      ...data,
      ...(timeScale === 1 ? {} : { timeScale }),
      ...(feelingTimeScale === timeScale ? {} : { feelingTimeScale }),
      // With an LLM, it also appraises each message; the offline reader answers when it fails.
      ...(llm ? { llm: { ...llm, ...fallback } } : {}),
    },
  };
}

/**
 * For a bot's main module: {@link botSettingsFromEnv}, or, when a setting is missing or invalid, prints what to fix
 * (followed by `help`, e.g. `see README.md`) and exits the process with code 2.
 * @example
 * const { token, llm, engine } = botSettingsOrExit('DISCORD_TOKEN', { help: 'see README.md' });
 */
export function botSettingsOrExit(
  tokenVariable: string,
  options: BotSettingsOptions & { help?: string } = {},
): BotSettings {
  try {
    return botSettingsFromEnv(tokenVariable, options);
  } catch (error) {
    console.error(`${(error as Error).message}${options.help ? ` (${options.help})` : ''}.`);
    process.exit(2);
  }
}

/**
 * For a bot's main module: runs `stop` once, on the first SIGINT (Ctrl-C) or SIGTERM (a process manager). Close the
 * character and the platform's client in it; with nothing left open, the process ends with code 0.
 * @example
 * stopOnSignals(async () => {
 *   await bot.stop();
 *   await character.close();
 * });
 */
export function stopOnSignals(stop: () => Promise<void>): void {
  let stopping = false;
  const stopOnce = () => {
    if (stopping) return;
    stopping = true;
    void stop();
  };
  process.once('SIGINT', stopOnce);
  process.once('SIGTERM', stopOnce);
}

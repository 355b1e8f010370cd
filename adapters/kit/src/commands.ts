/** The `/limbic` sub-commands a person can send. */
export type LimbicCommand = 'on' | 'off' | 'status' | 'help';

/**
 * Parses `/limbic`, `/limbic on`, `/limbic@MyBot off`, ... Resolves the sub-command (`help` for a bare or unknown
 * one), or null when the text is not a `/limbic` command. A mention of another bot (`/limbic@OtherBot`) is not ours.
 * @example
 * parseLimbicCommand('/limbic off'); // 'off'
 */
export function parseLimbicCommand(
  text: string,
  botUsername?: string,
  name = 'limbic',
): LimbicCommand | null {
  const match = /^\/([A-Za-z0-9_]+)(?:@([A-Za-z0-9_]+))?(?:\s+(\S+))?\s*$/.exec(text.trim());
  if (!match || match[1]!.toLowerCase() !== name) return null;
  const mention = match[2];
  if (
    mention !== undefined &&
    botUsername !== undefined &&
    mention.toLowerCase() !== botUsername.toLowerCase()
  ) {
    return null;
  }
  const argument = match[3]?.toLowerCase();
  return argument === 'on' || argument === 'off' || argument === 'status' ? argument : 'help';
}

/** What the bot answers to `/limbic` commands; every text can be replaced (e.g. for another language). */
export interface CommandTexts {
  on: string;
  off: string;
  help: string;
  /** The status line; gets whether proactive messages are on and the character's current feelings. */
  status: (status: {
    proactive: boolean;
    emotion: string;
    intensity: number;
    energy: number;
    stress: number;
  }) => string;
}

const percent = (x: number) => `${Math.round(x * 100)}%`;

/** The English defaults of {@link CommandTexts}. */
export const defaultCommandTexts: CommandTexts = {
  on: 'Okay: I may write to you first now and then. Send /limbic off to stop that.',
  off: 'Okay: I will not write to you first anymore. Send /limbic on to allow it again.',
  help: '/limbic on: allow me to write first. /limbic off: never write first. /limbic status: how I am doing.',
  status: ({ proactive, emotion, intensity, energy, stress }) =>
    `Writing first: ${proactive ? 'on' : 'off'}. I feel ${emotion} (intensity ${percent(intensity)}); ` +
    `energy ${percent(energy)}, stress ${percent(stress)}.`,
};

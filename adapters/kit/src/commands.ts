import { isTimeZone, type QuietHours } from '@limbic/core';
import type { StatusFacts } from './status-facts.js';
import { statusText } from './status-phrases.js';

export type { StatusFacts } from './status-facts.js';

/**
 * A `/limbic` command a person sent:
 * - `on`, `off`: in a private chat, allow or stop messages the character writes first; in a group (admins only),
 *   let the character take part in the chat or silence it there.
 * - `proactive`: allow (`enabled: true`) or stop (`false`) messages the character writes first: for yourself in a
 *   private chat, for the whole chat in a group (admins only); `enabled: null` shows the setting.
 * - `status`: whether it writes first, how it feels, and (in a group) how it stands with you.
 * - `link`: without a code, a one-time code for linking this identity with one on another platform; with one, links.
 * - `unlink`: separates this identity from the others it was linked to.
 * - `forget`: erases what the character holds about the one asking: in a private chat every memory of the chat, in
 *   a group their place in it (the relationship with them and every memory they appear in). Anyone may ask.
 * - `mute`, `unmute`: the person's own opt-out of messages the character writes first: in a private chat the same
 *   as `off` and `on`; in a group, for them alone (the character writes first to others, never to them).
 * - `quiet`: the person's quiet hours and time zone (`/limbic quiet 22:00-08:00 Europe/Madrid`), or none
 *   (`/limbic quiet off`): for the private chat, or for themselves in a group. `quiet: null` turns them off; `timeZone`
 *   null keeps the zone set before. `invalid` names what could not be read (the answer explains the form).
 * - `help`: the list of commands (a bare `/limbic`, or an unknown sub-command).
 */
export type LimbicCommand =
  | { action: 'on' | 'off' | 'status' | 'unlink' | 'forget' | 'help' }
  | { action: 'mute' | 'unmute' }
  | { action: 'proactive'; enabled: boolean | null }
  | { action: 'link'; code: string | null }
  | { action: 'quiet'; quiet: QuietHours | null; timeZone: string | null }
  | { action: 'quiet_invalid'; text: string };

/** The sub-commands of `/limbic`, in the order menus list them. */
export const limbicSubcommands = [
  'on',
  'off',
  'status',
  'proactive',
  'mute',
  'unmute',
  'quiet',
  'link',
  'unlink',
  'forget',
] as const;

const switchWords: Record<string, boolean> = { on: true, off: false, enable: true, disable: false };

/**
 * Parses `/limbic`, `/limbic on`, `/limbic@MyBot proactive off`, `/limbic link K7P2QX9M`... Resolves the command
 * (`help` for a bare or unknown one), or null when the text is not a `/limbic` command. A mention of another bot
 * (`/limbic@OtherBot`) is not ours.
 * @example
 * parseLimbicCommand('/limbic off'); // { action: 'off' }
 * parseLimbicCommand('/limbic proactive on'); // { action: 'proactive', enabled: true }
 */
export function parseLimbicCommand(
  text: string,
  botUsername?: string,
  name = 'limbic',
): LimbicCommand | null {
  const match = /^\/([A-Za-z0-9_]+)(?:@([A-Za-z0-9_]+))?(?:\s+(\S+))?(?:\s+(\S+(?:\s+\S+)?))?\s*$/.exec(
    text.trim(),
  );
  if (!match || match[1]!.toLowerCase() !== name.toLowerCase()) return null;
  const mention = match[2];
  if (
    mention !== undefined &&
    botUsername !== undefined &&
    mention.toLowerCase() !== botUsername.toLowerCase()
  ) {
    return null;
  }
  return toCommand(match[3], match[4]);
}

/**
 * The command of a sub-command and its argument, as a slash command's options give them (`proactive`, `on`); `help`
 * for an unknown one.
 */
export function toCommand(subcommand: string | undefined, argument: string | undefined): LimbicCommand {
  const action = subcommand?.toLowerCase();
  const value = argument?.trim();
  switch (action) {
    case 'on':
    case 'off':
    case 'status':
    case 'unlink':
    case 'forget':
      return value === undefined ? { action } : { action: 'help' };
    case 'proactive': {
      if (value === undefined) return { action: 'proactive', enabled: null };
      const enabled = switchWords[value.toLowerCase()];
      return enabled === undefined ? { action: 'help' } : { action: 'proactive', enabled };
    }
    case 'link':
      return { action: 'link', code: value === undefined ? null : value };
    case 'mute':
    case 'unmute':
      return value === undefined ? { action } : { action: 'help' };
    case 'quiet':
      return value === undefined ? { action: 'help' } : toQuietCommand(value);
    default:
      return { action: 'help' };
  }
}

/** `22:00-08:00 Europe/Madrid`, `22:00-08:00`, or `off` as a `quiet` command. */
function toQuietCommand(value: string): LimbicCommand {
  const [span = '', zone, ...rest] = value.split(/\s+/);
  if (rest.length > 0) return { action: 'quiet_invalid', text: value };
  if (span.toLowerCase() === 'off' || span.toLowerCase() === 'none') {
    if (zone !== undefined && !isTimeZone(zone)) return { action: 'quiet_invalid', text: zone };
    return { action: 'quiet', quiet: null, timeZone: zone ?? null };
  }
  const match = /^(\d{1,2}):(\d{2})\s*[-–]\s*(\d{1,2}):(\d{2})$/.exec(span);
  const pad = (h: string, m: string) => `${h.padStart(2, '0')}:${m}`;
  const quiet = match ? { start: pad(match[1]!, match[2]!), end: pad(match[3]!, match[4]!) } : null;
  const valid = /^([01]\d|2[0-3]):[0-5]\d$/;
  if (!quiet || !valid.test(quiet.start) || !valid.test(quiet.end) || quiet.start === quiet.end)
    return { action: 'quiet_invalid', text: span };
  if (zone !== undefined && !isTimeZone(zone)) return { action: 'quiet_invalid', text: zone };
  return { action: 'quiet', quiet, timeZone: zone ?? null };
}

/** What `/limbic forget` did. */
export interface ForgetFacts {
  /** True in a group chat: the person's place in it was forgotten, relationship included. */
  group: boolean;
  /** How many memories were erased (0 when the character held none). */
  count: number;
  /** Whether the character held anything about them: in a group, whether they were a participant. */
  known: boolean;
}

/** What the bot answers to `/limbic` commands; every text can be replaced (e.g. for another language). */
export interface CommandTexts {
  on: string;
  off: string;
  /** A group's `/limbic on`: the character takes part in the chat again. */
  groupOn: string;
  /** A group's `/limbic off`: the character is silent in the chat. */
  groupOff: string;
  /** A group's `/limbic proactive on|off`. */
  groupProactive: (enabled: boolean, cooldownHours: number) => string;
  /** A group setting asked for by someone who is not an admin of the chat. */
  adminOnly: string;
  help: string;
  /** The help of a group chat. */
  groupHelp: string;
  /** The one-time code of `/limbic link`, and how long it is valid. */
  linkCode: (code: string, minutes: number) => string;
  /** Linked: the platforms this identity is now linked with. */
  linked: (platforms: string[]) => string;
  /** `/limbic link <code>` with an unknown, used or expired code. */
  linkInvalid: string;
  /** `/limbic link <code>` with a code this same identity made. */
  linkSelf: string;
  /** `/limbic link` in a group: codes belong in private chats. */
  linkPrivateOnly: string;
  unlinked: string;
  /** `/limbic unlink` of an identity that is not linked. */
  notLinked: string;
  /**
   * The status line; gets whether proactive messages are on, the character's current feelings and its language
   * (the default answers in en, es or ja: {@link statusText}).
   */
  status: (status: StatusFacts) => string;
  /** The confirmation of `/limbic forget`: what was erased, and how many memories. */
  forgotten: (facts: ForgetFacts) => string;
  /** A group's `/limbic mute`: the character never writes first to the one asking. */
  groupMuted: string;
  /** A group's `/limbic unmute`. */
  groupUnmuted: string;
  /** `/limbic quiet <from>-<to> [zone]`: the quiet hours now set, in the zone that applies. */
  quietSet: (quiet: QuietHours, timeZone: string, group: boolean) => string;
  /** `/limbic quiet off`. */
  quietOff: (group: boolean) => string;
  /** `/limbic quiet` with something that is not `HH:MM-HH:MM [IANA zone]` or `off`: what could not be read. */
  quietInvalid: (text: string) => string;
}

const memories = (n: number) => `${n} ${n === 1 ? 'memory' : 'memories'}`;
const list = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/** The English defaults of {@link CommandTexts} (`localizedCommandTexts` holds them beside Spanish and Japanese). */
export const defaultCommandTexts: CommandTexts = {
  on: 'Okay: I may write to you first now and then. Send /limbic off to stop that.',
  off: 'Okay: I will not write to you first anymore. Send /limbic on to allow it again.',
  groupOn: 'Okay: I am part of this chat again.',
  groupOff: 'Okay: I will stay out of this chat until an admin sends /limbic on.',
  groupProactive: (enabled, hours) =>
    enabled
      ? `Okay: I may write to this chat first now and then (at most once every ${hours} h), to the person I am closest to. /limbic proactive off stops it.`
      : 'Okay: I will not write to this chat first. /limbic proactive on allows it again.',
  adminOnly: 'Only an admin of this chat can change that.',
  help:
    '/limbic on (or unmute): allow me to write first. /limbic off (or mute): never write first. ' +
    '/limbic quiet 22:00-08:00 Europe/Madrid: never write first between those hours in your time zone ' +
    '(/limbic quiet off: any time). /limbic status: how I am doing. ' +
    '/limbic link: a code to link this chat with you on another platform. /limbic unlink: undo the link. ' +
    '/limbic forget: erase what I remember of our conversations.',
  groupHelp:
    '/limbic status: how I am doing and how I stand with you. /limbic mute: I never write first to you ' +
    '(/limbic unmute undoes it). /limbic quiet 22:00-08:00 Europe/Madrid: not to you between those hours ' +
    '(/limbic quiet off). /limbic forget: erase what I hold about you here. ' +
    'Admins: /limbic off and /limbic on silence me here or bring me back; /limbic proactive on|off lets me write ' +
    'to this chat first.',
  linkCode: (code, minutes) =>
    `Your code: ${code}. Send /limbic link ${code} to me on the other platform within ${minutes} minutes; ` +
    'I will then know you as one person there and here.',
  linked: (platforms) => `Linked: I know you as one person on ${list(platforms)}.`,
  linkInvalid:
    'That code is unknown, used or expired. Send /limbic link on the other platform for a new one.',
  linkSelf: 'That code is for the other platform: send it to me there.',
  linkPrivateOnly: 'Link codes are personal: send /limbic link to me in a private chat.',
  unlinked: 'Unlinked: this account is on its own again.',
  notLinked: 'This account is not linked with another one.',
  status: statusText,
  forgotten: ({ group, count, known }) => {
    if (!known) {
      return group
        ? 'I did not know you in this chat: there was nothing to forget.'
        : 'I held no memories of our conversations: there was nothing to forget.';
    }
    return group
      ? `Done: I forgot you in this chat: how I felt about you, and ${memories(count)} that involved you.`
      : `Done: I forgot ${memories(count)} of our conversations.`;
  },
  groupMuted: 'Okay: I will never write first to you. Send /limbic unmute to allow it again.',
  groupUnmuted: 'Okay: I may write first to you again, when this chat allows it.',
  quietSet: (quiet, zone, group) =>
    `Okay: I will not write first ${group ? 'to you ' : ''}between ${quiet.start} and ${quiet.end} (${zone}). /limbic quiet off lifts it.`,
  quietOff: (group) => `Okay: no quiet hours${group ? ' of your own' : ''} any more.`,
  quietInvalid: (text) =>
    `I could not read "${text}". Send /limbic quiet 22:00-08:00 Europe/Madrid (24-hour times, an IANA time zone), or /limbic quiet off.`,
};

import { limbicSubcommands } from '@limbic/bot-kit';
import { systemTimers, type Timers } from '@limbic/core';
import {
  ApplicationCommandOptionType,
  type ApplicationCommandStringOptionData,
  ApplicationCommandType,
  ApplicationIntegrationType,
  type ChatInputApplicationCommandData,
  type ChatInputCommandInteraction,
  type Client,
  InteractionContextType,
  MessageFlags,
} from 'discord.js';

/** The texts of the `/limbic` slash command: what Discord's command menu shows, and the adapter's own answers. */
export interface SlashCommandTexts {
  /** The command's description (1-100 characters). */
  description: string;
  /** Each sub-command's description (1-100 characters). */
  subcommands: Record<(typeof limbicSubcommands)[number], string>;
  /** The description of `proactive`'s `state` option. */
  stateOption: string;
  /** The description of `link`'s `code` option. */
  codeOption: string;
  /** The description of `quiet`'s `hours` option. */
  hoursOption: string;
  /** The answer in a channel the character does not listen in (or in a DM while DMs are off). */
  notListening: string;
  /** The answer when the command failed (the error goes to `onError`). */
  failed: string;
}

/** The English defaults of {@link SlashCommandTexts}. */
export const defaultSlashCommandTexts: SlashCommandTexts = {
  description: 'The character: how it feels, whether it writes first, and your linked accounts',
  subcommands: {
    on: 'DM: let me write to you first. Channel (admins): let me take part here again.',
    off: 'DM: never write to you first. Channel (admins): keep me silent here.',
    status: 'How I feel, whether I write first, and (in a channel) how I stand with you.',
    proactive: 'Whether I may write first: to you in a DM, to this channel (admins).',
    mute: 'Never write first to you (in a DM the same as off; in a channel, for you alone).',
    unmute: 'Let me write first to you again.',
    quiet: 'Hours I never write first to you, e.g. 22:00-08:00 Europe/Madrid, or off.',
    link: 'In a DM: a code to link you with your account on another platform, or redeem one.',
    unlink: 'Separate this account from the ones it was linked with.',
    forget: 'Erase what I remember of you: our DMs in a DM, you in this channel in a channel.',
  },
  stateOption: 'on or off',
  codeOption: 'The code you got on the other platform; leave it out to get one.',
  hoursOption: 'HH:MM-HH:MM and an optional IANA time zone (22:00-08:00 Europe/Madrid), or off',
  notListening: 'I do not take part in this channel.',
  failed: 'Something went wrong; please try again later.',
};

/** The options of a sub-command: `proactive` takes a required `state` (on/off), `link` an optional `code`. */
function optionsOf(subcommand: string, texts: SlashCommandTexts): ApplicationCommandStringOptionData[] {
  if (subcommand === 'proactive') {
    return [
      {
        type: ApplicationCommandOptionType.String,
        name: 'state',
        description: texts.stateOption,
        required: true,
        choices: [
          { name: 'on', value: 'on' },
          { name: 'off', value: 'off' },
        ],
      },
    ];
  }
  if (subcommand === 'quiet') {
    return [
      {
        type: ApplicationCommandOptionType.String,
        name: 'hours',
        description: texts.hoursOption,
        required: true,
        maxLength: 100,
      },
    ];
  }
  if (subcommand === 'link') {
    return [
      {
        type: ApplicationCommandOptionType.String,
        name: 'code',
        description: texts.codeOption,
        required: false,
        maxLength: 64,
      },
    ];
  }
  return [];
}

/**
 * The definition of the `/limbic` chat-input command, for `client.application.commands.create(...)`: sub-commands
 * `on`, `off`, `status`, `proactive <state>`, `mute`, `unmute`, `quiet <hours>`, `link [code]`, `unlink` and
 * `forget`, usable in guilds and in the bot's
 * DMs.
 * `attachLimbic` registers it itself; use this when you register your commands yourself (`registerCommand: false`).
 * @example
 * await client.application.commands.set([myCommand, limbicCommandData()]);
 */
export function limbicCommandData(
  name = 'limbic',
  texts: SlashCommandTexts = defaultSlashCommandTexts,
): ChatInputApplicationCommandData {
  return {
    type: ApplicationCommandType.ChatInput,
    name,
    description: texts.description,
    contexts: [InteractionContextType.Guild, InteractionContextType.BotDM],
    integrationTypes: [ApplicationIntegrationType.GuildInstall],
    options: limbicSubcommands.map((subcommand) => ({
      type: ApplicationCommandOptionType.Subcommand,
      name: subcommand,
      description: texts.subcommands[subcommand],
      options: optionsOf(subcommand, texts),
    })),
  };
}

/** The sub-command and its argument of an interaction with `/limbic`, as `toCommand` takes them. */
export function subcommandOf(
  interaction: ChatInputCommandInteraction,
): [string | undefined, string | undefined] {
  const subcommand = interaction.options.getSubcommand(false) ?? undefined;
  const options: Record<string, string> = { proactive: 'state', link: 'code', quiet: 'hours' };
  const option = subcommand === undefined ? undefined : options[subcommand];
  const argument = option === undefined ? null : interaction.options.getString(option, false);
  return [subcommand, argument ?? undefined];
}

/**
 * Creates the command, or replaces it by name, in each scope (a guild id, or undefined for global): the bot's other
 * commands stay. A scope where it is registered already, unchanged, is left alone (creations count against Discord's
 * daily limit).
 */
export async function registerCommand(
  client: Client<true>,
  data: ChatInputApplicationCommandData,
  scopes: readonly (string | undefined)[],
  onError: (error: unknown) => void,
): Promise<void> {
  for (const guildId of scopes) {
    try {
      const existing = await client.application.commands.fetch(guildId === undefined ? {} : { guildId });
      const same = existing.find(
        (command) => command.name === data.name && command.type === ApplicationCommandType.ChatInput,
      );
      if (same?.equals(data)) continue;
      await client.application.commands.create(data, guildId);
    } catch (error) {
      onError(error);
    }
  }
}

/** After this long without an answer an interaction is deferred: Discord wants a first response within 3 s. */
const deferAfterMs = 2000;

/**
 * Answers an interaction ephemerally (only the person who used the command sees it: link codes are secrets) with
 * the text `work` resolves to. When that takes long, the interaction is deferred first and edited afterwards.
 * Resolves with the error of `work`, if any, after answering `failed`. `timers` measure the wait (the host's by
 * default; tests inject manual ones).
 */
export async function answerEphemerally(
  interaction: ChatInputCommandInteraction,
  work: Promise<string>,
  failed: string,
  timers: Timers = systemTimers,
): Promise<unknown> {
  let deferral: Promise<unknown> | undefined;
  const timer = timers.setTimeout(() => {
    deferral = interaction.deferReply({ flags: MessageFlags.Ephemeral });
  }, deferAfterMs);
  let text: string;
  let failure: unknown;
  try {
    text = await work;
  } catch (error) {
    failure = error;
    text = failed;
  } finally {
    timers.clearTimeout(timer);
  }
  if (deferral) {
    await deferral;
    await interaction.editReply(text);
  } else {
    await interaction.reply({ content: text, flags: MessageFlags.Ephemeral });
  }
  return failure;
}

import { apiError, formError, type RestResult, type Route, record } from './route.js';
import type { DiscordWorld } from './world.js';

// Discord's rule for chat-input command and option names (Application Commands, "Application Command Naming").
const CHAT_INPUT_NAME = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;
const MAX_DESCRIPTION_LENGTH = 100;

/** The key of a command list: one per application and guild, `global` for global commands. */
export function commandsKey(applicationId: string, guildId?: string): string {
  return `${applicationId}:${guildId ?? 'global'}`;
}

function validate(command: Record<string, unknown>, index: number | undefined): RestResult | undefined {
  const at = index === undefined ? '' : `${index}.`;
  const type = command.type ?? 1;
  const name = command.name;
  if (typeof name !== 'string') return formError(`${at}name`, 'BASE_TYPE_REQUIRED', 'This field is required');
  if (type !== 1) return undefined;
  if (!CHAT_INPUT_NAME.test(name) || name !== name.toLowerCase()) {
    return formError(`${at}name`, 'APPLICATION_COMMAND_INVALID_NAME', 'Command name is invalid');
  }
  const description = command.description;
  if (
    typeof description !== 'string' ||
    description.length < 1 ||
    description.length > MAX_DESCRIPTION_LENGTH
  ) {
    return formError(
      `${at}description`,
      'BASE_TYPE_BAD_LENGTH',
      `Must be between 1 and ${MAX_DESCRIPTION_LENGTH} in length.`,
    );
  }
  return undefined;
}

// As Discord: PUT overwrites the whole list, POST adds or replaces one; a command keeps its id across saves
// by name, and every save gets a new version.
function saveCommands(
  world: DiscordWorld,
  params: Record<string, string>,
  raw: unknown,
  replace: boolean,
): RestResult {
  const key = commandsKey(params.app ?? '', params.guild);
  if (replace && !Array.isArray(raw)) return apiError(400, 50035, 'Invalid Form Body');
  const incoming = (replace ? (raw as unknown[]) : [raw]).map(record);
  for (const [index, command] of incoming.entries()) {
    const invalid = validate(command, replace ? index : undefined);
    if (invalid) return invalid;
  }
  const existing = world.commands.get(key) ?? [];
  const saved = incoming.map((command): Record<string, unknown> => {
    const previous = existing.find(
      (old) => old.name === command.name && (old.type ?? 1) === (command.type ?? 1),
    );
    return {
      type: 1,
      default_member_permissions: null,
      nsfw: false,
      integration_types: [0],
      ...(params.guild === undefined ? { contexts: null, dm_permission: true } : {}),
      ...command,
      id: typeof previous?.id === 'string' ? previous.id : world.snowflake(),
      application_id: params.app,
      version: world.snowflake(),
      ...(params.guild === undefined ? {} : { guild_id: params.guild }),
    };
  });
  const kept = replace ? [] : existing.filter((command) => command.id !== saved[0]?.id);
  world.commands.set(key, [...kept, ...saved]);
  world.notify();
  return { status: replace ? 200 : 201, body: replace ? saved : saved[0] };
}

/** The application command routes, global and per guild: list, bulk overwrite (PUT), create (POST), get, delete. */
export const commandRoutes: Route[] = (
  ['/applications/:app/commands', '/applications/:app/guilds/:guild/commands'] as const
).flatMap((template): Route[] => [
  {
    method: 'GET',
    template,
    auth: true,
    handler: (world, params) => ({
      status: 200,
      body: world.commands.get(commandsKey(params.app ?? '', params.guild)) ?? [],
    }),
  },
  {
    method: 'PUT',
    template,
    auth: true,
    handler: (world, params, raw) => saveCommands(world, params, raw, true),
  },
  {
    method: 'POST',
    template,
    auth: true,
    handler: (world, params, raw) => saveCommands(world, params, raw, false),
  },
  {
    method: 'GET',
    template: `${template}/:command`,
    auth: true,
    handler: (world, params) => {
      const list = world.commands.get(commandsKey(params.app ?? '', params.guild)) ?? [];
      const command = list.find((candidate) => candidate.id === params.command);
      return command ? { status: 200, body: command } : apiError(404, 10063, 'Unknown application command');
    },
  },
  {
    method: 'DELETE',
    template: `${template}/:command`,
    auth: true,
    handler: (world, params) => {
      const key = commandsKey(params.app ?? '', params.guild);
      const list = world.commands.get(key) ?? [];
      if (!list.some((command) => command.id === params.command)) {
        return apiError(404, 10063, 'Unknown application command');
      }
      world.commands.set(
        key,
        list.filter((command) => command.id !== params.command),
      );
      world.notify();
      return { status: 204 };
    },
  },
]);

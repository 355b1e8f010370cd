import { parseArgs } from 'node:util';
import type { KeyEnvironment } from '../auth/api-key.js';
import { keyPattern, type PlanName, planNames } from '../config.js';
import { redact } from '../redact.js';

/** Invalid command-line input: the message names the option and its rule; the CLI exits with code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** The keys CLI's help text. */
export const keysUsage = `Usage: npm run keys -- <command> [options]

Manages the API keys and the admin token of a Limbic gateway: files in the data directory, shared with a
running gateway, which sees every change within a second.

Commands:
  create [--plan free|pro|enterprise] [--env test|live] [--account <id>]
      Creates a key (default: free, test, a new account) and prints it once. With --account, the key joins an
      existing account and sees its sessions.
  list [--json]
      Lists the keys: id, hint, env, plan, account, status, created, last used, expires. Never prints a key.
  revoke <key_id>
      Revokes a key now; a running gateway refuses it and closes its WebSockets within a second.
  rotate <key_id> [--grace 0|1h|24h|7d]
      Creates a new key in the same account, env and plan (so it sees the same sessions) and prints it once.
      The old key keeps working for the grace period: default 24h, at most 7d; 0 revokes it now.
  A leaked key may be given instead of <key_id> to revoke or rotate it.
  admin-token
      Makes a new operator (admin) token for the dashboard and the GraphQL operator fields and prints it once;
      a running gateway accepts it, and refuses the old one, within a second. Ignored by gateways started with
      LIMBIC_ADMIN_TOKEN.

Options:
  --data <dir>   The data directory. Default: LIMBIC_DATA, else ./data, relative to the folder the command
                 was started in (as for the gateway): at the repository root, \`npm run keys\` and
                 \`npm start\` both use ./data there. Every command says which folder it used.
  --json         Machine-readable output.
  -h, --help     Shows this help.

The CLI and the gateway must use the same key secret: LIMBIC_KEY_SECRET, else <data>/key-secret.
Exit codes: 0 done, 1 no such key or it no longer works, 2 invalid input.
`;

/** A parsed keys command. */
export type KeysCommand =
  | { name: 'help' }
  | { name: 'create'; plan: PlanName; env: KeyEnvironment; account?: string }
  | { name: 'list' }
  | { name: 'revoke'; key: string }
  | { name: 'rotate'; key: string; graceMs: number }
  | { name: 'admin-token' };

/** A parsed command line: the command plus the options every command shares. */
export interface KeysInvocation {
  command: KeysCommand;
  /** --data, when given. */
  data?: string;
  json: boolean;
}

const allowed: Record<Exclude<KeysCommand['name'], 'help'>, readonly string[]> = {
  create: ['plan', 'env', 'account'],
  list: [],
  revoke: [],
  rotate: ['grace'],
  'admin-token': [],
};

const maxGraceMs = 7 * 24 * 3600_000;
const unitMs = { m: 60_000, h: 3600_000, d: 24 * 3600_000 } as const;

/** Parses a grace period: `0`, or a whole number of minutes, hours or days (`30m`, `1h`, `24h`, `7d`), at most 7d. */
export function parseGrace(text: string): number {
  const match = /^(\d+)([mhd])?$/.exec(text.trim());
  const n = Number(match?.[1]);
  const unit = match?.[2] as keyof typeof unitMs | undefined;
  if (!match || (unit === undefined && n !== 0)) {
    throw new UsageError(
      `--grace must be 0 or a duration such as 30m, 1h, 24h or 7d (got ${JSON.stringify(text)})`,
    );
  }
  const ms = unit === undefined ? 0 : n * unitMs[unit];
  if (ms > maxGraceMs) throw new UsageError(`--grace must be at most 7d (got ${JSON.stringify(text)})`);
  return ms;
}

function oneOf<T extends string>(
  option: string,
  value: string | undefined,
  values: readonly T[],
  fallback: T,
): T {
  if (value === undefined) return fallback;
  if ((values as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`--${option} must be one of ${values.join(', ')} (got ${JSON.stringify(value)})`);
}

function keyArgument(command: string, rest: string[]): string {
  const [key, ...extra] = rest;
  if (key === undefined)
    throw new UsageError(`${command} needs a key id: npm run keys -- ${command} <key_id>`);
  if (extra.length > 0) throw new UsageError(`${command} takes one key id (got ${rest.length} arguments)`);
  // Never echo the argument: it may be a key.
  if (!/^key_[0-9A-Za-z]{1,64}$/.test(key) && !keyPattern.test(key)) {
    throw new UsageError(`${command}: <key_id> must look like key_… (see npm run keys -- list) or be a key`);
  }
  return key;
}

/** Parses the CLI's arguments (without `node` and the script). @throws UsageError naming the option and its rule. */
export function parseKeysArgs(argv: string[]): KeysInvocation {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  const json = values.json ?? false;
  const data = values.data;
  if (data !== undefined && data.trim() === '') throw new UsageError('--data must be a directory path');
  const base = { json, ...(data === undefined ? {} : { data }) };
  const [name, ...rest] = positionals;
  if (values.help || name === 'help') return { ...base, command: { name: 'help' } };
  if (name === undefined)
    throw new UsageError('Missing command: create, list, revoke, rotate or admin-token');
  if (!(name in allowed)) {
    throw new UsageError(
      `Unknown command ${JSON.stringify(redact(name))}: use create, list, revoke, rotate or admin-token`,
    );
  }
  const command = name as keyof typeof allowed;
  for (const option of ['plan', 'env', 'account', 'grace'] as const) {
    if (values[option] !== undefined && !allowed[command].includes(option)) {
      throw new UsageError(`--${option} is not an option of ${command}`);
    }
  }
  switch (command) {
    case 'create': {
      if (rest.length > 0) throw new UsageError('create takes no arguments, only options');
      const account = values.account;
      if (account !== undefined && !/^[A-Za-z0-9_-]{1,64}$/.test(account)) {
        throw new UsageError('--account must be 1-64 letters, digits, _ or - (an account id from list)');
      }
      return {
        ...base,
        command: {
          name: 'create',
          plan: oneOf('plan', values.plan, planNames, 'free'),
          env: oneOf<KeyEnvironment>('env', values.env, ['test', 'live'], 'test'),
          ...(account === undefined ? {} : { account }),
        },
      };
    }
    case 'list':
      if (rest.length > 0) throw new UsageError('list takes no arguments, only options');
      return { ...base, command: { name: 'list' } };
    case 'revoke':
      return { ...base, command: { name: 'revoke', key: keyArgument('revoke', rest) } };
    case 'admin-token':
      if (rest.length > 0) throw new UsageError('admin-token takes no arguments');
      return { ...base, command: { name: 'admin-token' } };
    case 'rotate':
      return {
        ...base,
        command: {
          name: 'rotate',
          key: keyArgument('rotate', rest),
          graceMs: values.grace === undefined ? 24 * 3600_000 : parseGrace(values.grace),
        },
      };
  }
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      plan: { type: 'string' },
      env: { type: 'string' },
      account: { type: 'string' },
      grace: { type: 'string' },
      data: { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

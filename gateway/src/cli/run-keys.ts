import { isLimbicError } from '@limbic/core';
import { adminTokenFile, replaceAdminToken } from '../auth/admin-token.js';
import type { ApiKeyRecord } from '../auth/api-key.js';
import { hashKey } from '../auth/api-key.js';
import { KeyAdminError, revokeKey, rotateKey, toKeyView } from '../auth/key-admin.js';
import { createFileKeyStore, type KeyStore } from '../auth/key-store.js';
import { createKey, loadPepper } from '../auth/provision.js';
import { keyPattern } from '../config.js';
import { dataDirOf, loadConfig } from '../load-config.js';
import { formatKeyTable } from './key-table.js';
import { type KeysCommand, keysUsage, parseKeysArgs, UsageError } from './keys-args.js';

/** Where the keys CLI reads its environment and writes its output. */
export interface KeysIo {
  env: NodeJS.ProcessEnv;
  /** The directory a relative data directory is resolved against. */
  cwd: string;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Wall clock in ms. */
  now?: () => number;
}

/** Finds a record by key id, or by the key itself (a leaked key may be revoked without looking up its id). */
async function findKey(store: KeyStore, dataDir: string, env: NodeJS.ProcessEnv, key: string) {
  if (!keyPattern.test(key)) return store.findById(key);
  return store.findByHash(hashKey(pepperOf(dataDir, env), key));
}

function pepperOf(dataDir: string, env: NodeJS.ProcessEnv): string {
  return loadPepper({ dataDir, keySecret: env.LIMBIC_KEY_SECRET || undefined });
}

function shown(record: ApiKeyRecord): string {
  return `${record.id} (${record.hint})`;
}

/**
 * Runs the keys CLI (`npm run keys -- <command> [options]`) and resolves with its exit code: 0 done, 1 no such key
 * or it no longer works (or the store cannot be used), 2 invalid input. A new key is written to stdout once and
 * nowhere else.
 * @example
 * process.exitCode = await runKeys(['create', '--plan', 'pro', '--env', 'live'], {
 *   env: process.env, cwd: process.cwd(), stdout: (t) => process.stdout.write(t), stderr: (t) => process.stderr.write(t),
 * });
 */
export async function runKeys(argv: string[], io: KeysIo): Promise<number> {
  const now = io.now ?? Date.now;
  const out = (line = '') => io.stdout(`${line}\n`);
  let store: KeyStore | undefined;
  try {
    const { command, data, json } = parseKeysArgs(argv);
    if (command.name === 'help') {
      io.stdout(keysUsage);
      return 0;
    }
    // The same rules as the gateway's for the two variables the CLI reads.
    const config = loadConfig({
      LIMBIC_DATA: io.env.LIMBIC_DATA,
      LIMBIC_KEY_SECRET: io.env.LIMBIC_KEY_SECRET,
    });
    // Relative to where the command was started, as the gateway's (config.ts, dataDirOf).
    const dataDir = dataDirOf(data ?? config.dataDir, io.env, io.cwd);
    store = createFileKeyStore(dataDir);

    return await execute(command, { store, dataDir, json, io, now, out });
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`${error.message}\nRun npm run keys -- --help for usage.\n`);
      return 2;
    }
    if (isLimbicError(error, 'VALIDATION_ERROR')) {
      io.stderr(`${error.message}\n`);
      return 2;
    }
    io.stderr(`${(error as Error).message}\n`);
    return 1;
  } finally {
    await store?.close();
  }
}

interface Run {
  store: KeyStore;
  dataDir: string;
  json: boolean;
  io: KeysIo;
  now: () => number;
  out: (line?: string) => void;
}

async function execute(command: Exclude<KeysCommand, { name: 'help' }>, run: Run): Promise<number> {
  const { store, dataDir, json, io, now, out } = run;
  switch (command.name) {
    case 'list': {
      const t = now();
      const views = (await store.list())
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
        .map((r) => toKeyView(r, t));
      if (json) out(JSON.stringify(views, null, 2));
      else if (views.length === 0) out(`No keys in ${dataDir}. Create one: npm run keys -- create`);
      else out(`Keys in ${dataDir}:\n\n${formatKeyTable(views)}`);
      return 0;
    }
    case 'create': {
      const pepper = pepperOf(dataDir, io.env);
      const joins =
        command.account !== undefined && (await store.list()).some((r) => r.account === command.account);
      const { key, record } = await createKey(store, pepper, {
        env: command.env,
        plan: command.plan,
        ...(command.account === undefined ? {} : { account: command.account }),
      });
      if (json) {
        out(JSON.stringify({ key, ...toKeyView(record, now()) }, null, 2));
      } else {
        out(
          `Created ${record.id} in ${dataDir}: plan ${record.plan}, env ${record.env}, account ${record.account}${joins ? '' : ' (new)'}.`,
        );
        out('The key is shown only this once; store it now:');
        out();
        out(`  ${key}`);
        out();
      }
      return 0;
    }
    case 'revoke': {
      const found = await findKey(store, dataDir, io.env, command.key);
      if (!found) throw new KeyAdminError('not_found', 'No such key (see npm run keys -- list)');
      const already = found.status === 'revoked';
      const record = await revokeKey(store, found.id, now());
      if (json) out(JSON.stringify(toKeyView(record, now()), null, 2));
      else if (already) out(`${shown(record)} was already revoked.`);
      else out(`Revoked ${shown(record)}. A running gateway refuses it within a second.`);
      return 0;
    }
    case 'admin-token': {
      const token = replaceAdminToken(dataDir, pepperOf(dataDir, io.env));
      if (io.env.LIMBIC_ADMIN_TOKEN) {
        io.stderr(
          'Note: LIMBIC_ADMIN_TOKEN is set here; a gateway started with it uses it and ignores this token.\n',
        );
      }
      if (json) {
        out(JSON.stringify({ token, file: adminTokenFile(dataDir) }, null, 2));
        return 0;
      }
      out(`New admin token; its hash replaces the old one in ${adminTokenFile(dataDir)}.`);
      out('A running gateway accepts it, and refuses the old one, within a second.');
      out('The token is shown only this once; store it now:');
      out();
      out(`  ${token}`);
      out();
      return 0;
    }
    case 'rotate': {
      const pepper = pepperOf(dataDir, io.env);
      const found = await findKey(store, dataDir, io.env, command.key);
      if (!found) throw new KeyAdminError('not_found', 'No such key (see npm run keys -- list)');
      const t = now();
      const { key, record, previous } = await rotateKey(store, pepper, found.id, command.graceMs, t);
      if (json) {
        out(JSON.stringify({ key, ...toKeyView(record, t), previous: toKeyView(previous, t) }, null, 2));
        return 0;
      }
      out(
        `Rotated ${shown(previous)} to ${record.id}: plan ${record.plan}, env ${record.env}, account ${record.account}.`,
      );
      out(
        previous.status === 'revoked'
          ? `The old key ${previous.id} is revoked now.`
          : `The old key ${previous.id} keeps working until ${previous.expiresAt} (revoke it sooner: npm run keys -- revoke ${previous.id}).`,
      );
      out('The new key is shown only this once; store it now:');
      out();
      out(`  ${key}`);
      out();
      return 0;
    }
  }
}

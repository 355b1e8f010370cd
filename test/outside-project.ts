/**
 * Helpers for the tests that install the packed packages into a project outside the repository
 * (test/packaging.test.ts, test/starter.test.ts): the environment a user's shell would give that project, and running
 * a program there.
 * @module
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

/** The repository's root folder. */
export const root = resolve(import.meta.dirname, '..');

/** The repository's installed version of a third-party package, so an install finds it in the npm cache. */
export function repoVersion(name: string): string {
  const manifest = JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8'));
  return `${name}@${(manifest as { version: string }).version}`;
}

/** The test's environment without what npm, vitest or the developer's shell would leak into a user's project. */
export function userEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of Object.keys(env)) {
    if (
      /^(npm_(package|lifecycle)_|npm_config_local_prefix$|npm_command$|INIT_CWD$|NODE_OPTIONS$)/.test(name)
    )
      delete env[name];
    if (/^(LIMBIC_|MONGODB_URI$|LOG_FORMAT$|LOG_LEVEL$|PORT$|HOST$)/.test(name)) delete env[name];
  }
  return { ...env, ...extra };
}

/** Runs `file` in `cwd` with {@link userEnv} and `env` over it; resolves its stdout, or rejects with all it printed. */
export async function run(
  file: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = {},
): Promise<string> {
  try {
    const { stdout } = await promisify(execFile)(file, args, {
      cwd,
      env: userEnv(env),
      maxBuffer: 64 * 1024 * 1024,
    });
    return stdout;
  } catch (error) {
    const e = error as Error & { stdout?: string; stderr?: string };
    throw new Error(`${file} ${args.join(' ')} failed: ${e.message}\n${e.stdout ?? ''}${e.stderr ?? ''}`);
  }
}

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
import { type WorkspacePackage, workspacePackages } from '../scripts/create-bot/workspace-packs.mjs';

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

/** What the tests read of a workspace package's package.json. */
/** A workspace package's package.json, as the tests read it. */
export type WorkspaceManifest = WorkspacePackage['manifest'];

/** The repository's workspace packages, by name (the same list `npm run create-bot` packs from). */
export function workspaceManifests(): Map<string, WorkspaceManifest> {
  return new Map([...workspacePackages(root)].map(([name, { manifest }]) => [name, manifest]));
}

/** The names of the workspace packages that are not private: what `npm publish` would publish. */
export function publishedPackageNames(): string[] {
  return [...workspaceManifests().values()]
    .filter((manifest) => manifest.private !== true)
    .map((manifest) => manifest.name);
}

/**
 * Packs the workspace packages `names` into `destination` with `npm pack` and returns the tarballs' paths. The global
 * setup has built dist/, so a package whose prepack script only builds (`tsc -b`) is packed without it, one build
 * instead of one per package; the others (the gateway, whose prepack also copies the dashboard's build) with theirs.
 */
export async function packWorkspaces(names: string[], destination: string): Promise<string[]> {
  const manifests = workspaceManifests();
  const onlyBuild = (name: string) => [undefined, 'tsc -b'].includes(manifests.get(name)?.scripts?.prepack);
  const pack = async (group: string[], extra: string[]) => {
    if (group.length === 0) return [];
    const args = ['pack', '--json', '--loglevel=warn', '--pack-destination', destination, ...extra];
    const packed = JSON.parse(await run('npm', [...args, ...group.flatMap((name) => ['-w', name])], root));
    return (packed as { filename: string }[]).map((entry) => join(destination, entry.filename));
  };
  // One after the other: the gateway's prepack builds into the tree the other pack reads.
  const plain = await pack(names.filter(onlyBuild), ['--ignore-scripts']);
  const scripted = await pack(
    names.filter((name) => !onlyBuild(name)),
    [],
  );
  return [...plain, ...scripted];
}

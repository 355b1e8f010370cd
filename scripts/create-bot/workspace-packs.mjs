// Which packages of the clone a new bot project needs, and packing them into its vendor/ folder.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/**
 * The clone's workspace packages by name: their folder and package.json.
 * @param {string} root the clone
 * @returns {Map<string, { dir: string, manifest: Record<string, any> }>}
 */
export function workspacePackages(root) {
  const { workspaces } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const dirs = workspaces.flatMap((pattern) =>
    pattern.endsWith('/*')
      ? readdirSync(join(root, pattern.slice(0, -2))).map((name) => `${pattern.slice(0, -2)}/${name}`)
      : [pattern],
  );
  const packages = new Map();
  for (const dir of dirs) {
    const file = join(root, dir, 'package.json');
    if (!existsSync(file)) continue;
    const manifest = JSON.parse(readFileSync(file, 'utf8'));
    packages.set(manifest.name, { dir: join(root, dir), manifest });
  }
  return packages;
}

/**
 * `names` and every workspace package they depend on, directly or not (npm cannot fetch an unpublished `@limbic`
 * dependency, so each one needs its tarball). Fails on a private one: it could not be published either.
 */
export function withWorkspaceDependencies(packages, names) {
  const needed = new Set();
  const visit = (name) => {
    if (needed.has(name)) return;
    const found = packages.get(name);
    if (!found) return;
    if (found.manifest.private)
      throw new Error(`${name} is private: it is not packed for use outside the clone`);
    needed.add(name);
    for (const dependency of Object.keys(found.manifest.dependencies ?? {})) visit(dependency);
  };
  for (const name of names) visit(name);
  return [...needed];
}

function npm(args, cwd) {
  // npm is a .cmd script on Windows, which only a shell starts.
  return execFileSync('npm', args, { cwd, encoding: 'utf8', shell: process.platform === 'win32' });
}

/**
 * Builds the clone's packages (`tsc -b`) and packs `names` into `destination`; returns each package's tarball file
 * name. When every one of them only compiles before packing (its prepack is `tsc -b`, which the build has just done),
 * npm pack skips the scripts: one build instead of one per package.
 */
export function packWorkspaces(root, packages, names, destination) {
  const tsc = createRequire(join(root, 'package.json')).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-b'], { cwd: root, stdio: 'inherit' });
  const onlyBuild = names.every((name) => {
    const prepack = packages.get(name)?.manifest.scripts?.prepack;
    return prepack === undefined || prepack === 'tsc -b';
  });
  const args = ['pack', '--json', '--loglevel=error', '--pack-destination', destination];
  if (onlyBuild) args.push('--ignore-scripts');
  const packed = JSON.parse(npm([...args, ...names.flatMap((name) => ['-w', name])], root));
  return new Map(packed.map((entry) => [entry.name, entry.filename]));
}

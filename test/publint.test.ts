/**
 * Every package `npm publish` would publish passes publint's strict checks on what `npm pack` puts in its tarball:
 * exports that resolve, types beside every entry, files that exist, the module format each file claims (issue 22).
 * The global setup built `dist/` first.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');

/** The directories of the workspace packages that are not private. */
function publishableDirs(): string[] {
  const { workspaces } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    workspaces: string[];
  };
  return workspaces
    .flatMap((pattern) =>
      pattern.endsWith('/*')
        ? readdirSync(join(root, pattern.slice(0, -2))).map((name) => `${pattern.slice(0, -2)}/${name}`)
        : [pattern],
    )
    .map((dir) => join(root, dir, 'package.json'))
    .filter((file) => existsSync(file) && JSON.parse(readFileSync(file, 'utf8')).private !== true)
    .map((file) => dirname(file));
}

describe('publint', { timeout: 60_000 }, () => {
  const dirs = publishableDirs();

  it('finds the public packages', () => {
    expect(dirs.length).toBeGreaterThanOrEqual(8);
  });

  it.each(dirs.map((dir) => [dir.slice(root.length + 1), dir]))(
    '%s: no errors, warnings or suggestions',
    async (_, dir) => {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      const { messages } = await publint({ pkgDir: dir, pack: 'npm', strict: true });
      expect(messages.map((m) => `${m.type}: ${formatMessage(m, manifest)}`)).toEqual([]);
    },
  );
});

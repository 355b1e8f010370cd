/**
 * Every package `npm publish` would publish passes publint's strict checks on what `npm pack` puts in its tarball:
 * exports that resolve, types beside every entry, files that exist, the module format each file claims (issue 22).
 * The global setup built `dist/` first.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { describe, expect, it } from 'vitest';
import { workspacePackages } from '../scripts/create-bot/workspace-packs.mjs';

const root = resolve(import.meta.dirname, '..');

/** The directories of the workspace packages that are not private. */
function publishableDirs(): string[] {
  return [...workspacePackages(root).values()]
    .filter(({ manifest }) => manifest.private !== true)
    .map(({ dir }) => dir);
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

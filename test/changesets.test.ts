import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import parse from '@changesets/parse';
import { describe, expect, it } from 'vitest';
import { publishedPackageNames } from './outside-project.js';

/**
 * The pending changesets (`.changeset/*.md`) are what `changeset version` turns into versions and CHANGELOG entries:
 * each must parse (front matter of package names and bump types) and name only packages that are published.
 */
const folder = resolve(import.meta.dirname, '../.changeset');
const files = readdirSync(folder).filter((file) => file.endsWith('.md') && file !== 'README.md');
const published = new Set(publishedPackageNames());

describe('changesets', () => {
  it.each(files)('%s parses and names published packages', (file) => {
    const { releases, summary } = parse(readFileSync(join(folder, file), 'utf8'));
    expect(releases.length).toBeGreaterThan(0);
    for (const release of releases) {
      expect(published, release.name).toContain(release.name);
      expect(['patch', 'minor', 'major']).toContain(release.type);
    }
    expect(summary.trim().length).toBeGreaterThan(10);
  });
});

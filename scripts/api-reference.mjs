#!/usr/bin/env node
// Generates the docs site's API reference (`npm run docs:api`, run by `npm run docs`): one Markdown page per public
// entry point of the packages (docs/.vitepress/api-entry-points.mjs, which also puts them in the site's sidebar) into
// docs/api/ (gitignored), plus docs/api/index.md listing them, with TypeDoc and typedoc-plugin-markdown. Option tables
// have a "Default value" column from the `@defaultValue` tags (test/adapter-options-docs.test.ts).
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Application, Converter, ReflectionKind } from 'typedoc';
import { MarkdownPageEvent } from 'typedoc-plugin-markdown';
import { apiEntryPoints, apiPackageDirs } from '../docs/.vitepress/api-entry-points.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'docs', 'api');

/** The source file of each entry point, read from the packages' `exports` (the `@limbic/source` condition). */
function sourceFiles() {
  const files = new Map();
  for (const dir of apiPackageDirs) {
    const manifest = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
    for (const [subpath, conditions] of Object.entries(manifest.exports)) {
      const specifier = subpath === '.' ? manifest.name : `${manifest.name}/${subpath.slice(2)}`;
      if (apiEntryPoints.includes(specifier))
        files.set(specifier, join(root, dir, conditions['@limbic/source']));
    }
  }
  const missing = apiEntryPoints.filter((specifier) => !files.has(specifier));
  if (missing.length > 0)
    throw new Error(`no source entry in package.json exports for ${missing.join(', ')}`);
  return files;
}

/**
 * In the property tables, a required property's empty default cell says `required` (the plugin writes `undefined`,
 * which reads as if the property could be left out).
 */
function markRequired(markdown) {
  let defaultColumn = -1;
  return markdown
    .split('\n')
    .map((line) => {
      if (!line.startsWith('|')) {
        defaultColumn = -1;
        return line;
      }
      const cells = line.split(/(?<!\\)\|/);
      if (defaultColumn === -1) defaultColumn = cells.findIndex((cell) => cell.trim() === 'Default value');
      const name = cells[1] ?? '';
      if (defaultColumn > 0 && cells[defaultColumn]?.trim() === '`undefined`' && !/`[^`]*\?`/.test(name)) {
        cells[defaultColumn] = ' required ';
      }
      return cells.join('|');
    })
    .join('\n');
}

/**
 * The parameter tables without a row per nested field of an object parameter (`snapshot.session.id`): the
 * parameter's own row already shows its whole type, and a schema's inferred type would fill a screen with rows.
 */
function withoutNestedParameters(markdown) {
  return markdown.replace(/^\| `[^`\s]+\.[^`\s]+` \|.*\n/gm, '');
}

async function main() {
  const files = sourceFiles();
  const nameOf = new Map([...files].map(([specifier, file]) => [relative(root, file), specifier]));
  rmSync(out, { recursive: true, force: true });
  const app = await Application.bootstrapWithPlugins({
    entryPoints: apiEntryPoints.map((specifier) => files.get(specifier)),
    entryPointStrategy: 'resolve',
    tsconfig: join(root, 'docs', '.vitepress', 'tsconfig.api.json'),
    plugin: ['typedoc-plugin-markdown'],
    out,
    outputFileStrategy: 'modules',
    // `npm run typecheck` checks the code; the reference only reads it.
    skipErrorChecking: true,
    excludePrivate: true,
    excludeInternal: true,
    excludeExternals: true,
    disableSources: true,
    readme: 'none',
    name: 'API reference',
    entryFileName: 'index',
    sortEntryPoints: false,
    hidePageHeader: true,
    hideBreadcrumbs: true,
    parametersFormat: 'table',
    interfacePropertiesFormat: 'table',
    classPropertiesFormat: 'table',
    typeDeclarationFormat: 'table',
    propertyMembersFormat: 'table',
    tableColumnSettings: { hideInherited: true },
    // Type declarations (a schema's inferred object type) in one cell, not one row per nested field.
    typeDeclarationVisibility: 'compact',
    sort: ['source-order'],
    logLevel: 'Warn',
  });
  // Name each module after the specifier users import (`@limbic/core/appraisal`), not its source path.
  app.converter.on(Converter.EVENT_CREATE_DECLARATION, (context, reflection) => {
    if (!reflection.kindOf(ReflectionKind.Module)) return;
    const file = context.getSymbolFromReflection(reflection)?.declarations?.[0]?.getSourceFile().fileName;
    const name = file && nameOf.get(relative(root, file));
    if (name) reflection.name = name;
  });
  app.renderer.on(MarkdownPageEvent.END, (page) => {
    if (page.contents) {
      // `pageClass` lets docs/.vitepress/theme/api-reference.css fit the wide tables to the page.
      page.contents = `---\npageClass: api-reference\n---\n\n${withoutNestedParameters(markRequired(page.contents))}`;
    }
  });
  const project = await app.convert();
  if (!project) throw new Error('TypeDoc could not convert the packages');
  await app.generateOutputs(project);
  // The index page: the hand-written introduction (its links are the site's), then the list of entry points.
  const index = join(out, 'index.md');
  const intro = readFileSync(join(root, 'docs', '.vitepress', 'api-index.md'), 'utf8');
  writeFileSync(
    index,
    readFileSync(index, 'utf8')
      .replace(/^# .*\n/m, `${intro.trim()}\n`)
      .replace('\n## Modules\n', '\n## Entry points\n'),
  );
  // A warning (an entry point outside tsconfig.api.json, a tag TypeDoc cannot read) would leave a page out or wrong.
  if (app.logger.hasErrors() || app.logger.hasWarnings()) process.exit(1);
}

await main();

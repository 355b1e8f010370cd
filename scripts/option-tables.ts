// The option tables of the bot adapters' READMEs (name, type, default, meaning), generated from the TSDoc of their
// options interfaces, so that the READMEs, the API reference (docs/api) and the code say the same.
// `npm run docs:options` rewrites the tables between `<!-- options: Name -->` and `<!-- /options -->`;
// test/adapter-options-docs.test.ts fails when a table is out of date or an optional option has no `@defaultValue`.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = resolve(import.meta.dirname, '..');
/** The adapter packages whose options are documented. */
export const adapterDirs = ['adapters/kit', 'adapters/telegram', 'adapters/discord'];

/** Which options interfaces each README shows, in order. */
export const readmeTables: Record<string, string[]> = {
  'adapters/telegram/README.md': ['TelegramLimbicOptions'],
  'adapters/discord/README.md': ['DiscordLimbicOptions', 'OnTurnOptions'],
  'adapters/kit/README.md': [
    'EmbeddedEngineOptions',
    'RemoteEngineOptions',
    'LimbicRuntimeOptions',
    'BotPolicy',
    'ChatRepliesOptions',
    'BotSettingsOptions',
  ],
};

/** The adapters' public entries, compiled from source, with the options interfaces they export. */
export interface AdapterOptions {
  program: ts.Program;
  checker: ts.TypeChecker;
  /** Each exported options interface (`…Options`, `…Policy`) with its properties declared in the adapters. */
  bags: Map<string, ts.Symbol[]>;
}

/** True when `node` is declared in one of the adapter packages. */
export function isInAdapters(node: ts.Node): boolean {
  const file = relative(root, node.getSourceFile().fileName).split('\\').join('/');
  return adapterDirs.some((dir) => file.startsWith(`${dir}/`));
}

/** Compiles the adapters' entries (`@limbic/source` condition) and collects their options interfaces. */
export function readAdapterOptions(): AdapterOptions {
  const entries = adapterDirs.map((dir) => {
    const manifest = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
    return join(root, dir, manifest.exports['.']['@limbic/source'] as string);
  });
  const program = ts.createProgram(entries, {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    customConditions: ['@limbic/source'],
    noEmit: true,
    skipLibCheck: true,
  });
  const checker = program.getTypeChecker();
  const bags = new Map<string, ts.Symbol[]>();
  for (const entry of entries) {
    const module = checker.getSymbolAtLocation(program.getSourceFile(entry)!)!;
    for (const exported of checker.getExportsOfModule(module)) {
      if (!/(Options|Policy)$/.test(exported.name)) continue;
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      if (!(symbol.flags & ts.SymbolFlags.Interface)) continue;
      const properties = checker
        .getPropertiesOfType(checker.getDeclaredTypeOfSymbol(symbol))
        .filter((p) => p.declarations?.some(isInAdapters));
      bags.set(exported.name, properties);
    }
  }
  return { program, checker, bags };
}

/** The `@defaultValue` text of a property (as written, backticks kept), or undefined without the tag. */
export function defaultValueOf(checker: ts.TypeChecker, property: ts.Symbol): string | undefined {
  const tag = property.getJsDocTags(checker).find((t) => t.name === 'defaultValue');
  return tag ? ts.displayPartsToString(tag.text).trim() : undefined;
}

const isOptional = (property: ts.Symbol) => (property.flags & ts.SymbolFlags.Optional) !== 0;
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
const cell = (text: string) => text.replace(/\|/g, '\\|');

/** One row of an options table: the option's name, its type as declared, its default and what it means. */
function row(checker: ts.TypeChecker, property: ts.Symbol): string {
  // Properties inherited through `Omit<…>` are synthetic symbols: their declarations are the original signatures.
  const type = property.declarations
    ?.find(ts.isPropertySignature)
    ?.type?.getText()
    .replace(/^\|\s*/, '');
  const optional = isOptional(property);
  const meaning = ts
    .displayPartsToString(property.getDocumentationComment(checker))
    .replace(/\{@link\s+([^}|\s]+)[^}]*\}/g, '`$1`');
  const fallback = defaultValueOf(checker, property) ?? (optional ? 'none' : 'required');
  // A signature written over several lines reads `(turn: LimbicTurn, conversation: Conversation) => …` on one.
  const signature = oneLine(type ?? '?')
    .replace(/\(\s+/g, '(')
    .replace(/,?\s+\)/g, ')');
  return `| \`${property.name}\` | \`${cell(signature)}\` | ${cell(oneLine(fallback))} | ${cell(oneLine(meaning))} |`;
}

/** The markdown table of an options interface's properties. */
export function optionTable(options: AdapterOptions, name: string): string {
  const properties = options.bags.get(name);
  if (!properties) throw new Error(`no exported options interface ${name} in the adapters`);
  return [
    '| Option | Type | Default | Meaning |',
    '| --- | --- | --- | --- |',
    // Required options first, each group in the order of the code.
    ...[...properties]
      .sort((a, b) => Number(isOptional(a)) - Number(isOptional(b)))
      .map((p) => row(options.checker, p)),
  ].join('\n');
}

/**
 * A markdown text with its tables' cell padding removed (`| a   | b |` → `| a | b |`), to compare a table as written with
 * one Biome has aligned.
 */
export function unpadded(markdown: string): string {
  return markdown
    .split('\n')
    .map((line) => (line.startsWith('|') ? line.replace(/ {2,}/g, ' ').replace(/-{3,}/g, '---') : line))
    .join('\n');
}

/** `markdown` with each `<!-- options: Name -->` … `<!-- /options -->` block holding Name's current table. */
export function withOptionTables(markdown: string, options: AdapterOptions): string {
  return markdown.replace(
    /(<!-- options: (\w+) -->\n)[\s\S]*?(<!-- \/options -->)/g,
    (_, open: string, name: string, close: string) => `${open}\n${optionTable(options, name)}\n\n${close}`,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const options = readAdapterOptions();
  for (const [readme, names] of Object.entries(readmeTables)) {
    const path = join(root, readme);
    const before = readFileSync(path, 'utf8');
    const missing = names.filter((name) => !before.includes(`<!-- options: ${name} -->`));
    if (missing.length > 0)
      throw new Error(`${readme} has no <!-- options: ${missing.join(' -->, ')} --> block`);
    const after = withOptionTables(before, options);
    const changed = unpadded(after) !== unpadded(before);
    if (changed) {
      writeFileSync(path, after);
      // Biome formats markdown too: align the new tables as `npx biome check` expects them.
      execFileSync(join(root, 'node_modules', '.bin', 'biome'), ['format', '--write', path], {
        stdio: 'ignore',
      });
    }
    console.log(`${readme}: ${changed ? 'updated' : 'up to date'}`);
  }
}

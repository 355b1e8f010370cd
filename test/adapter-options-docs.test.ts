// The bot adapters' options are documented for the API reference (docs/api, `npm run docs:api`): every optional option
// of @limbic/telegram, @limbic/discord and @limbic/bot-kit carries a `@defaultValue` tag (what applies when it is left
// out, or what leaving it out means), and where the code fills in a literal default for an option, the tag states
// that same value.
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const adapters = ['adapters/kit', 'adapters/telegram', 'adapters/discord'];
const entries = adapters.map((dir) => {
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
const inAdapters = (node: ts.Node) =>
  adapters.some((dir) => relative(root, node.getSourceFile().fileName).startsWith(`${dir}/`));

/** The `@defaultValue` text of a property (backticks dropped), or undefined without the tag. */
function defaultValueOf(property: ts.Symbol): string | undefined {
  const tag = property.getJsDocTags(checker).find((t) => t.name === 'defaultValue');
  if (!tag) return undefined;
  return ts.displayPartsToString(tag.text).replace(/`/g, '').trim();
}

/** The exported option bags of the adapters (`…Options`, and the policies options hold), with their properties. */
function optionTypes(): { name: string; properties: ts.Symbol[] }[] {
  const found = new Map<string, ts.Symbol[]>();
  for (const entry of entries) {
    const module = checker.getSymbolAtLocation(program.getSourceFile(entry)!)!;
    for (const exported of checker.getExportsOfModule(module)) {
      if (!/(Options|Policy)$/.test(exported.name)) continue;
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      if (!(symbol.flags & ts.SymbolFlags.Interface)) continue;
      const properties = checker
        .getPropertiesOfType(checker.getDeclaredTypeOfSymbol(symbol))
        .filter((p) => p.declarations?.some(inAdapters));
      found.set(exported.name, properties);
    }
  }
  return [...found].map(([name, properties]) => ({ name, properties }));
}

/**
 * The literal defaults the adapters' code fills in for options (`TelegramLimbicOptions.command`):
 * `const { name = literal } = options` and `options.name ?? literal`, where `options` is a parameter typed with an
 * exported option bag.
 */
function literalDefaults(bags: Set<string>): { option: string; value: string; where: string }[] {
  const found: { option: string; value: string; where: string }[] = [];
  const isLiteral = (node: ts.Expression) =>
    ts.isStringLiteral(node) ||
    ts.isNumericLiteral(node) ||
    node.kind === ts.SyntaxKind.TrueKeyword ||
    node.kind === ts.SyntaxKind.FalseKeyword;
  /** The option bag a parameter is typed with (`options: TelegramLimbicOptions`), or undefined. */
  const bagOf = (node: ts.Expression) => {
    const declaration = checker.getSymbolAtLocation(node)?.valueDeclaration;
    if (!declaration || !ts.isParameter(declaration) || !declaration.type) return undefined;
    const bag = declaration.type.getText().replace(/<.*$/, '');
    return bags.has(bag) ? bag : undefined;
  };
  for (const source of program.getSourceFiles()) {
    if (!inAdapters(source) || source.fileName.endsWith('.test.ts')) continue;
    const where = (node: ts.Node) =>
      `${relative(root, source.fileName)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const visit = (node: ts.Node): void => {
      if (ts.isVariableDeclaration(node) && node.initializer && ts.isObjectBindingPattern(node.name)) {
        const bag = bagOf(node.initializer);
        if (bag) {
          for (const element of node.name.elements) {
            const option = `${bag}.${(element.propertyName ?? element.name).getText()}`;
            if (element.initializer && isLiteral(element.initializer))
              found.push({ option, value: element.initializer.getText(), where: where(element) });
          }
        }
      }
      if (
        ts.isBinaryExpression(node) &&
        node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken &&
        ts.isPropertyAccessExpression(node.left) &&
        bagOf(node.left.expression) &&
        isLiteral(node.right)
      ) {
        const option = `${bagOf(node.left.expression)}.${node.left.name.text}`;
        found.push({ option, value: node.right.getText(), where: where(node) });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

describe('the adapter options in the API reference', () => {
  const types = optionTypes();

  it('finds the option bags of the three adapters', () => {
    const names = types.map((t) => t.name);
    for (const name of ['TelegramLimbicOptions', 'DiscordLimbicOptions', 'LimbicRuntimeOptions', 'BotPolicy'])
      expect(names).toContain(name);
  });

  it('gives every optional option a @defaultValue', () => {
    const undocumented = types.flatMap(({ name, properties }) =>
      properties
        .filter((p) => p.flags & ts.SymbolFlags.Optional && defaultValueOf(p) === undefined)
        .map((p) => `${name}.${p.name}`),
    );
    expect(undocumented).toEqual([]);
  });

  it('states the literal default the code applies', () => {
    const bags = new Set(types.map((t) => t.name));
    const documented = new Map(
      types.flatMap(({ name, properties }) =>
        properties.map((p) => [`${name}.${p.name}`, defaultValueOf(p)]),
      ),
    );
    const defaults = literalDefaults(bags);
    expect(defaults.length).toBeGreaterThan(5);
    const wrong = defaults
      .filter(({ option, value }) => !documented.get(option)?.startsWith(value))
      .map(({ option, value, where }) => `${where} ${option} = ${value}`);
    expect(wrong).toEqual([]);
  });
});

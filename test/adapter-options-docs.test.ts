// The bot adapters' options are documented for the API reference (docs/api, `npm run docs:api`): every optional option
// of @limbic/telegram, @limbic/discord and @limbic/bot-kit carries a `@defaultValue` tag (what applies when it is left
// out, or what leaving it out means), and where the code fills in a literal default for an option, the tag states
// that same value.
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import {
  defaultValueOf,
  isInAdapters,
  readAdapterOptions,
  readmeTables,
  unpadded,
  withOptionTables,
} from '../scripts/option-tables.js';

const root = resolve(import.meta.dirname, '..');
const options = readAdapterOptions();
const { program, checker } = options;
const types = [...options.bags].map(([name, properties]) => ({ name, properties }));
/** The `@defaultValue` text without backticks. */
const documentedDefault = (p: ts.Symbol) => defaultValueOf(checker, p)?.replace(/`/g, '');

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
    if (!isInAdapters(source) || source.fileName.endsWith('.test.ts')) continue;
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

describe('the adapter options in the API reference and the READMEs', () => {
  it('finds the option bags of the three adapters', () => {
    const names = types.map((t) => t.name);
    for (const name of ['TelegramLimbicOptions', 'DiscordLimbicOptions', 'LimbicRuntimeOptions', 'BotPolicy'])
      expect(names).toContain(name);
  });

  it('gives every optional option a @defaultValue', () => {
    const undocumented = types.flatMap(({ name, properties }) =>
      properties
        .filter((p) => p.flags & ts.SymbolFlags.Optional && documentedDefault(p) === undefined)
        .map((p) => `${name}.${p.name}`),
    );
    expect(undocumented).toEqual([]);
  });

  it('states the literal default the code applies', () => {
    const bags = new Set(types.map((t) => t.name));
    const documented = new Map(
      types.flatMap(({ name, properties }) =>
        properties.map((p) => [`${name}.${p.name}`, documentedDefault(p)]),
      ),
    );
    const defaults = literalDefaults(bags);
    expect(defaults.length).toBeGreaterThan(5);
    const wrong = defaults
      .filter(({ option, value }) => !documented.get(option)?.startsWith(value))
      .map(({ option, value, where }) => `${where} ${option} = ${value}`);
    expect(wrong).toEqual([]);
  });

  it('shows the current options tables in the adapter READMEs (npm run docs:options rewrites them)', () => {
    for (const [readme, names] of Object.entries(readmeTables)) {
      const text = readFileSync(join(root, readme), 'utf8');
      for (const name of names) expect(text, readme).toContain(`<!-- options: ${name} -->`);
      const current = unpadded(withOptionTables(text, options));
      expect(current, `${readme} is out of date: npm run docs:options`).toBe(unpadded(text));
    }
  });
});

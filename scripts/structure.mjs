#!/usr/bin/env node
// The repository's structure rules, checked in CI (`npm run structure`, part of `npm test`):
//  1. no source file over 300 lines, outside generated data, locale tables and tests;
//  2. no import circle between modules of the repository (type-only imports count too: a circle of types is still a
//     circle a reader has to untangle).
// Prints every violation with its file and rule, and exits 1 if there is any. `--list` prints the longest files.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** The most lines a hand-written source file may have. */
const maxLines = 300;
/** Folders that hold the repository's code (workspaces and their tooling). */
const codeRoots = [
  'core',
  'protocol',
  'store',
  'gateway',
  'client',
  'dashboard',
  'adapters',
  'examples',
  'test',
];
const skipDirs = new Set(['node_modules', 'dist', 'test-results', 'public', '.git']);
/** Files exempt from the size rule, with the reason (generated data and locale tables). */
const sizeExempt = [
  [/^core\/src\/reader\/(reader|event)-model\.ts$/, 'generated weights'],
  [/^core\/src\/labels\/appraisal-model\.ts$/, 'generated calibration'],
  [/^core\/src\/prompt\/locales\/[a-z]{2}\.ts$/, 'locale table'],
  [/^gateway\/schema\.graphql$/, 'generated schema'],
];
const isTest = (file) => /\.test\.tsx?$/.test(file) || /(^|\/)test\//.test(file);

function walk(dir, out) {
  for (const name of readdirSync(dir)) {
    if (skipDirs.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (/\.(ts|tsx|mjs|js)$/.test(name) && !name.endsWith('.d.ts')) out.push(relative(root, path));
  }
  return out;
}

const files = codeRoots.flatMap((dir) => walk(join(root, dir), []));
const sources = new Map(files.map((file) => [file, readFileSync(join(root, file), 'utf8')]));
const lineCount = (text) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

if (process.argv.includes('--list')) {
  const rows = [...sources].map(([file, text]) => [lineCount(text), file]).sort((a, b) => b[0] - a[0]);
  for (const [lines, file] of rows.slice(0, 40)) console.log(String(lines).padStart(6), file);
  process.exit(0);
}

const problems = [];
for (const [file, text] of sources) {
  if (isTest(file) || sizeExempt.some(([pattern]) => pattern.test(file))) continue;
  const lines = lineCount(text);
  if (lines > maxLines)
    problems.push(`${file}: ${lines} lines; the rule is at most ${maxLines} per source file`);
}

// The import graph: relative specifiers only (a package import crosses a workspace boundary, whose direction the
// package.json dependencies already fix). `./x.js` resolves to `./x.ts` as TypeScript's NodeNext does.
const importPattern =
  /(?:^|\n)\s*(?:import|export)\b[^'"`;]*?\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;
function resolveImport(from, specifier) {
  const base = join(dirname(from), specifier);
  const candidates = [
    base,
    base.replace(/\.js$/, '.ts'),
    base.replace(/\.js$/, '.tsx'),
    `${base}.ts`,
    join(base, 'index.ts'),
  ];
  return candidates.find((candidate) => sources.has(candidate));
}
const graph = new Map();
for (const [file, text] of sources) {
  const targets = new Set();
  for (const match of text.matchAll(importPattern)) {
    const target = resolveImport(file, match[1] ?? match[2]);
    if (target && target !== file) targets.add(target);
  }
  graph.set(file, [...targets].sort());
}

// Tarjan's strongly connected components: every component of more than one file is a circle.
let index = 0;
const indexOf = new Map();
const lowOf = new Map();
const stack = [];
const onStack = new Set();
const circles = [];
function connect(file) {
  indexOf.set(file, index);
  lowOf.set(file, index);
  index += 1;
  stack.push(file);
  onStack.add(file);
  for (const next of graph.get(file)) {
    if (!indexOf.has(next)) {
      connect(next);
      lowOf.set(file, Math.min(lowOf.get(file), lowOf.get(next)));
    } else if (onStack.has(next)) lowOf.set(file, Math.min(lowOf.get(file), indexOf.get(next)));
  }
  if (lowOf.get(file) === indexOf.get(file)) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1) circles.push(component.sort());
  }
}
for (const file of [...graph.keys()].sort()) if (!indexOf.has(file)) connect(file);
for (const circle of circles)
  problems.push(`import circle between ${circle.length} files: ${circle.join(' → ')}`);

if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  console.error(`structure: ${problems.length} problem(s)`);
  process.exit(1);
}
console.log(`structure: ${sources.size} files, none over ${maxLines} lines, no import circles`);

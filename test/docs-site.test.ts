// The docs site (`npm run docs`): it builds from docs/ with the API reference generated into docs/api/, every internal
// link of a page leads to a page of the site (and to a heading or anchor of it when the link names one) or to a file
// of the repository, every page is in the sidebar, and every `import … from '@limbic/…'` in a code sample names
// exports the package really has.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiEntryPoints,
  apiLeftOut,
  apiPackageDirs,
  apiPagePath,
} from '../docs/.vitepress/api-entry-points.mjs';
import { repositoryPath, sidebar } from '../docs/.vitepress/config.mjs';
import { codeBlocks, markdownLinks, sampleImports } from './docs-markdown.js';
import { publishedPackageNames } from './outside-project.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const docs = join(root, 'docs');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name.startsWith('.') || name === 'node_modules') return [];
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith('.md') ? [posix.normalize(relative(docs, path).split('\\').join('/'))] : [];
  });
}
/** The pages of docs/, read once the API reference is generated. */
let pages: string[] = [];

let out: string;
beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), 'limbic-docs-'));
  // What `npm run docs` runs: the API reference (`docs:api`), then the site.
  await promisify(execFile)(process.execPath, ['scripts/api-reference.mjs'], { cwd: root, timeout: 120_000 });
  pages = markdownFiles(docs);
  const vitepress = join(root, 'node_modules', '.bin', 'vitepress');
  await promisify(execFile)(vitepress, ['build', 'docs', '--outDir', out], { cwd: root, timeout: 150_000 });
}, 300_000);
afterAll(() => {
  if (out) rmSync(out, { recursive: true, force: true });
});

/** The built HTML of a page (`guide/hosting.md` → `guide/hosting.html`, `index.md` → `index.html`). */
const html = (page: string) => readFileSync(join(out, page.replace(/\.md$/, '.html')), 'utf8');
/**
 * The anchors of a built page: VitePress writes each heading's slug as its id; the API reference also anchors each
 * property (`<a id="property-command">`).
 */
const anchors = (page: string) =>
  new Set([...html(page).matchAll(/<(?:h[1-6]|a)[^>]*\sid="([^"]+)"/g)].map((m) => m[1]));

/** The page a site link names (`./storage.md`, `../deployment`, `/guide/faq`), or undefined if it is not a page. */
function targetPage(from: string, path: string): string | undefined {
  const joined = path.startsWith('/') ? path.slice(1) : posix.join(posix.dirname(from), path);
  const base = posix.normalize(joined).replace(/\.(md|html)$/, '');
  for (const candidate of [`${base}.md`, posix.join(base, 'index.md')]) {
    if (pages.includes(candidate)) return candidate;
  }
  return undefined;
}

describe('the docs site', () => {
  it('builds every page of docs/', () => {
    for (const page of pages) expect(existsSync(join(out, page.replace(/\.md$/, '.html'))), page).toBe(true);
  });

  it('has an API reference page for every public entry point, in the sidebar', () => {
    const linked = new Set(sidebar.flatMap((group) => group.items.map((item) => item.link)));
    for (const specifier of apiEntryPoints) {
      expect(pages, specifier).toContain(`${apiPagePath(specifier).slice(1)}.md`);
      expect(linked.has(apiPagePath(specifier)), specifier).toBe(true);
      const title = /<h1[^>]*>([^<]*)/.exec(html(`${apiPagePath(specifier).slice(1)}.md`))?.[1];
      expect(title?.trim(), specifier).toBe(specifier);
    }
    // One page per entry point and the index: a reference to read, not a page per symbol.
    expect(pages.filter((page) => page.startsWith('api/')).sort()).toEqual(
      ['api/index.md', ...apiEntryPoints.map((specifier) => `${apiPagePath(specifier).slice(1)}.md`)].sort(),
    );
  });

  it('documents every export of the public packages, or says why not', () => {
    // Every package npm would publish is in the reference.
    const documented = apiPackageDirs.map(
      (dir) => JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')).name as string,
    );
    expect(documented.sort()).toEqual(publishedPackageNames().sort());
    const exported = apiPackageDirs.flatMap((dir) => {
      const manifest = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
      return Object.keys(manifest.exports as Record<string, unknown>).map((subpath) =>
        subpath === '.' ? manifest.name : `${manifest.name}/${subpath.slice(2)}`,
      );
    });
    const covered = new Set([...apiEntryPoints, ...Object.keys(apiLeftOut)]);
    expect(exported.filter((specifier) => !covered.has(specifier))).toEqual([]);
    expect([...covered].filter((specifier) => !exported.includes(specifier))).toEqual([]);
  });

  it("shows the adapters' options with their types and defaults", () => {
    const options = {
      '@limbic/telegram': ['TelegramLimbicOptions', 'registerCommands?', "<code>'advised'</code>"],
      '@limbic/discord': [
        'DiscordLimbicOptions',
        'directMessages?',
        "<code>console.error('limbic:', error)</code>",
      ],
      '@limbic/bot-kit': ['LimbicRuntimeOptions', 'linkCodeTtlMs?', '<code>600_000</code> (10 minutes)'],
    };
    for (const [specifier, texts] of Object.entries(options)) {
      const page = html(`${apiPagePath(specifier).slice(1)}.md`).replace(/&#39;/g, "'");
      expect(page, specifier).toContain('Default value');
      for (const text of texts) expect(page, `${specifier}: ${text}`).toContain(text);
    }
  });

  it('places every page in the sidebar, and every sidebar link names a page', () => {
    const linked = sidebar.flatMap((group) => group.items.map((item) => item.link));
    for (const link of linked) expect(targetPage('index.md', link), link).toBeDefined();
    const listed = new Set(linked.map((link) => targetPage('index.md', link)));
    const missing = pages.filter((page) => page !== 'index.md' && !listed.has(page));
    expect(missing, 'pages missing from the sidebar in docs/.vitepress/config.mts').toEqual([]);
  });

  it('resolves every internal link to a page and heading of the site, or to a file of the repository', () => {
    const broken: string[] = [];
    for (const page of pages) {
      for (const { href, line } of markdownLinks(readFileSync(join(docs, page), 'utf8'))) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(href)) continue; // https:, mailto:
        const [path = '', anchor] = href.split('#');
        const where = `${page}:${line} ${href}`;
        // Files of docs/public/ (images) are served at the site's root.
        if (path.startsWith('/') && existsSync(join(docs, 'public', decodeURIComponent(path)))) continue;
        const file = repositoryPath(page, path);
        if (file !== undefined) {
          if (!existsSync(join(root, decodeURIComponent(file)))) broken.push(`${where}: no file ${file}`);
          continue;
        }
        const target = path === '' ? page : targetPage(page, decodeURIComponent(path));
        if (target === undefined) broken.push(`${where}: no such page`);
        else if (anchor && !anchors(target).has(decodeURIComponent(anchor)))
          broken.push(`${where}: no heading #${anchor} in ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('resolves every link the built pages carry (navigation, sidebar, rewritten links)', () => {
    const broken: string[] = [];
    for (const page of pages) {
      for (const [, href = ''] of html(page).matchAll(/<a[^>]*\shref="(\/[^"#?]*)(?:#[^"]*)?"/g)) {
        if (href === '/' || href.startsWith('/assets/')) continue;
        if (targetPage('index.md', href) === undefined) broken.push(`${page}: ${href}`);
      }
    }
    expect(broken).toEqual([]);
  });
});

/** The names a module exports (values and types), through TypeScript, which follows `export *` and re-exports. */
function exportsOf(program: ts.Program, file: string): Set<string> {
  const source = program.getSourceFile(file);
  const symbol = source && program.getTypeChecker().getSymbolAtLocation(source);
  if (!symbol) throw new Error(`cannot read the exports of ${file}`);
  return new Set(
    program
      .getTypeChecker()
      .getExportsOfModule(symbol)
      .map((s) => s.name),
  );
}

/** The source file a workspace package's specifier names (`@limbic/core/testing` → core/src/testing.ts). */
function sourceEntry(specifier: string): string | undefined {
  const [scope = '', name = '', ...rest] = specifier.split('/');
  const workspaces = [
    'core',
    'protocol',
    'store',
    'gateway',
    'client',
    ...readdirSync(join(root, 'adapters')),
  ]
    .map((dir) => (existsSync(join(root, dir, 'package.json')) ? dir : join('adapters', dir)))
    .filter((dir) => existsSync(join(root, dir, 'package.json')));
  for (const dir of workspaces) {
    const manifest = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
    if (manifest.name !== `${scope}/${name}`) continue;
    const entry = manifest.exports?.[rest.length ? `./${rest.join('/')}` : '.']?.['@limbic/source'];
    return entry ? join(root, dir, entry) : undefined;
  }
  return undefined;
}

describe('code samples of the docs', () => {
  it("import only names the @limbic packages export (read from each package's entry)", () => {
    const samples = pages.flatMap((page) =>
      codeBlocks(readFileSync(join(docs, page), 'utf8')).flatMap((block) =>
        sampleImports(block.code).map((sample) => ({ ...sample, where: `${page}:${block.line}` })),
      ),
    );
    expect(samples.length).toBeGreaterThan(0);
    const entries = [...new Set(samples.map((s) => s.specifier))].map(
      (spec) => [spec, sourceEntry(spec)] as const,
    );
    const unknown = entries.filter(([, file]) => file === undefined).map(([spec]) => spec);
    expect(unknown, 'specifiers that name no package entry').toEqual([]);
    const program = ts.createProgram(
      entries.map(([, file]) => file!),
      {
        module: ts.ModuleKind.NodeNext,
        moduleResolution: ts.ModuleResolutionKind.NodeNext,
        customConditions: ['@limbic/source'],
        noEmit: true,
        skipLibCheck: true,
      },
    );
    const exported = new Map(entries.map(([spec, file]) => [spec, exportsOf(program, file!)]));
    const missing = samples.flatMap((s) =>
      s.names
        .filter((name) => !exported.get(s.specifier)!.has(name))
        .map((n) => `${s.where} ${s.specifier}: ${n}`),
    );
    expect(missing).toEqual([]);
  });
});

import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const tsc = require.resolve('typescript/bin/tsc');
const vite = join(dirname(require.resolve('vite/package.json')), 'bin/vite.js');
const dashboard = resolve(import.meta.dirname, '..');

/** Runs a Node script, resolving with its exit code and output instead of throwing. */
async function run(args: string[]): Promise<{ code: number; output: string }> {
  return promisify(execFile)(process.execPath, args, { cwd: dashboard }).then(
    ({ stdout }) => ({ code: 0, output: stdout }),
    (error: { code?: number; stdout?: string; stderr?: string }) => ({
      code: error.code ?? 1,
      output: `${error.stdout ?? ''}${error.stderr ?? ''}`,
    }),
  );
}

describe('dashboard', () => {
  const outDirs: string[] = [];
  afterAll(() => Promise.all(outDirs.map((dir) => rm(dir, { recursive: true, force: true }))));

  it('typechecks (strict, DOM and Preact JSX)', async () => {
    const result = await run([tsc, '-p', 'tsconfig.json']);
    expect(result.output).toBe('');
    expect(result.code).toBe(0);
  }, 120_000);

  it('builds for /dashboard/ into a small bundle', async () => {
    const outDir = await mkdtemp(join(tmpdir(), 'limbic-dashboard-'));
    outDirs.push(outDir);
    const result = await run([vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error']);
    expect(result.output).toBe('');
    expect(result.code).toBe(0);

    const html = await readFile(join(outDir, 'index.html'), 'utf8');
    expect(html).toMatch(/<script type="module" crossorigin src="\/dashboard\/assets\/index-[\w-]+\.js">/);
    expect(html).toMatch(/href="\/dashboard\/assets\/index-[\w-]+\.css"/);

    const assets = await readdir(join(outDir, 'assets'));
    let gzipped = 0;
    for (const file of assets) gzipped += gzipSync(await readFile(join(outDir, 'assets', file))).length;
    // Preact, graphql-ws and the app come to about 27 KB gzipped; the budget leaves room to grow, not to bloat.
    expect(gzipped).toBeLessThan(40_000);
  }, 120_000);
});

import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// scripts/build-progress.mjs, which `npm start` runs before the gateway: a real tsc -b on a small project.
const script = resolve(import.meta.dirname, '../scripts/build-progress.mjs');
let dir: string;

function run(): Promise<{ code: number; out: string }> {
  return new Promise((done) => {
    execFile(process.execPath, [script, dir], (error, stdout, stderr) =>
      done({ code: error ? Number(error.code ?? 1) : 0, out: stdout + stderr }),
    );
  });
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'limbic-build-progress-'));
  const options = { composite: true, outDir: 'dist', rootDir: 'src', strict: true, module: 'nodenext' };
  await writeFile(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: options, include: ['src'] }));
  await writeFile(join(dir, 'package.json'), '{"type":"module"}');
  await mkdir(join(dir, 'src'));
  await writeFile(join(dir, 'src/a.ts'), 'export const a: number = 1;\n');
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('build progress', () => {
  it('says what it compiles on a first build, nothing when up to date, and passes errors through', async () => {
    const first = await run();
    expect(first.code).toBe(0);
    expect(first.out).toMatch(/^Compiling the gateway and the packages it uses/);
    expect(first.out).toMatch(/ {2}compiling \S+ \(at \d+ s\)/);
    expect(first.out).toMatch(/Compiled 1 package in \d+ s\./);
    expect(first.out).not.toMatch(/is out of date|Projects in this build/);

    const again = await run();
    expect(again).toEqual({ code: 0, out: '' });

    await writeFile(join(dir, 'src/a.ts'), 'export const a: number = "one";\n');
    const broken = await run();
    expect(broken.code).not.toBe(0);
    expect(broken.out).toMatch(/error TS2322/);
    expect(broken.out).not.toMatch(/Compiled/);
  }, 60_000);
});

/**
 * Vitest global setup: compiles every package to `dist/` (`tsc -b`, incremental: about a second when nothing
 * changed) before any test runs, once for all workers. Tests that start the gateway as a process run
 * `gateway/dist/main.js`, as production does, and the packaging test packs these builds.
 * @module
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { promisify } from 'node:util';

const root = resolve(import.meta.dirname, '..');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

/** Builds the packages; a failed build fails the run with the compiler's output. */
export async function setup(): Promise<void> {
  await promisify(execFile)(process.execPath, [tsc, '-b'], { cwd: root }).catch(
    (error: { stdout?: string; stderr?: string }) => {
      throw new Error(`npm run build failed:\n${error.stdout ?? ''}${error.stderr ?? ''}`);
    },
  );
}

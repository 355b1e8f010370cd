import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

describe('examples', () => {
  it('typecheck (strict), as a user copying them would compile them', async () => {
    const result = await promisify(execFile)(
      process.execPath,
      [tsc, '-p', resolve(import.meta.dirname, 'tsconfig.json')],
      {
        cwd: resolve(import.meta.dirname, '..'),
      },
    ).then(
      () => ({ code: 0, output: '' }),
      (error: { code?: number; stdout?: string }) => ({ code: error.code ?? 1, output: error.stdout ?? '' }),
    );
    expect(result.output).toBe('');
    expect(result.code).toBe(0);
  }, 120_000);
});

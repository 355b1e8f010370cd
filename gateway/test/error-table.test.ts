/**
 * The error table (@limbic/protocol's `errorTable`) is the only source of the HTTP status of an error answer (issue
 * 22): gateway code names a code and takes its status from the table (`statusOf`, `rejectUpgrade`, `toErrorBody`),
 * never writes a 4xx or 5xx number itself. Comparisons with the statuses other libraries report (Fastify's
 * `statusCode`, Yoga's) read them, and are allowed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = join(import.meta.dirname, '..', 'src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Ways of writing an error status as a number. */
const written = [
  /\bstatus: [45]\d\d\b/,
  /\.(status|code)\([45]\d\d\)/,
  /writeHead\([45]\d\d\b/,
  /rejectUpgrade\([^,]+, [45]\d\d\b/,
  /endSocketWithJson\([^,]+, [45]\d\d\b/,
];

describe('the error table is the only source of error statuses', () => {
  it('no gateway source writes a 4xx or 5xx status as a number', () => {
    const found: string[] = [];
    for (const file of sources(src)) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (written.some((pattern) => pattern.test(line))) {
            found.push(`${relative(src, file)}:${i + 1}: ${line.trim()}`);
          }
        });
    }
    expect(found).toEqual([]);
  });

  it('would notice one', () => {
    expect(written.some((pattern) => pattern.test('reply.status(404).send(body);'))).toBe(true);
    expect(written.some((pattern) => pattern.test("{ code: 'RATE_LIMIT', status: 429, message }"))).toBe(
      true,
    );
    expect(written.some((pattern) => pattern.test('if (e.statusCode === 413) return'))).toBe(false);
  });
});

import type { z } from 'zod';
import { toValidationError, type ValidationIssue } from '../errors.js';

/** The result of validating untrusted input: the typed value, or every issue found. */
export type Validated<T> = { ok: true; value: T } | { ok: false; issues: ValidationIssue[] };

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : String(value);
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  return typeof value === 'object' ? 'an object' : typeof value;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current = input;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

function joinPath(prefix: string, path: readonly PropertyKey[]): string {
  const parts = prefix ? [prefix] : [];
  for (const key of path) parts.push(typeof key === 'number' ? `[${key}]` : String(key));
  return parts.join('.').replaceAll('.[', '[');
}

/** Turns zod issues into Limbic issues whose messages name the rule and the offending value. */
export function toIssues(error: z.core.$ZodError, input: unknown, prefix = ''): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        issues.push({ path: joinPath(prefix, [...issue.path, key]), message: 'is not a known field' });
      }
      continue;
    }
    const got = valueAt(input, issue.path);
    issues.push({ path: joinPath(prefix, issue.path), message: `${issue.message} (got ${describe(got)})` });
  }
  return issues;
}

/** Runs a zod schema and returns {@link Validated} instead of throwing. */
export function validateWith<T>(schema: z.ZodType<T>, input: unknown, prefix = ''): Validated<T> {
  const parsed = schema.safeParse(input);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, issues: toIssues(parsed.error, input, prefix) };
}

/** Runs a zod schema and throws a VALIDATION_ERROR listing every issue when the input is invalid. */
export function parseWith<T>(schema: z.ZodType<T>, input: unknown, subject: string, prefix = ''): T {
  const result = validateWith(schema, input, prefix);
  if (!result.ok) throw toValidationError(subject, result.issues);
  return result.value;
}

/** A zod number within `[min, max]` whose messages state the rule. */
export function rangeMessage(min: number, max: number): string {
  return `must be a number in [${min}, ${max}]`;
}

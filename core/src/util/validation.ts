import type { z } from 'zod';
import { toValidationError, type ValidationIssue } from '../errors.js';
import { suggestName } from './suggest.js';

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

/** A zod schema's definition, as far as {@link knownKeysAt} walks it (zod v4's `_zod.def`). */
interface SchemaDef {
  type: string;
  shape?: Record<string, { _zod: { def: SchemaDef } }>;
  innerType?: { _zod: { def: SchemaDef } };
  in?: { _zod: { def: SchemaDef } };
  element?: { _zod: { def: SchemaDef } };
  valueType?: { _zod: { def: SchemaDef } };
}

const wrappers = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

function unwrap(def: SchemaDef | undefined): SchemaDef | undefined {
  let current = def;
  for (let depth = 0; current && depth < 16; depth++) {
    if (wrappers.has(current.type) && current.innerType) current = current.innerType._zod.def;
    else if (current.type === 'pipe' && current.in) current = current.in._zod.def;
    else break;
  }
  return current;
}

/** The field names the object at `path` of a schema accepts, when the schema says (for "did you mean" hints). */
function knownKeysAt(schema: z.ZodType | undefined, path: readonly PropertyKey[]): string[] | undefined {
  let def = unwrap((schema as unknown as { _zod?: { def: SchemaDef } } | undefined)?._zod?.def);
  for (const key of path) {
    if (def?.type === 'object' && def.shape) def = def.shape[String(key)]?._zod.def;
    else if (def?.type === 'array' && def.element) def = def.element._zod.def;
    else if (def?.type === 'record' && def.valueType) def = def.valueType._zod.def;
    else return undefined;
    def = unwrap(def);
  }
  return def?.type === 'object' && def.shape ? Object.keys(def.shape) : undefined;
}

/**
 * Turns zod issues into Limbic issues whose messages name the rule and the offending value. Given the schema, an
 * unknown field's issue says which known field it most likely meant (`elapsed_seconds` → `elapsedSeconds`).
 */
export function toIssues(
  error: z.core.$ZodError,
  input: unknown,
  prefix = '',
  schema?: z.ZodType,
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      const known = knownKeysAt(schema, issue.path);
      for (const key of issue.keys) {
        const near = known ? suggestName(key, known) : undefined;
        const message = near ? `is not a known field (did you mean ${near}?)` : 'is not a known field';
        issues.push({ path: joinPath(prefix, [...issue.path, key]), message });
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
    : { ok: false, issues: toIssues(parsed.error, input, prefix, schema) };
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

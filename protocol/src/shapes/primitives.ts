import { z } from 'zod';

// The building blocks of the wire's schemas. Every object is strict (`additionalProperties: false` in JSON Schema),
// so the documented shape and the real answers cannot drift apart without the response-schema tests failing.

/** A number in [0, 1]. */
export const unit = z.number().min(0).max(1);
/** A number in [-1, 1]. */
export const signed = z.number().min(-1).max(1);
/** A number in [min, max]. */
export const range = (min: number, max: number) => z.number().min(min).max(max);
/** A whole number ≥ 0 (a count). */
export const count = z.int().min(0);
/** A whole-number percentage in [0, 100]. */
export const percentage = z.int().min(0).max(100);
/** An ISO 8601 UTC time, as `Date.prototype.toISOString` writes it. */
export const dateTime = z.iso.datetime();
/** One of `values`. */
export const oneOf = <const T extends readonly string[]>(values: T) => z.enum(values);
/** A string or null. */
export const nullableString = z.string().nullable();

/** A strict object with one field per key of `keys`, each of the schema `value`. */
export function objectOf<const K extends string, S extends z.ZodType>(keys: readonly K[], value: S) {
  return z.strictObject(Object.fromEntries(keys.map((key) => [key, value])) as Record<K, S>);
}

import { z } from 'zod';

/** A JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1). */
export type JsonSchema = { [keyword: string]: unknown };

/** Where a component's schema lives in an OpenAPI or AsyncAPI document. */
export const componentsPrefix = '#/components/schemas/';

/** A reference to the component schema `name`. */
export const ref = (name: string): JsonSchema => ({ $ref: `${componentsPrefix}${name}` });

const safeInteger = Number.MAX_SAFE_INTEGER;

/**
 * Tidies zod's output for API documents: no `$schema`/`$id` per component, no regular expression beside
 * `format: date-time` (the format says it, generators choke on the pattern), and no ±2^53 bounds zod adds to
 * every integer.
 */
function tidy(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(tidy);
  if (node === null || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    // A string is the keyword; an object is a property of that name (the snapshot's own `$schema` field).
    if ((key === '$schema' || key === '$id') && typeof value === 'string') continue;
    if (key === 'pattern' && (node as JsonSchema).format === 'date-time') continue;
    if ((key === 'maximum' && value === safeInteger) || (key === 'minimum' && value === -safeInteger))
      continue;
    out[key] = tidy(value);
  }
  return out;
}

/**
 * The JSON Schemas of named zod schemas: each becomes a component, and a schema used inside another becomes a
 * `$ref` to its component. `io` says which side of a transform to describe: `input` for request bodies, `output`
 * for answers.
 */
export function jsonSchemasOf(
  shapes: Readonly<Record<string, z.ZodType>>,
  io: 'input' | 'output',
): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(shapes)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, {
    io,
    unrepresentable: 'any',
    uri: (id) => `${componentsPrefix}${id}`,
  });
  return Object.fromEntries(Object.keys(shapes).map((id) => [id, tidy(schemas[id]) as JsonSchema]));
}
